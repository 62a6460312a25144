// The time a command reads and waits on, passed in rather than taken from the process: serve's
// socket table and time limits, the pacing of a reply's delays and stalls, the grace after Ctrl-C
// and the wait a retry is narrated with; a run's timeout and the slow tool's wait. The process
// gives them the system's clock; a test gives them one it moves itself, so what a test sees never
// depends on how busy the machine is. Readings are only compared with one another, never printed
// as a time of day.

export interface Clock {
  /** Milliseconds since a fixed point of this clock's own. */
  now(): number;
  /** Calls `callback` once `ms` have passed on this clock; the function returned cancels it. */
  after(ms: number, callback: () => void): () => void;
}

/** Node's timers hold at most 2^31 - 1 ms; a longer delay would fire after 1 ms, with a warning. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The system's clock: what the process runs on. A delay past the timer limit is waited out in
 *  steps, so it fires when it says. */
export const systemClock: Clock = {
  now: () => performance.now(),
  after(ms, callback) {
    const deadline = performance.now() + ms;
    let timer: NodeJS.Timeout | undefined;
    const arm = (): void => {
      const left = deadline - performance.now();
      timer = left > MAX_TIMER_MS ? setTimeout(arm, MAX_TIMER_MS) : setTimeout(callback, Math.max(0, left));
    };
    arm();
    return () => clearTimeout(timer);
  },
};

/** Resolves true once `ms` have passed on `clock`, or false as soon as `signal` aborts (at once if
 *  it already has). */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const stop = (): void => {
      cancel();
      resolve(false);
    };
    const cancel = clock.after(ms, () => {
      signal?.removeEventListener("abort", stop);
      resolve(true);
    });
    signal?.addEventListener("abort", stop, { once: true });
  });
}
