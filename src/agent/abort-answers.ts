// A tool that ignores its signal must not hold a run hostage: once the run is aborted, every call
// still running is answered without it. One abort listener per signal, not one per call: adding
// and removing a listener cost more than a short call itself, and a long replay makes a call a turn.

/** A call still running: `answer` resolves it with the abort's answer. */
interface Running {
  answer(): void;
}

/** The calls still running under each signal, in the order they started. */
const runningUnder = new WeakMap<AbortSignal, Set<Running>>();

/** `running`'s value, or `onAbort()`'s if the signal fires first. */
export function answeredOnAbort<T>(signal: AbortSignal, running: Promise<T>, onAbort: () => T): Promise<T> {
  const calls = callsUnder(signal);
  return new Promise<T>((resolve) => {
    const call: Running = {
      answer() {
        resolve(onAbort());
      },
    };
    calls.add(call);
    void running.then((value) => {
      calls.delete(call);
      resolve(value);
    });
  });
}

function callsUnder(signal: AbortSignal): Set<Running> {
  const known = runningUnder.get(signal);
  if (known) return known;
  const calls = new Set<Running>();
  runningUnder.set(signal, calls);
  // Kept for the signal's life (a signal fires once); it holds only the calls still running.
  signal.addEventListener(
    "abort",
    () => {
      for (const call of calls) call.answer();
      calls.clear();
    },
    { once: true },
  );
  return calls;
}
