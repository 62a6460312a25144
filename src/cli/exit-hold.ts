// What holds the process's exit after Ctrl-C or SIGTERM: the exit timer (cli-process.ts) ends the
// process at the stop grace whatever stdout does, but not while a command's held work (serve
// --record's last write of its session) is unsettled: a session cut off mid-write was lost, with
// exit 130 and no file. A second Ctrl-C still ends the process at once (the written file is then
// the one written after the last exchange).
import type { Clock } from "../io/clock.ts";

export class ExitHold {
  readonly #held = new Set<Promise<unknown>>();

  /** Holds the exit until `work` settles, however it settles. */
  hold(work: Promise<unknown>): void {
    const settled: Promise<unknown> = work.then(
      () => this.#held.delete(settled),
      () => this.#held.delete(settled),
    );
    this.#held.add(settled);
  }

  /** Resolves once nothing is held (work held meanwhile included). */
  async released(): Promise<void> {
    while (this.#held.size > 0) await Promise.allSettled([...this.#held]);
  }

  /** Calls `exit` once `ms` have passed on `after`'s clock and nothing is held any more. */
  leaveAfter(after: Clock["after"], ms: number, exit: () => void): void {
    after(ms, () => void this.released().then(exit));
  }
}
