// docs/testing.md shows the examples this project runs (test/testing/examples.test.ts) as they
// are: each file of examples/testing/ appears in it whole, so the page cannot drift from the code.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";

test("docs/testing.md holds every file of examples/testing/ whole, in a code block", () => {
  const doc = readFileSync(join(projectRoot, "docs", "testing.md"), "utf8");
  const folder = join(projectRoot, "examples", "testing");
  const files = readdirSync(folder).sort();
  assert.deepEqual(files, ["agent.node-test.ts", "agent.vitest.ts", "my-agent.ts"]);
  for (const file of files) {
    const text = readFileSync(join(folder, file), "utf8").trimEnd();
    assert.ok(doc.includes(`\`\`\`ts\n${text}\n\`\`\``), `${file} is not in docs/testing.md as it is`);
  }
});
