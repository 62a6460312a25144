// Round trip, per provider: a random reply streamed in random fragments (sometimes cut: length,
// error, abort) is rendered as that provider's server-sent events, written out as SSE text, read
// back, parsed and consumed — and gives the message the neutral stream gave, up to what the
// provider's format cannot carry (listed in `normalise`). 1,000 replies per provider.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { renderAnthropicStream } from "../src/providers/anthropic/render-stream.ts";
import { parseGeminiStream } from "../src/providers/gemini/parse-stream.ts";
import { geminiArgs, renderGeminiStream } from "../src/providers/gemini/render-stream.ts";
import { formatSse, readSse } from "../src/providers/sse.ts";
import { parseWireStream, renderWireStream } from "../src/providers/wire-stream.ts";
import type { SseFrame } from "../src/render/stream-narration.ts";
import { consumeStream, type StreamEnding } from "../src/stream/consume-stream.ts";
import type { AssistantStreamEvent } from "../src/stream/events.ts";
import { streamSteps, type StreamPlan } from "../src/stream/stream-plan.ts";
import { wireProviders, type WireProvider } from "../src/wire/wire-request.ts";
import type { AssistantMessage, StopReason, TextContent, ToolCall } from "../src/types.ts";

const RUNS = 1000;

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
    fc.record({ type: fc.constant("toolCall" as const), id: fc.constantFrom("call_1", "toolu_01", "c 3", ""), name: fc.constantFrom("calc", "echo", "weird name"), arguments: args }),
  );
const stopReason = fc.constantFrom<StopReason>("stop", "length", "toolUse", "error", "aborted");
const plan = fc.oneof(
  fc.record({ chunk: fc.integer({ min: 1, max: 9 }) }),
  fc.record({ chunk: fc.integer({ min: 1, max: 9 }), cut: fc.record({ after: fc.integer({ min: 1, max: 12 }), reason: fc.constantFrom("length" as const, "error" as const, "stall" as const), errorMessage: fc.option(fc.string(), { nil: undefined }) }, { requiredKeys: ["reason"] }) }),
);
const reply = (args: fc.Arbitrary<unknown>) =>
  fc.record({ content: fc.array(block(args), { maxLength: 4 }), stopReason, errorMessage: fc.option(fc.string({ minLength: 1 }), { nil: undefined }), plan: plan });

/** A reply's neutral events; a stall ends as the abort that would end it. */
function neutralEvents({ content, stopReason: reason, errorMessage, plan: streamPlan }: { content: (TextContent | ToolCall)[]; stopReason: StopReason; errorMessage: string | undefined; plan: StreamPlan }): AssistantStreamEvent[] {
  const message: AssistantMessage = { role: "assistant", content, stopReason: reason, ...(errorMessage === undefined ? {} : { errorMessage }), timestamp: 5 };
  return streamSteps(message, streamPlan).map((step) => (step.kind === "event" ? step.event : { type: "error", reason: "aborted", errorMessage: "interrupted" }));
}

async function consume(events: readonly AssistantStreamEvent[]): Promise<StreamEnding> {
  return consumeStream((async function* () {
    yield* events;
  })());
}

