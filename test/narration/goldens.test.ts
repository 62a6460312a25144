// Every fixture's golden transcript (each fixture, the walkthrough in English and in each wire
// format) is what the program prints now: the same comparison as `npm run check`, inside `npm test`,
// each run on a clock of its own, so a fixture's timeout (standing in for Ctrl-C) comes with no time
// waited. serve's goldens, which load the client libraries, are test/serve/serve-goldens.test.ts's.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { goldens, goldenText, projectRoot } from "../../scripts/goldens.ts";
import { TestClock } from "../test-clock.ts";

for (const golden of goldens()) {
  if (golden.serve !== undefined) continue;
  test(`golden ${golden.file}`, async () => {
    const clock = new TestClock();
    const actual = await clock.runAll(goldenText(golden, clock));
    assert.equal(actual, readFileSync(join(projectRoot, golden.file), "utf8"), "run npm run check for a diff");
  });
}
