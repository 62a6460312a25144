// Round trip, per provider: a random reply streamed in random fragments (sometimes cut: length,
// error, abort) is rendered as that provider's server-sent events, written out as SSE text, read
// back, parsed and consumed — and gives the message the neutral stream gave, up to what the
// provider's format cannot carry (listed in `normalise`). 200 replies per provider (1,000 under `npm run test:deep`).
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { assembleEvents } from "../../src/agent/stream-assembler.ts";
import { type StreamPlan, streamSteps } from "../../src/agent/stream-plan.ts";
import type { SseFrame } from "../../src/narration/stream-narration.ts";
import type { AssistantStreamEvent } from "../../src/protocol/stream-events.ts";
import type { AssistantMessage, StopReason, TextContent, ToolCall } from "../../src/protocol/types.ts";
import { renderAnthropicStream } from "../../src/providers/anthropic/render-stream.ts";
import { parseGeminiStream } from "../../src/providers/gemini/parse-stream.ts";
import { renderGeminiStream } from "../../src/providers/gemini/render-stream.ts";
import { loadAllParts, type ProviderId, providerIds } from "../../src/providers/registry.ts";
import { loadWireStreamRenderer, type WireStreamRenderer } from "../../src/providers/render-wire-stream.ts";
import { formatSse, readSse } from "../../src/providers/shared/sse.ts";
import { propertyRuns } from "../property-runs.ts";
import { expectedFromWire } from "./stream-normalise.ts";

const partsOf = await loadAllParts();

const wireStreams = new Map<ProviderId, WireStreamRenderer>(await Promise.all(providerIds.map(async (id) => [id, await loadWireStreamRenderer(id)] as const)));

/** One reply as `provider`'s stream, as the wire view shows it. */
function renderWireStream(provider: ProviderId, events: Parameters<WireStreamRenderer>[0]): ReturnType<WireStreamRenderer> {
  const render = wireStreams.get(provider);
  assert.ok(render, provider);
  return render(events);
}

const RUNS = propertyRuns(1000);

/** JSON itself, as a fixture holds it: fast-check's jsonValue also makes -0, which JSON text cannot carry. */
const json = fc.jsonValue({ maxDepth: 3 }).map((value): unknown => JSON.parse(JSON.stringify(value)));
/** Arguments without empty objects or arrays anywhere (Gemini's partialArgs has no way to send one). */
const leafyJson: fc.Arbitrary<unknown> = json.filter((value) => !hasEmptyContainer(value));
function hasEmptyContainer(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0 || value.some(hasEmptyContainer);
  if (typeof value === "object" && value !== null) return Object.keys(value).length === 0 || Object.values(value).some(hasEmptyContainer);
  return false;
}

const block = (args: fc.Arbitrary<unknown>) =>
  fc.oneof(
    fc.record({ type: fc.constant("text" as const), text: fc.string({ unit: "grapheme" }) }),
    fc.record({
      type: fc.constant("toolCall" as const),
      id: fc.constantFrom("call_1", "toolu_01", "c 3", ""),
      name: fc.constantFrom("calc", "echo", "weird name"),
      arguments: args,
    }),
  );
const stopReason = fc.constantFrom<StopReason>("stop", "length", "toolUse", "error", "aborted");
const plan = fc.oneof(
  fc.record({ chunk: fc.integer({ min: 1, max: 9 }) }),
  fc.record({
    chunk: fc.integer({ min: 1, max: 9 }),
    cut: fc.record(
      {
        after: fc.integer({ min: 1, max: 12 }),
        reason: fc.constantFrom("length" as const, "error" as const, "stall" as const),
        errorMessage: fc.option(fc.string(), { nil: undefined }),
      },
      { requiredKeys: ["reason"] },
    ),
  }),
);
const reply = (args: fc.Arbitrary<unknown>) =>
  fc.record({
    content: fc.array(block(args), { maxLength: 4 }),
    stopReason,
    errorMessage: fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
    plan: plan,
  });

