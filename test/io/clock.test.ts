// The clock commands run on: the system's waits out a delay past Node's timer limit in steps (one
// timer of 2^31 ms or more would fire after 1 ms, with a warning); `sleep` on any clock ends when
// its time has passed, or at once when its signal aborts. The test's own clock shows the second,
// and moves no time while a run it drives waits on something else: a module still being loaded,
// a file being written, or, with no timer left to fire, the event loop alone; nor while the run
// is still busy on the event loop just after such a wait ended.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { sleep, systemClock } from "../../src/io/clock.ts";
import { TestClock, turn } from "../test-clock.ts";

test("the system clock never asks Node for a timer past its limit, and cancels what it set", () => {
  const asked: number[] = [];
  const real = globalThis.setTimeout;
  // Watched, not replaced in what it does: every timer still goes to Node.
  const watched = Object.assign((callback: () => void, ms?: number) => {
    asked.push(ms ?? 0);
    return real(callback, ms);
  }, real);
  globalThis.setTimeout = watched;
  let fired = false;
  try {
    const cancel = systemClock.after(99_999_999_999, () => (fired = true));
    cancel();
  } finally {
    globalThis.setTimeout = real;
  }
  assert.deepEqual(asked, [2 ** 31 - 1]);
  assert.equal(fired, false);
});

test("sleep resolves true once its time has passed on the clock, false at once when aborted", async () => {
  const clock = new TestClock();
  let slept: boolean | undefined;
  void sleep(clock, 300, undefined).then((done) => (slept = done));
  await clock.advance(299);
  assert.equal(slept, undefined);
  await clock.advance(1);
  assert.equal(slept, true);
  const abort = new AbortController();
  const cut = sleep(clock, 300, abort.signal);
  abort.abort();
  assert.equal(await cut, false);
  assert.equal(clock.pending, 0, "an aborted sleep leaves no timer behind");
  assert.equal(await sleep(clock, 300, abort.signal), false, "an aborted signal ends it before it starts");
});

test("the test's clock runs a run to its end without moving time while a module the run imports is still loading", async () => {
  const clock = new TestClock();
  // A fixture's timeout standing in for Ctrl-C, and a module the run loads on demand, as the
  // narration loads a catalog: with the system's clock the module is there long before 300 ms.
  // (On Node 20 the TypeScript loader answers on its own thread, thousands of event-loop turns later.)
  const fresh = new URL(`../../src/narration/catalog-en.ts?load=${clock.pending}`, import.meta.url).href;
  const run = Promise.race([new Promise<string>((resolve) => clock.after(300, () => resolve("timed out"))), import(fresh).then(() => "loaded")]);
  assert.equal(await clock.runAll(run), "loaded");
  assert.equal(clock.now(), 0, "no time passed on the clock");
});

test("the test's clock moves time on only after the run has been quiet a while: work that goes on once a load has ended is not cut short", async () => {
  const clock = new TestClock();
  // A load in flight for 50 turns of the event loop (a listening MessagePort, as Node 20's module
  // loader shows one), then 99 turns of the run's own work, as a stream paced one event a turn: on
  // a loaded machine a module can arrive late in the clock's wait, and the stream that follows
  // must still end before a timeout that, on the system's clock, comes long after.
  const { port1 } = new MessageChannel();
  port1.on("message", () => {});
  const work = (async () => {
    for (let count = 0; count < 50; count++) await turn();
    port1.close();
    for (let count = 0; count < 99; count++) await turn();
    return "done";
  })();
  const run = Promise.race([new Promise<string>((resolve) => clock.after(300, () => resolve("timed out"))), work]);
  assert.equal(await clock.runAll(run), "done");
  assert.equal(clock.now(), 0, "no time passed on the clock");
});

test("the test's clock moves a run's time on only once a file it writes is written", async () => {
  const clock = new TestClock();
  const file = join(mkdtempSync(join(tmpdir(), "tcp-clock-")), "big.txt");
  // A grace of one second on the clock, and a write the run waits on first, as a recorder's
  // stop writes its session: on a loaded machine the write takes longer, never the clock's time.
  const written = writeFile(file, "x".repeat(32 * 1024 * 1024)).then(() => "written");
  const run = Promise.race([new Promise<string>((resolve) => clock.after(1000, () => resolve("timed out"))), written]);
  assert.equal(await clock.run(run, { limitMs: 2000 }), "written");
  rmSync(dirname(file), { recursive: true, force: true });
});

test("the test's clock, once no timer is set, waits for a run to end on its own, however many event-loop turns that takes", async () => {
  const clock = new TestClock();
  // A stop whose grace is over: what is left (sockets closing) ends on the event loop alone, in as
  // many turns as a loaded machine needs; moving time on cannot hasten it, and must not run out.
  let turns = 0;
  const run = new Promise<string>((resolve) => {
    const next = (): void => void (++turns === 3000 ? resolve("closed") : setImmediate(next));
    next();
  });
  assert.equal(await clock.run(run, { limitMs: 1000 }), "closed");
  assert.equal(clock.now(), 0, "no time passed on the clock");
});
