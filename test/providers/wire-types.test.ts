// The wire bodies against the providers' own SDK types. The compile-time half is the typed
// assignments below (tsc --noEmit checks them); the run-time half renders every request of every
// episode of every fixture and checks the pairing invariants each provider enforces.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { MessageCreateParamsNonStreaming } from "@anthropic-ai/sdk/resources/messages";
import type { GenerateContentParameters } from "@google/genai";
import type { ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import type { ResponseCreateParamsNonStreaming } from "openai/resources/responses/responses";
import { renderWireTable } from "../../scripts/wire-table.ts";
import type { Context } from "../../src/protocol/types.ts";
import { type GeminiGenerateContentBody, renderWireRequest, WIRE_MODEL, type WireRequest, wireProviders } from "../../src/wire.ts";
import { fixtureSamples } from "./fixture-samples.ts";

/** True only when A and B are the same type; a mismatch fails `tsc`, not the run. */
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertType<T extends true>(_proof?: T): void {}

assertType<Equals<WireRequest<"openai-chat">["body"], ChatCompletionCreateParamsNonStreaming>>();
assertType<Equals<WireRequest<"openai-responses">["body"], ResponseCreateParamsNonStreaming>>();
assertType<Equals<WireRequest<"anthropic">["body"], MessageCreateParamsNonStreaming>>();
assertType<Equals<WireRequest<"gemini">["body"], GeminiGenerateContentBody>>();

/** Every body, assigned to its SDK type: the compiler proves each renderer's output fits. */
function renderAll(context: Context) {
  const openaiChat: ChatCompletionCreateParamsNonStreaming = renderWireRequest("openai-chat", context).body;
  const openaiResponses: ResponseCreateParamsNonStreaming = renderWireRequest("openai-responses", context).body;
  const anthropic: MessageCreateParamsNonStreaming = renderWireRequest("anthropic", context).body;
  const gemini: GeminiGenerateContentBody = renderWireRequest("gemini", context).body;
  // The Gemini REST body has no SDK type; its parts must still slot into the SDK's own call shape.
  const geminiSdkCall: GenerateContentParameters = {
    model: WIRE_MODEL,
    contents: gemini.contents,
    config: { ...(gemini.systemInstruction ? { systemInstruction: gemini.systemInstruction } : {}), ...(gemini.tools ? { tools: gemini.tools } : {}) },
  };
  return { openaiChat, openaiResponses, anthropic, gemini, geminiSdkCall };
}

function checkOpenAIChat(body: ChatCompletionCreateParamsNonStreaming): void {
  body.messages.forEach((message, index) => {
    if (message.role !== "assistant" || !message.tool_calls) return;
    const answers = body.messages.slice(index + 1, index + 1 + message.tool_calls.length);
    message.tool_calls.forEach((toolCall, callIndex) => {
      assert.equal(toolCall.type, "function");
      if (toolCall.type === "function") assert.equal(typeof JSON.parse(toolCall.function.arguments), "object");
      const answer = answers[callIndex];
      assert.equal(answer?.role === "tool" ? answer.tool_call_id : undefined, toolCall.id);
    });
  });
}

function checkOpenAIResponses(body: ResponseCreateParamsNonStreaming): void {
  const items = Array.isArray(body.input) ? body.input : [];
  const callIds = items.flatMap((item) => (item.type === "function_call" ? [item.call_id] : []));
  const outputIds = items.flatMap((item) => (item.type === "function_call_output" ? [item.call_id] : []));
  assert.deepEqual(outputIds, callIds);
  for (const [index, item] of items.entries()) {
    if (item.type !== "function_call") continue;
    assert.ok(items.slice(index + 1).some((later) => later.type === "function_call_output" && later.call_id === item.call_id));
  }
}

function checkAnthropic(body: MessageCreateParamsNonStreaming): void {
  body.messages.forEach((message, index) => {
    if (message.role !== "assistant" || typeof message.content === "string") return;
    const toolUseIds = message.content.flatMap((block) => (block.type === "tool_use" ? [block.id] : []));
    if (toolUseIds.length === 0) return;
    const next = body.messages[index + 1];
    assert.equal(next?.role, "user");
    const blocks = next && typeof next.content !== "string" ? next.content : [];
    // The results come first, one per tool_use and in its order, before anything else.
    assert.deepEqual(
      blocks.slice(0, toolUseIds.length).map((block) => (block.type === "tool_result" ? block.tool_use_id : block.type)),
      toolUseIds,
    );
    for (const id of toolUseIds) assert.match(id, /^[a-zA-Z0-9_-]{1,64}$/);
    for (const block of blocks) if (block.type === "tool_result" && block.is_error) assert.ok(block.content && block.content.length > 0);
  });
}

function checkGemini(body: GeminiGenerateContentBody): void {
  body.contents.forEach((content, index) => {
    assert.ok(content.role === "user" || content.role === "model");
    const calls = content.parts?.flatMap((part) => (part.functionCall ? [part.functionCall] : [])) ?? [];
    if (calls.length === 0) return;
    const responses = body.contents[index + 1]?.parts?.flatMap((part) => (part.functionResponse ? [part.functionResponse] : [])) ?? [];
    assert.deepEqual(
      responses.map((response) => [response.id, response.name]),
      calls.map((functionCall) => [functionCall.id, functionCall.name]),
    );
  });
}

test("every fixture's requests render, for every provider, into bodies that keep each provider's pairing rules", async () => {
  const samples = await fixtureSamples();
  assert.ok(samples.length > 0);
  for (const { name, context } of samples) {
    const bodies = renderAll(context);
    for (const body of Object.values(bodies)) assert.deepEqual(JSON.parse(JSON.stringify(body)), body, `${name}: plain JSON`);
    checkOpenAIChat(bodies.openaiChat);
    checkOpenAIResponses(bodies.openaiResponses);
    checkAnthropic(bodies.anthropic);
    checkGemini(bodies.gemini);
    // The agent loop answers every call it appends, so its histories never need a made-up result.
    for (const provider of wireProviders) {
      assert.deepEqual(
        renderWireRequest(provider, context).notes.filter((note) => note.kind === "syntheticResult"),
        [],
        `${name} (${provider})`,
      );
    }
  }
});

test("the wire table renders from the renderers' output", () => {
  const table = renderWireTable();
  const lines = table.trimEnd().split("\n");
  assert.match(lines[0] ?? "", /^\| +\| `openai-chat` \| `openai-responses` \| `anthropic` \| `gemini` \|$/);
  assert.equal(lines.length, 9);
  for (const line of lines) assert.equal(line.split(/(?<!\\)\|/).length, 7, line);
  assert.match(table, /`is_error`: `false` → `true`/);
  assert.match(table, /`response\.error` instead of `response\.output`/);
  assert.match(table, /"signature":"sig"/);
  assert.match(table, /"inlineData":\{"mimeType":"image\/png"/);
});