/** A reply's neutral events; a stall ends as the abort that would end it. */
function neutralEvents({
  content,
  stopReason: reason,
  errorMessage,
  plan: streamPlan,
}: {
  content: (TextContent | ToolCall)[];
  stopReason: StopReason;
  errorMessage: string | undefined;
  plan: StreamPlan;
}): AssistantStreamEvent[] {
  const message: AssistantMessage = { role: "assistant", content, stopReason: reason, ...(errorMessage === undefined ? {} : { errorMessage }), timestamp: 5 };
  return streamSteps(message, streamPlan).map((step) =>
    step.kind === "event" ? step.event : { type: "error", reason: "aborted", errorMessage: "interrupted" },
  );
}

function throughSseText(frames: readonly SseFrame[]): SseFrame[] {
  const { frames: read, problems } = readSse(formatSse(frames));
  assert.deepEqual(problems, []);
  return read;
}

/** Each side is assembled by the consumer's own core (stream-assembler.ts), over events in memory
 *  as replay-stream reads a capture; what consumeStream adds over a live stream (the waits, the
 *  abort between events) is test/agent/stream-model.test.ts's. */
function roundTrip(provider: ProviderId | "gemini-partial", events: AssistantStreamEvent[]): void {
  const neutral = assembleEvents(events);
  const frames = provider === "gemini-partial" ? renderGeminiStream(events, "partialArgs") : (renderWireStream(provider, events).variants[0]?.frames ?? []);
  const parsed = provider === "gemini-partial" ? parseGeminiStream(throughSseText(frames)) : partsOf(provider).stream.parse(throughSseText(frames));
  assert.deepEqual(parsed.problems, []);
  const rebuilt = assembleEvents(parsed.events);
  const expected = expectedFromWire(provider, events, neutral.message);
  if (!expected.terminated) {
    // An abort is the client hanging up: the wire shows a stream that simply ends.
    assert.equal(rebuilt.unterminated, true);
    assert.deepEqual(rebuilt.message.content, expected.content);
    return;
  }
  const { timestamp: _timestamp, role: _role, ...actual } = rebuilt.message;
  assert.deepEqual(actual, expected.message);
}

test('gemini-partial: a number cut after its "-0" reads back as 0 (JSON cannot carry -0), found by the round trip', () => {
  const message: AssistantMessage = {
    role: "assistant",
    content: [{ type: "toolCall", id: "call_1", name: "calc", arguments: { "": false, " ": -0.000001 } }],
    stopReason: "stop",
    timestamp: 5,
  };
  roundTrip(
    "gemini-partial",
    streamSteps(message, { chunk: 2, cut: { after: 8, reason: "length" } }).flatMap((step) => (step.kind === "event" ? [step.event] : [])),
  );
});

for (const provider of [...providerIds, "gemini-partial" as const]) {
  test(`${provider}: random replies in random fragments survive the round trip through its events`, () => {
    fc.assert(
      fc.property(reply(provider === "gemini-partial" ? leafyJson : json), (generated) => roundTrip(provider, neutralEvents(generated))),
      { numRuns: RUNS },
    );
  });
}

test("anthropic: regroups interleaved calls block by block, each with its own index", () => {
  const events: AssistantStreamEvent[] = [
    { type: "start", timestamp: 0 },
    { type: "toolcall_start", contentIndex: 0, id: "a", name: "calc" },
    { type: "toolcall_start", contentIndex: 1, id: "b", name: "echo" },
    { type: "toolcall_delta", contentIndex: 0, delta: '{"a":' },
    { type: "toolcall_delta", contentIndex: 1, delta: '{"value":"x"}' },
    { type: "toolcall_delta", contentIndex: 0, delta: "1}" },
  ];
  const types = renderAnthropicStream(events).map((frame) => `${frame.event}${"index" in frame.data ? frame.data.index : ""}`);
  assert.deepEqual(types, [
    "message_start",
    "content_block_start0",
    "content_block_delta0",
    "content_block_delta0",
    "content_block_start1",
    "content_block_delta1",
  ]);
});
