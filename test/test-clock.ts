// A clock the test moves itself, for the clock commands run on (src/io/clock.ts): its time stands
// still until the test calls `advance`, which fires every timer that falls due on the way, in the
// order they fall due, and gives the event loop a turn after each so that what a timer set off
// (a socket closed, a promise resolved) can happen before the next. Nothing the machine does — a
// busy core, an event loop held up for a second — moves it: a test that waits on a command's time
// waits on this, and sees the same thing however loaded the machine is.
import type { Clock } from "../src/io/clock.ts";

interface Timer {
  at: number;
  /** Timers due at the same moment fire in the order they were set. */
  order: number;
  callback: () => void;
}

export class TestClock implements Clock {
  #now = 0;
  #order = 0;
  readonly #timers = new Set<Timer>();

  now(): number {
    return this.#now;
  }

  after(ms: number, callback: () => void): () => void {
    const timer = { at: this.#now + Math.max(0, ms), order: this.#order++, callback };
    this.#timers.add(timer);
    return () => void this.#timers.delete(timer);
  }

  /** Timers set and not yet fired nor cancelled. */
  get pending(): number {
    return this.#timers.size;
  }

  /** Moves time on by `ms`, firing each timer due by then at its own moment. */
  async advance(ms: number): Promise<void> {
    const end = this.#now + ms;
    for (let next = this.#due(end); next !== undefined; next = this.#due(end)) {
      this.#timers.delete(next);
      this.#now = Math.max(this.#now, next.at);
      next.callback();
      await turn();
    }
    this.#now = end;
    await turn();
  }

  /** Moves time on in steps of `stepMs` until `work` settles, and settles as it does: for what
   *  ends on serve's clock (a grace, a stall's time), however many timers it sets on the way.
   *  Before each step it waits for what is in flight besides the clock (a file being written, a
   *  module loading), as runAll does: on a loaded machine a write takes longer, but never longer
   *  in the clock's time. With no timer set, moving time changes nothing, so what is left (a
   *  socket closing after the grace cut it) is waited for as it comes, however slowly the machine
   *  delivers it. Fails once `limitMs` of this clock's time have passed without it settling. */
  async run<T>(work: Promise<T>, { stepMs = 50, limitMs = 120_000 } = {}): Promise<T> {
    let settled = false;
    const watched = work.finally(() => (settled = true));
    await turn();
    for (let moved = 0; !settled; ) {
      if (moved > limitMs) throw new Error(`not settled after ${limitMs} ms of the test's clock`);
      if (inFlight() > 0) await until(() => settled || inFlight() === 0, "a run on the test's clock waits on something besides the clock");
      else if (this.pending === 0) await until(() => settled || this.pending > 0 || inFlight() > 0, "with no timer left on the clock, the run never ends");
      else {
        await this.advance(stepMs);
        moved += stepMs;
      }
    }
    return watched;
  }

  /** Runs `work` to its end on this clock: each time the event loop has had a hundred turns in a
   *  row to do what it would do on its own, with nothing in flight but timers, and `work` has not
   *  ended, time moves straight on to the next timer. For a run that waits only on this clock (a
   *  fixture's timeout standing in for Ctrl-C, the slow tool): it ends as it would on the system's
   *  clock, with no time waited. What it waits on besides (a module it loads on demand) comes
   *  first, however long the machine takes, as it would long before a timeout on the system's
   *  clock; the hundred turns count from when it came, so what the run does next on the event loop
   *  alone (a stream paced one event a turn) comes first too. */
  async runAll<T>(work: Promise<T>): Promise<T> {
    let ended = false;
    const watched = work.finally(() => (ended = true));
    while (!ended) {
      await quiet();
      const next = this.#due(Number.POSITIVE_INFINITY);
      if (!ended && next) await this.advance(next.at - this.#now);
    }
    return watched;
  }

  #due(end: number): Timer | undefined {
    let first: Timer | undefined;
    for (const timer of this.#timers) {
      if (timer.at > end) continue;
      if (first === undefined || timer.at < first.at || (timer.at === first.at && timer.order < first.order)) first = timer;
    }
    return first;
  }
}

/** One turn of the event loop: what is ready to run (I/O callbacks, promise reactions) runs. */
export function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** How many turns of the event loop it takes for what was going to happen on its own to have
 *  happened: `settled` waits them out, and `runAll` waits for them in a row before moving time. */
const SETTLING_TURNS = 100;

/** Resolves after a hundred turns of the event loop: what was going to happen on its own by now
 *  has, so a test can say that something did not. */
export async function settled(): Promise<void> {
  for (let count = 0; count < SETTLING_TURNS; count++) await turn();
}

/** Resolves after a hundred turns of the event loop in a row with nothing in flight besides
 *  timers. A turn with something in flight waits for it and starts the count again: a module that
 *  arrived at the ninety-ninth turn may start work (a stream's events) that still needs turns. */
async function quiet(): Promise<void> {
  let quietTurns = 0;
  while (quietTurns < SETTLING_TURNS) {
    await turn();
    if (inFlight() === 0) quietTurns++;
    else {
      await until(() => inFlight() === 0, "a run on the test's clock waits on something besides the clock");
      quietTurns = 0;
    }
  }
}

/** How many answers the event loop is waiting for that are not timers: a request it has out (a
 *  file being read: `FSReqCallback`, `FSReqPromise`; a name being looked up: `GetAddrInfoReqWrap`)
 *  or a message from another thread (on Node 20 the TypeScript loader answers on a thread of its
 *  own, through a `MessagePort`). Handles that stay open without anything pending (the worker's
 *  own pipes, a listening server, an open socket) do not count. */
function inFlight(): number {
  return process.getActiveResourcesInfo().filter((resource) => awaitedAnswer.test(resource)).length;
}

const awaitedAnswer = /Req|^MessagePort$/;

/** Resolves once `holds()` is true, looking again every millisecond or so; fails after `looks`
 *  looks, which on a loaded machine only take longer, so it never fails sooner there. */
export async function until(holds: () => boolean, what: string, looks = 10_000): Promise<void> {
  for (let count = 0; !holds(); count++) {
    if (count >= looks) throw new Error(`${what}: still not so after ${looks} looks`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** Holds the event loop for `ms` of the machine's time, as a loaded machine or a long task does:
 *  nothing else in this process runs meanwhile. The thread sleeps rather than spins, so the wait
 *  costs the machine nothing. */
export function blockEventLoop(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
