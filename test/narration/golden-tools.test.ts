// Exercises leave the project clean (issue 9, item 7): a scenario fixture names its tools, so a
// tool added to src/tools (exercise 3) changes no scenario's golden; and when a golden does change
// because its tool list did, `npm run check` says so in one line.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { goldens, projectRoot, toolListChange, toolsShown } from "../../scripts/goldens.ts";
import { transcriptText } from "../../src/commands/play/transcript.ts";
import { defaultFixtureName, fixtureFileFor, fixtureNames } from "../../src/fixture/fixture-files.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import { builtinTools } from "../../src/tools/index.ts";

test("every episode of every scenario fixture names its tools", async () => {
  const unnamed: string[] = [];
  for (const name of fixtureNames()) {
    if (name === defaultFixtureName) continue;
    const fixture = await loadFixture(fixtureFileFor(name));
    fixture.episodes.forEach((episode, index) => {
      if (episode.tools === undefined) unnamed.push(`${name} episode ${index + 1}`);
    });
  }
  assert.deepEqual(unnamed, []);
});

test("a changed tool list is named in one line; the same list says nothing", async () => {
  const fixture = await loadFixture(fixtureFileFor("parallel-calls"));
  const actual = await transcriptText(fixture, "zh");
  assert.deepEqual(toolsShown(actual), ["slow", "calc"]);
  assert.equal(toolListChange(actual, actual), undefined);
  const widened = await transcriptText({ ...fixture, episodes: fixture.episodes.map((episode) => ({ ...episode, tools: undefined })) }, "zh");
  const why = toolListChange(actual, widened);
  // The built-ins parallel-calls leaves out, from the one list (exercise 3 adds a tool to it).
  const added = builtinTools.map((tool) => tool.name).filter((name) => !["slow", "calc"].includes(name));
  assert.ok(added.includes("echo") && added.includes("boom"));
  assert.equal(why?.startsWith(`the tool list changed (added ${added.join(", ")}): `), true, why);
  assert.equal(why?.includes("\n"), false);
});

test("every golden file names the tools its transcript shows", () => {
  for (const golden of goldens().filter((item) => !item.json))
    assert.ok(toolsShown(readFileSync(join(projectRoot, golden.file), "utf8")).length > 0, golden.file);
});
