// A run that never waits (a scripted model, instant tools) would hold the event loop for its whole
// length: no Ctrl-C, no timer, no drained output. So the loop lets the event loop have a turn at
// least every YIELD_EVERY_MS. The clock is the process's, not one loop's: a replayed conversation
// is thousands of short loops (one per stretch between user turns), each far shorter than the
// interval, and a clock restarted by each of them never came due.

const YIELD_EVERY_MS = 10;

let lastYield = performance.now();

/** A macrotask to wait for when a turn of the event loop is due, else undefined (no promise:
 *  most turns are not due, and awaiting nothing would still cost a turn of the microtask queue). */
export function eventLoopTurnIfDue(): Promise<void> | undefined {
  if (performance.now() - lastYield < YIELD_EVERY_MS) return undefined;
  // setImmediate, since promises alone never yield: timers, signals and I/O callbacks run first.
  return new Promise((resolve) =>
    setImmediate(() => {
      lastYield = performance.now();
      resolve();
    }),
  );
}
