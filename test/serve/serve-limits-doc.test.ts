// docs/serve-limits.md states every limit serve keeps, with its default and its option: its table is the
// one the code generates, so a changed default or a new limit shows up as a failing test here.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { renderLimitsTable } from "../../scripts/serve-limits-table.ts";

test("docs/serve-limits.md's limits table is the one generated from serve's own defaults", () => {
  const doc = readFileSync(join(projectRoot, "docs/serve-limits.md"), "utf8");
  const between = /<!-- limits-table:start -->\n([\s\S]*?)<!-- limits-table:end -->/.exec(doc)?.[1];
  assert.equal(between, renderLimitsTable(), "regenerate it with npm run limits-table");
});

test("every limit in the table names a test file that exists", () => {
  for (const [, file] of renderLimitsTable().matchAll(/`(test\/serve\/[a-z-]+\.test\.ts)`/g))
    assert.ok(readFileSync(join(projectRoot, file ?? ""), "utf8").length > 0, file);
});
