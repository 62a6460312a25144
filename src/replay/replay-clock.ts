/** Timestamps count 0, 1, 2, …: a replay must not depend on the wall clock, and should not look as if it did. */
export function replayClock(): () => number {
  let tick = 0;
  return () => tick++;
}
