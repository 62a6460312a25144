// A run that never waits (a scripted model, instant tools) would hold the event loop for its whole
// length: no Ctrl-C, no timer, no drained output. So the loop lets the event loop have a turn at
// least every YIELD_EVERY_MS. The clock is the process's, not one loop's: a replayed conversation
// is thousands of short loops (one per stretch between user turns), each far shorter than the
// interval, and a clock restarted by each of them never came due.

const YIELD_EVERY_MS = 10;

let lastYield = performance.now();

/** Waits for the event loop's next turn when one is due; otherwise returns at once. */
export async function giveEventLoopATurnIfDue(): Promise<void> {
  if (performance.now() - lastYield < YIELD_EVERY_MS) return;
  // setImmediate, since promises alone never yield: timers, signals and I/O callbacks run first.
  await new Promise((resolve) => setImmediate(resolve));
  lastYield = performance.now();
}