/** What each provider's format cannot carry, applied to the neutral message. */
function normalise(provider: WireProvider | "gemini-partial", message: AssistantMessage): { content: unknown[]; stopReason: StopReason; errorMessage?: string } {
  let content: (TextContent | ToolCall)[] = message.content.map((item) => ({ ...item }));
  const mergesText = provider === "openai-chat" || provider === "gemini" || provider === "gemini-partial";
  if (mergesText) {
    // No text block boundaries: adjacent texts arrive as one, an empty one not at all.
    const merged: (TextContent | ToolCall)[] = [];
    for (const item of content) {
      const last = merged[merged.length - 1];
      if (item.type === "text" && item.text === "") continue;
      if (item.type === "text" && last?.type === "text") merged[merged.length - 1] = { type: "text", text: last.text + item.text };
      else merged.push(item);
    }
    content = merged;
  }
  if (provider === "gemini" || provider === "gemini-partial") {
    // Gemini's args are an object; streamed ones are leaves, so a (partial) empty object or array has no entry.
    const args = provider === "gemini" ? geminiArgs : (value: unknown) => stripEmpty(geminiArgs(value));
    content = content.map((item) => (item.type === "toolCall" ? { ...item, arguments: args(item.arguments) } : item));
  }
  let stop = message.stopReason;
  // Responses and Gemini have no tool-use reason: a finished reply with a call is "toolUse".
  if ((provider === "openai-responses" || provider === "gemini" || provider === "gemini-partial") && (stop === "stop" || stop === "toolUse")) stop = content.some((item) => item.type === "toolCall") ? "toolUse" : "stop";
  // An error event's message is a required string on every wire: an empty one reads back as none.
  return { content, stopReason: stop, ...(message.errorMessage === undefined || message.errorMessage === "" ? {} : { errorMessage: message.errorMessage }) };
}

function stripEmpty(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(stripEmpty);
    while (items.length > 0 && isEmpty(items[items.length - 1])) items.pop();
    return items;
  }
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, stripEmpty(item)]).filter(([, item]) => !isEmpty(item)));
  return value;
}
function isEmpty(value: unknown): boolean {
  return typeof value === "object" && value !== null && Object.keys(value).length === 0;
}

function throughSseText(frames: readonly SseFrame[]): SseFrame[] {
  const { frames: read, problems } = readSse(formatSse(frames));
  assert.deepEqual(problems, []);
  return read;
}

async function roundTrip(provider: WireProvider | "gemini-partial", events: AssistantStreamEvent[]): Promise<void> {
  const neutral = await consume(events);
  const frames =
    provider === "gemini-partial" ? renderGeminiStream(events, "partialArgs") : (renderWireStream(provider, events).variants[0]?.frames ?? []);
  const parsed = provider === "gemini-partial" ? parseGeminiStream(throughSseText(frames)) : parseWireStream(provider, throughSseText(frames));
  assert.deepEqual(parsed.problems, []);
  const rebuilt = await consume(parsed.events);
  let expected = normalise(provider, neutral.message);
  // Classic Gemini sends a call only once it is whole: an unfinished one never reaches the wire.
  if (provider === "gemini") {
    const ended = new Set(events.flatMap((event) => (event.type === "toolcall_end" ? [event.contentIndex] : [])));
    const started = events.flatMap((event) => (event.type === "toolcall_start" || event.type === "text_start" ? [event] : []));
    const unfinished = new Set(started.filter((event) => event.type === "toolcall_start" && !ended.has(event.contentIndex)).map((event) => event.contentIndex));
    const kept = neutral.message.content.filter((_item, index) => !unfinished.has(index));
    expected = normalise(provider, { ...neutral.message, content: kept });
  }
  const terminated = events.some((event) => event.type === "done" || (event.type === "error" && event.reason === "error"));
  if (!terminated) {
    // An abort is the client hanging up: the wire shows a stream that simply ends.
    assert.equal(rebuilt.unterminated, true);
    assert.deepEqual(rebuilt.message.content, expected.content);
    return;
  }
  const { timestamp: _timestamp, role: _role, ...actual } = rebuilt.message;
  assert.deepEqual(actual, expected);
}

for (const provider of [...wireProviders, "gemini-partial" as const]) {
  test(`${provider}: random replies in random fragments survive the round trip through its events`, async () => {
    await fc.assert(
      fc.asyncProperty(reply(provider === "gemini-partial" ? leafyJson : json), async (generated) => roundTrip(provider, neutralEvents(generated))),
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
  assert.deepEqual(types, ["message_start", "content_block_start0", "content_block_delta0", "content_block_delta0", "content_block_start1", "content_block_delta1"]);
});
