// Every golden transcript (each fixture, the walkthrough in English and in each wire format) is
// what the program prints now: the same comparison as `npm run check`, inside `npm test`.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { goldens, goldenText, projectRoot } from "../../scripts/goldens.ts";

for (const golden of goldens()) {
  test(`golden ${golden.file}`, async () => {
    const actual = await goldenText(golden);
    assert.equal(actual, readFileSync(join(projectRoot, golden.file), "utf8"), "run npm run check for a diff");
  });
}
