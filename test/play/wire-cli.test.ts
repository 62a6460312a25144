// --wire in the command: the request bodies it prints follow the provider's rules; after an
// episode's first request it prints what each adds to the previous one, and `--json --wire`'s
// deltas give back every body `--wire-full` prints whole; the side-by-side table in docs/wire.md
// is the one the renderers produce.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { renderWireTable } from "../../scripts/wire-table.ts";
import { allLanguages } from "../../src/narration/catalog-loader.ts";
import { loadCatalog } from "../../src/narration/load-catalog.ts";
import { applyWireDelta, type WireDelta } from "../../src/narration/wire-delta.ts";
import { providerIds } from "../../src/providers/registry.ts";
import { cli } from "./in-process.ts";

const catalogs = await allLanguages(loadCatalog);

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
  const { out } = await cli(["--wire", "anthropic", "--wire-full"]);
  const found = bodies(out);
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

/** Fixtures whose episodes make several requests: the walkthrough and the imported conversations. */
const conversations = [
  "walkthrough",
  ...readdirSync(join(projectRoot, "fixtures", "imported"))
    .filter((name) => name.endsWith(".json"))
    .map((name) => join(projectRoot, "fixtures", "imported", name)),
];

function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .trim()
    .split("\n")
    .map((line): unknown => JSON.parse(line))
    .filter((line): line is Record<string, unknown> => typeof line === "object" && line !== null);
}

function isDelta(value: unknown): value is WireDelta {
  return typeof value === "object" && value !== null && "parts" in value && Array.isArray(value.parts) && "removed" in value && Array.isArray(value.removed);
}

test("--json --wire: an episode's first request carries its body, each later one a delta that gives back the body --wire-full prints", async () => {
  let deltas = 0;
  for (const fixture of conversations)
    for (const provider of providerIds) {
      const full = jsonLines((await cli([fixture, "--json", "--wire", provider, "--wire-full"])).out).filter((line) => line.type === "wireRequest");
      const lines = jsonLines((await cli([fixture, "--json", "--wire", provider])).out);
      const requests = lines.filter((line) => line.type === "wireRequest");
      assert.equal(requests.length, full.length, `${fixture} ${provider}: one wireRequest per request`);
      let body: object | undefined;
      let episode: unknown;
      requests.forEach((request, index) => {
        const whole = full[index];
        if (request.episode !== episode) {
          assert.ok("body" in request && !("delta" in request), `${fixture} ${provider}: an episode's first request is whole`);
          episode = request.episode;
        }
        if ("body" in request && typeof request.body === "object" && request.body !== null) body = request.body;
        else {
          assert.ok(isDelta(request.delta) && body, `${fixture} ${provider}: a later request is a delta to the one before`);
          body = applyWireDelta(body, request.delta);
          deltas++;
        }
        assert.deepEqual(body, whole?.body, `${fixture} ${provider}: request ${index} rebuilt`);
      });
    }
  assert.ok(deltas >= 20, "the conversations make later requests");
});

test("--wire: a later request shows only what it adds, and says the rest is as before", async () => {
  const say = catalogs.zh;
  const { out } = await cli(["--wire", "anthropic"]);
  const { out: whole } = await cli(["--wire", "anthropic", "--wire-full"]);
  const endpoint = "POST https://api.anthropic.com/v1/messages";
  const delta = say.wireDeltaHeading("anthropic", endpoint, true);
  assert.ok(out.includes(delta), "the stopped walkthrough's next request is a delta");
  const after = out.slice(out.indexOf(delta));
  assert.match(after, /"messages"\[1\]: \{/, "it shows the new messages with their places");
  assert.ok(after.includes(say.wireAsBefore(['"model"', '"max_tokens"', '"system"', '"messages"[0]', '"tools"'])), "and names what is as before");
  assert.ok(!after.slice(0, after.indexOf(say.wireAsBefore(['"model"']).slice(0, 6))).includes('"tools"'), "the unchanged tools are not printed again");
  assert.equal(bodies(out).length, (out.match(new RegExp(say.wireHeading("anthropic", endpoint, false).replace(/[()]/g, "\\$&"), "g")) ?? []).length);
  assert.ok(out.length < whole.length, "--wire prints less than --wire-full");
});
