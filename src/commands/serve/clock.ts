// The time serve reads and waits on, passed in rather than taken from the process: the socket
// table's stalls and time limits, the pacing of a reply's delays and stalls, the grace after
// Ctrl-C, and how long a harness waited before it retried all ask this one object. The process
// gives serve the system's clock; a test gives it one it moves itself, so what a test sees never
// depends on how busy the machine is. Readings are only compared with one another, never printed
// as a time of day.

export interface Clock {
  /** Milliseconds since a fixed point of this clock's own. */
  now(): number;
  /** Calls `callback` once `ms` have passed on this clock; the function returned cancels it. */
  after(ms: number, callback: () => void): () => void;
}

/** The system's clock: what the process runs on. */
export const systemClock: Clock = {
  now: () => performance.now(),
  after(ms, callback) {
    const timer = setTimeout(callback, ms);
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
