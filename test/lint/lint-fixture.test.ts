// The teaching scenario: violation-provider-rules breaks several wire rules at once. Converted
// naively (fixtures/requests/), its request is refused for exactly those rules; the wire view of
// the same history changes each thing, says so in a note, and lints clean.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixturesDir } from "../../src/fixture/fixture-files.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import type { Context } from "../../src/protocol/types.ts";
import { loadAllParts } from "../../src/providers/registry.ts";
import { lintBody } from "../../src/providers/shared/lint-body.ts";
import { runFixture } from "../../src/replay/run-fixture.ts";
import { renderWireRequest, type WireProvider, wireProviders } from "../../src/wire.ts";

const partsOf = await loadAllParts();

const naive = (provider: WireProvider): unknown => JSON.parse(readFileSync(join(fixturesDir, "requests", `violation-provider-rules.${provider}.json`), "utf8"));

test("the naive Anthropic body is refused for each rule the history breaks", () => {
  assert.deepEqual(
    lintBody(naive("anthropic"), partsOf("anthropic").rules).map((finding) => `${finding.rule} ${finding.pointer}`),
    [
      "duplicate-tool-use-id /messages/1/content/2/id",
      "tool-use-id-pattern /messages/1/content/3/id",
      "tool-use-id-pattern /messages/2/content/2/tool_use_id",
      "input-not-object /messages/1/content/4/input",
      "blank-text /messages/1/content/0/text",
      // The tool name with a space, in the history's tool_use block (the tools list has none).
      "tool-use-name /messages/1/content/3/name",
    ],
  );
});

test("the naive OpenAI Chat body is refused for its own rules", () => {
  assert.deepEqual(
    lintBody(naive("openai-chat"), partsOf("openai-chat").rules).map((finding) => `${finding.severity} ${finding.rule} ${finding.pointer}`),
    [
      "error call-id-too-long /messages/1/tool_calls/3/id",
      "warning duplicate-call-id /messages/1/tool_calls/1/id",
      "error tool-name /messages/1/tool_calls/2/function/name",
      "warning arguments-not-object /messages/1/tool_calls/3/function/arguments",
    ],
  );
});

test("the wire view of the same history notes each change and lints clean for every provider", async () => {
  const fixture = await loadFixture(join(fixturesDir, "violation-provider-rules.json"));
  const contexts: Context[] = [];
  await runFixture(fixture, { onEvent: (event) => void (event.type === "turnStart" && contexts.push(structuredClone(event.context))) }, { now: () => 0 });
  const second = contexts[1];
  assert.ok(second);
  const anthropic = renderWireRequest("anthropic", second);
  assert.deepEqual(anthropic.notes.map((note) => note.kind).sort(), [
    "argumentsReplaced",
    "blankTextDropped",
    "duplicateIdRenamed",
    "idRewritten",
    "toolNameRewritten",
  ]);
  // No finding at all: `{}` (for "oops") lacks echo's required "value", but the loop answered that
  // call with an error result, which Anthropic's is_error and Gemini's response.error show.
  for (const context of contexts) {
    for (const provider of wireProviders) assert.deepEqual(lintBody(renderWireRequest(provider, context).body, partsOf(provider).rules), [], provider);
  }
  // The second episode opens with a blank user message.
  assert.deepEqual(
    renderWireRequest("gemini", contexts[2] ?? second).notes.map((note) => note.kind),
    ["blankUserMessageFilled"],
  );
});
