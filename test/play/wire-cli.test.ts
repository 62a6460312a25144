// --wire in the real command: the request bodies it prints follow the provider's rules, and the
// side-by-side table in docs/wire.md is the one the renderers produce.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";
import { projectRoot } from "../../scripts/goldens.ts";
import { allLanguages } from "../../src/narration/catalog-loader.ts";
import { loadCatalog } from "../../src/narration/load-catalog.ts";
import { renderWireTable } from "../../src/narration/wire-table.ts";

const catalogs = await allLanguages(loadCatalog);

const run = promisify(execFile);

/** The JSON bodies in a transcript: each starts at a 6-space "{" line after a wire heading. */
function bodies(transcript: string): unknown[] {
  // A body line is the app's data: its mark, then the JSON indented under the sentence.
  const lines = transcript.split("\n").map((line) => (line.startsWith(catalogs.zh.marks.app) ? line.slice(catalogs.zh.marks.app.length) : line));
  const found: unknown[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (lines[index] !== "  {") continue;
    const end = lines.indexOf("  }", index);
    found.push(JSON.parse(lines.slice(index, end + 1).join("\n")));
    index = end;
  }
  return found;
}

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => typeof item === "object" && item !== null) : [];
}

test("--wire anthropic: every tool_use has its tool_result first in the next user message", async () => {
  const { stdout } = await run(join(projectRoot, "bin", "tool-call-playground"), ["--wire", "anthropic"], { cwd: projectRoot });
  const found = bodies(stdout);
  assert.ok(found.length >= 5, "a body before every request and one for each stopped run");
  let toolUses = 0;
  for (const body of found) {
    const messages = typeof body === "object" && body !== null && "messages" in body ? records(body.messages) : [];
    messages.forEach((message, index) => {
      if (message.role !== "assistant") return;
      const ids = records(message.content)
        .filter((block) => block.type === "tool_use")
        .map((block) => block.id);
      if (ids.length === 0) return;
      toolUses += ids.length;
      const next = messages[index + 1];
      assert.equal(next?.role, "user");
      const leading = records(next?.content).slice(0, ids.length);
      assert.deepEqual(
        leading.map((block) => [block.type, block.tool_use_id]),
        ids.map((id) => ["tool_result", id]),
      );
      for (const block of leading) if (block.is_error === true) assert.notEqual(block.content, "");
    });
  }
  assert.ok(toolUses >= 5, "the walkthrough's calls appear on the wire");
});

test("docs/wire.md's wire table is the one the renderers produce", () => {
  assert.ok(readFileSync(join(projectRoot, "docs/wire.md"), "utf8").includes(renderWireTable()), "regenerate it with npm run wire-table");
});
