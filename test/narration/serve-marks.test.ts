// serve's own legend (issue 21): there the app is the client's harness, and what this program
// checks itself — where the script is, the provider's rules, the script's expectations — carries
// the playground's mark, never the model's.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { projectRoot, serveGoldenFile } from "../../scripts/goldens.ts";
import { loadServeMessages } from "../../src/commands/serve/load-serve-messages.ts";

test("serve's goldens open with serve's legend, and the playground's checks carry the playground's mark", async () => {
  const en = await loadServeMessages("en");
  const lines = readFileSync(join(projectRoot, serveGoldenFile("en")), "utf8").split("\n");
  assert.equal(lines[1], en.legend);
  assert.match(en.legend, /app = your harness/);
  const checks = lines.filter((line) => /lint: |asks for reply \d+ of/.test(line));
  assert.ok(checks.length > 0);
  for (const line of checks) assert.ok(line.startsWith(en.marks.playground), line);
  assert.ok(!lines.some((line) => line.startsWith(en.marks.model) && /lint: |asks for reply/.test(line)));
});
