// The wire view obeys the rule tables: every body the project renders — every request of every
// fixture, and the histories of random scripts run through the loop, for all four providers —
// lints with no finding but the arguments-schema warning (a history keeps what the model sent;
// the loop answered it with an error). Raw random histories, which break the protocol on purpose
// (stray results, unanswered and repeated calls, blank text, odd ids and names, thinking, images),
// render clean too.
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import fc from "fast-check";
import { FakeModel, ToolRegistry, builtinTools, runAgentLoop } from "../src/index.ts";
import { fixturesDir } from "../src/fixture/fixture-files.ts";
import { loadFixture } from "../src/fixture/load-fixture.ts";
import { lintBody } from "../src/lint/lint-body.ts";
import { runFixture, toolsFor } from "../src/run-fixture.ts";
import type { Context, Message } from "../src/types.ts";
import { renderWireRequest, wireProviders } from "../src/wire/index.ts";
import { script } from "./random-scripts.ts";

const RUNS = 1000;
const tools = new ToolRegistry(builtinTools).definitions();

/** Findings other than the schema warning, as readable strings. */
function problems(context: Context): string[] {
  return wireProviders.flatMap((provider) =>
    lintBody(renderWireRequest(provider, context).body, provider)
      .filter((finding) => finding.rule !== "arguments-schema")
      .map((finding) => `${provider}/${finding.rule} at ${finding.pointer}: ${finding.message}`),
  );
}

let linted = 0;
function assertClean(context: Context, name: string): void {
  assert.deepEqual(problems(context), [], name);
  linted += wireProviders.length;
}

test("every request of every fixture lints clean for all four providers", async () => {
  let samples = 0;
  for (const file of readdirSync(fixturesDir).filter((entry) => entry.endsWith(".json")).sort()) {
    const fixture = await loadFixture(join(fixturesDir, file));
    await runFixture(
      fixture,
      {
        onEvent(event, episodeIndex) {
          if (event.type !== "turnStart") return;
          assertClean(event.context, `${file} episode ${episodeIndex} turn ${event.turn}`);
          samples++;
        },
        onEpisodeEnd(episode, index, outcome) {
          assertClean({ systemPrompt: episode.systemPrompt, messages: outcome.result.history, tools: new ToolRegistry(toolsFor(episode)).definitions() }, `${file} episode ${index} next`);
          samples++;
        },
      },
      { now: () => 0 },
    ).catch(() => undefined);
  }
  assert.ok(samples > 50, `only ${samples} fixture requests`);
});

test(`${RUNS} random loop histories (the property test's scripts), whole and cut anywhere, lint clean for all four providers`, async () => {
  await fc.assert(
    fc.asyncProperty(script, fc.nat(), async (replies, cutAt) => {
      const { history } = await runAgentLoop({
        model: new FakeModel(replies, { recordRequests: false }),
        registry: new ToolRegistry(builtinTools),
        messages: [{ role: "user", content: "go", timestamp: 0 }],
        maxTurns: replies.length,
      });
      assertClean({ systemPrompt: "Be brief.", messages: history, tools }, "whole history");
      // A history cut mid-turn has calls without results: the view must answer them.
      assertClean({ messages: history.slice(0, 1 + (cutAt % history.length)), tools }, "cut history");
    }),
    { numRuns: RUNS },
  );
});

const anyText = fc.oneof(fc.string(), fc.constantFrom("", " ", "\n\t", "ok"));
const anyId = fc.oneof(fc.constantFrom("c1", "c2", "", "call_abc|fc_A+/=", "x".repeat(70), "toolu_01"), fc.string({ maxLength: 8 }));
const anyName = fc.oneof(fc.constantFrom("calc", "echo", "", "get weather", "1st", "a.b", "__proto__"), fc.string({ maxLength: 6 }));
const image = fc.record({ type: fc.constant("image" as const), data: fc.constantFrom("iVBORw0KGgo=", ""), mimeType: fc.constantFrom("image/png", "image/jpeg", "image/tiff") });
const textBlock = fc.record({ type: fc.constant("text" as const), text: anyText });
const thinking = fc.record({ type: fc.constant("thinking" as const), thinking: anyText, thinkingSignature: fc.option(fc.constantFrom("sig", "c2ln"), { nil: undefined }), redacted: fc.option(fc.boolean(), { nil: undefined }) }).map(
  ({ thinkingSignature, redacted, ...rest }) => ({ ...rest, ...(thinkingSignature === undefined ? {} : { thinkingSignature }), ...(redacted === undefined ? {} : { redacted }) }),
);
const toolCall = fc.record({ type: fc.constant("toolCall" as const), id: anyId, name: anyName, arguments: fc.jsonValue({ maxDepth: 2 }) });
const message: fc.Arbitrary<Message> = fc.oneof(
  fc.record({ role: fc.constant("user" as const), content: fc.oneof(anyText, fc.array(fc.oneof(textBlock, image), { maxLength: 3 })), timestamp: fc.constant(0) }),
  fc.record({ role: fc.constant("assistant" as const), content: fc.array(fc.oneof(textBlock, thinking, toolCall), { maxLength: 4 }), stopReason: fc.constant("toolUse" as const), timestamp: fc.constant(0) }),
  fc.record({
    role: fc.constant("toolResult" as const),
    toolCallId: anyId,
    toolName: anyName,
    content: fc.array(fc.oneof(textBlock, image), { maxLength: 2 }),
    isError: fc.boolean(),
    timestamp: fc.constant(0),
  }),
);

test(`${RUNS} raw random histories that break the protocol render into bodies that lint clean`, () => {
  fc.assert(
    fc.property(anyText, fc.array(message, { maxLength: 12 }), fc.option(anyText, { nil: undefined }), (first, rest, systemPrompt) => {
      // A conversation starts with the user; everything after is arbitrary.
      const messages: Message[] = [{ role: "user", content: first, timestamp: 0 }, ...rest];
      assertClean({ ...(systemPrompt === undefined ? {} : { systemPrompt }), messages, tools }, JSON.stringify(messages));
    }),
    { numRuns: RUNS },
  );
});

test("bodies linted clean", () => {
  // Printed for the closing note; the three tests above ran first.
  assert.ok(linted >= 3 * RUNS * wireProviders.length);
  console.log(`# lint-clean: ${linted} bodies linted with no finding (besides arguments-schema warnings)`);
});
