// How many cases a property test runs. 200 by default (a test written with fewer keeps its
// own), so `npm test` is sized to what it proves; TCP_PROPERTY_RUNS sets every property test's
// count, and `npm run test:deep` runs the suite with 1,000 of each (docs/contributing.md).
const fromEnvironment = Number(process.env.TCP_PROPERTY_RUNS);

/** Cases for a property test whose own default is `runs` (at most 200 unless the environment says). */
export function propertyRuns(runs = 200): number {
  return Number.isInteger(fromEnvironment) && fromEnvironment > 0 ? fromEnvironment : Math.min(runs, 200);
}
