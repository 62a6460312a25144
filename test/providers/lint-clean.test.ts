// The wire view obeys the rule tables: every body the project renders — every request of every
// fixture, and the histories of random scripts run through the loop, for all four providers —
// lints with no finding of any severity. A history keeps the arguments the model sent, but the
// loop answered a mismatch with an isError result, which the body shows, so arguments-schema has
// nothing to say. Raw random histories, which break the protocol on purpose (stray results,
// unanswered and repeated calls, blank text, odd ids and names, thinking, images), render clean
// too, except where the history itself shows a harness running a call its schema refuses: there
// the arguments-schema warning is the truth, and only there is it allowed.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { builtinTools, FakeModel, runAgentLoop, ToolRegistry } from "../../src/index.ts";
import type { Context, Message } from "../../src/protocol/types.ts";
import { loadAllParts } from "../../src/providers/registry.ts";
import { lintBody } from "../../src/providers/shared/lint-body.ts";
import type { Finding } from "../../src/providers/shared/rule.ts";
import { renderWireRequest, wireProviders } from "../../src/wire.ts";
import { script } from "../agent/random-scripts.ts";
import { propertyRuns } from "../property-runs.ts";
import { fixtureSamples } from "./fixture-samples.ts";

const partsOf = await loadAllParts();

const RUNS = propertyRuns(1000);
const registry = new ToolRegistry(builtinTools);
const tools = registry.definitions();

/** Every finding, of every severity, for every provider, as readable strings; `allowed` exempts some. */
function problems(context: Context, allowed: (finding: Finding) => boolean = () => false): string[] {
  return wireProviders.flatMap((provider) =>
    lintBody(renderWireRequest(provider, context).body, partsOf(provider).rules)
      .filter((finding) => !allowed(finding))
      .map((finding) => `${provider}/${finding.rule} at ${finding.pointer}: ${finding.message}`),
  );
}

let linted = 0;
function assertClean(context: Context, name: string, allowed?: (finding: Finding) => boolean): void {
  assert.deepEqual(problems(context, allowed), [], name);
  linted += wireProviders.length;
}

/** Whether the tool's own validation (the lenient coerce policy) refuses these arguments. */
function refuses(name: string, args: unknown): boolean {
  const tool = registry.get(name);
  if (!tool) return false;
  try {
    tool.schema.parse(tool.schema.coerce ? tool.schema.coerce(args).value : args);
    return false;
  } catch {
    return true;
  }
}

/**
 * Whether the history shows a harness running a call that the tool's own validation refuses: a
 * result with the call's id, not flagged isError. Decided on the neutral history with the
 * project's validators, not with the lint's JSON Schema checker.
 */
function runsRefusedCall(messages: readonly Message[]): boolean {
  const ran = new Set(messages.flatMap((message) => (message.role === "toolResult" && !message.isError ? [message.toolCallId] : [])));
  return messages.some(
    (message) =>
      message.role === "assistant" && message.content.some((block) => block.type === "toolCall" && ran.has(block.id) && refuses(block.name, block.arguments)),
  );
}

/** The one finding such a history may carry: the warning, where a result's error flag shows it. */
const truthfulWarning = (finding: Finding) =>
  finding.rule === "arguments-schema" && finding.severity === "warning" && (finding.provider === "anthropic" || finding.provider === "gemini");

test("every request of every fixture lints clean for all four providers", async () => {
  let samples = 0;
  // Collected, then asserted: a throw inside the hooks would end the run, not fail the test.
  const failures: string[] = [];
  const check = (context: Context, name: string) => {
    const found = problems(context);
    if (found.length > 0) failures.push(`${name}: ${found.join("; ")}`);
    linted += wireProviders.length;
    samples++;
  };
  for (const sample of await fixtureSamples()) check(sample.context, sample.name);
  assert.deepEqual(failures, []);
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
const image = fc.record({
  type: fc.constant("image" as const),
  data: fc.constantFrom("iVBORw0KGgo=", ""),
  mimeType: fc.constantFrom("image/png", "image/jpeg", "image/tiff"),
});
const textBlock = fc.record({ type: fc.constant("text" as const), text: anyText });
const thinking = fc
  .record({
    type: fc.constant("thinking" as const),
    thinking: anyText,
    thinkingSignature: fc.option(fc.constantFrom("sig", "c2ln"), { nil: undefined }),
    redacted: fc.option(fc.boolean(), { nil: undefined }),
  })
  .map(({ thinkingSignature, redacted, ...rest }) => ({
    ...rest,
    ...(thinkingSignature === undefined ? {} : { thinkingSignature }),
    ...(redacted === undefined ? {} : { redacted }),
  }));
const toolCall = fc.record({ type: fc.constant("toolCall" as const), id: anyId, name: anyName, arguments: fc.jsonValue({ maxDepth: 2 }) });
const message: fc.Arbitrary<Message> = fc.oneof(
  fc.record({
    role: fc.constant("user" as const),
    content: fc.oneof(anyText, fc.array(fc.oneof(textBlock, image), { maxLength: 3 })),
    timestamp: fc.constant(0),
  }),
  fc.record({
    role: fc.constant("assistant" as const),
    content: fc.array(fc.oneof(textBlock, thinking, toolCall), { maxLength: 4 }),
    stopReason: fc.constant("toolUse" as const),
    timestamp: fc.constant(0),
  }),
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
      assertClean(
        { ...(systemPrompt === undefined ? {} : { systemPrompt }), messages, tools },
        JSON.stringify(messages),
        runsRefusedCall(messages) ? truthfulWarning : undefined,
      );
    }),
    { numRuns: RUNS },
  );
});

test("a history in which a harness ran a call its schema refuses: the warning where the body shows it, nothing where it cannot", () => {
  const call = { type: "toolCall" as const, id: "call_1", name: "calc", arguments: { a: "one", b: 2, op: "add" } };
  const history = (isError: boolean): Message[] => [
    { role: "user", content: "1 + 2?", timestamp: 0 },
    { role: "assistant", content: [call], stopReason: "toolUse", timestamp: 0 },
    {
      role: "toolResult",
      toolCallId: "call_1",
      toolName: "calc",
      content: [{ type: "text", text: isError ? "a: expected number" : "3" }],
      isError,
      timestamp: 0,
    },
  ];
  const warnings = (messages: Message[]) => problems({ messages, tools }).map((problem) => problem.replace(/: .*/, ""));
  assert.ok(runsRefusedCall(history(false)) && !runsRefusedCall(history(true)));
  assert.deepEqual(warnings(history(false)), [
    "anthropic/arguments-schema at /messages/1/content/0/input",
    "gemini/arguments-schema at /contents/1/parts/0/functionCall/args",
  ]);
  assert.deepEqual(warnings(history(true)), []);
});

test("bodies linted clean", () => {
  // Printed for the closing note; the three tests above ran first.
  assert.ok(linted >= 3 * RUNS * wireProviders.length);
  console.log(
    `# lint-clean: ${linted} bodies linted with no finding (raw random histories: the arguments-schema warning only where the history shows a refused call run)`,
  );
});
