// What issue 11 saw the wire view send, each now handled with a note, and how thinking and image
// blocks map in each provider (docs/wire.md).
import assert from "node:assert/strict";
import { test } from "node:test";
import { text } from "../../src/protocol/text.ts";
import type { AssistantMessage, Context, Message, ToolCall, ToolResultMessage } from "../../src/protocol/types.ts";
import { loadAllParts } from "../../src/providers/registry.ts";
import { lintBody } from "../../src/providers/shared/lint-body.ts";
import { BLANK_USER_TEXT } from "../../src/providers/shared/wire-history.ts";
import { renderWireRequest, wireProviders } from "../../src/wire.ts";

const partsOf = await loadAllParts();

const call = (id: string, value = "a"): ToolCall => ({ type: "toolCall", id, name: "echo", arguments: { value } });
const assistant = (...content: AssistantMessage["content"]): AssistantMessage => ({ role: "assistant", content, stopReason: "toolUse", timestamp: 0 });
const result = (id: string, output: string): ToolResultMessage => ({
  role: "toolResult",
  toolCallId: id,
  toolName: "echo",
  content: [text(output)],
  isError: false,
  timestamp: 0,
});
const context = (...messages: Message[]): Context => ({ messages });

test("a whitespace-only text block is left out, with a note, in every provider", () => {
  const history = context({ role: "user", content: "hi", timestamp: 0 }, assistant(text(" "), call("call_1")), result("call_1", "a"));
  const anthropic = renderWireRequest("anthropic", history);
  assert.deepEqual(anthropic.body.messages[1], { role: "assistant", content: [{ type: "tool_use", id: "call_1", name: "echo", input: { value: "a" } }] });
  const gemini = renderWireRequest("gemini", history);
  assert.deepEqual(gemini.body.contents[1]?.parts, [{ functionCall: { name: "echo", args: { value: "a" }, id: "call_1" } }]);
  for (const provider of wireProviders) assert.deepEqual(renderWireRequest(provider, history).notes, [{ kind: "blankTextDropped", messageIndex: 1 }], provider);
});

test("a blank user message is sent with a visible stand-in text, and a note", () => {
  const history = context({ role: "user", content: "   ", timestamp: 0 });
  assert.deepEqual(renderWireRequest("anthropic", history).body.messages, [{ role: "user", content: BLANK_USER_TEXT }]);
  assert.deepEqual(renderWireRequest("gemini", history).body.contents, [{ role: "user", parts: [{ text: BLANK_USER_TEXT }] }]);
  for (const provider of wireProviders)
    assert.deepEqual(renderWireRequest(provider, history).notes, [{ kind: "blankUserMessageFilled", messageIndex: 0, text: BLANK_USER_TEXT }]);
});

test("two calls with one id (violation-duplicate-ids) go out with distinct ids, each result following its call", () => {
  const history = context(
    { role: "user", content: "echo a, then b", timestamp: 0 },
    assistant(call("call_1", "a"), call("call_1", "b")),
    result("call_1", "a"),
    result("call_1", "b"),
  );
  for (const provider of wireProviders) {
    const { body, notes } = renderWireRequest(provider, history);
    const renamed = notes.find((note) => note.kind === "duplicateIdRenamed");
    assert.ok(renamed && renamed.kind === "duplicateIdRenamed" && renamed.id === "call_1" && renamed.occurrence === 2, provider);
    assert.deepEqual(lintBody(body, partsOf(provider).rules), [], provider);
  }
  const anthropic = renderWireRequest("anthropic", history).body.messages;
  const uses = anthropic[1]?.content;
  const results = anthropic[2]?.content;
  assert.ok(Array.isArray(uses) && Array.isArray(results));
  const useIds = uses.flatMap((block) => (block.type === "tool_use" ? [block.id] : []));
  const resultIds = results.flatMap((block) => (block.type === "tool_result" ? [block.tool_use_id] : []));
  assert.equal(new Set(useIds).size, 2);
  assert.deepEqual(resultIds, useIds);
  // The second result ("b") answers the renamed second call.
  assert.deepEqual(
    results.map((block) => (block.type === "tool_result" ? block.content : undefined)),
    ["a", "b"],
  );
});

test("Gemini ids are sanitised like the other providers' (call_abc123|fc_A+/=)", () => {
  const raw = "call_abc123|fc_A+/=";
  const { body, notes } = renderWireRequest("gemini", context({ role: "user", content: "go", timestamp: 0 }, assistant(call(raw)), result(raw, "a")));
  const wireId = body.contents[1]?.parts?.[0]?.functionCall?.id ?? "";
  assert.match(wireId, /^[a-zA-Z0-9_-]{1,64}$/);
  assert.equal(body.contents[2]?.parts?.[0]?.functionResponse?.id, wireId);
  assert.deepEqual(notes, [{ kind: "idRewritten", from: raw, to: wireId }]);
  assert.equal(
    renderWireRequest("anthropic", context({ role: "user", content: "go", timestamp: 0 }, assistant(call(raw)), result(raw, "a"))).notes[0]?.kind,
    "idRewritten",
  );
});

test("a tool name a provider refuses is rewritten in the definition and the calls alike", () => {
  const tools = [{ name: "get weather", description: "d", parameters: { type: "object" } }];
  const history: Context = {
    tools,
    messages: [
      { role: "user", content: "go", timestamp: 0 },
      { ...assistant({ type: "toolCall", id: "c1", name: "get weather", arguments: {} }) },
      { ...result("c1", "sunny"), toolName: "get weather" },
    ],
  };
  for (const provider of wireProviders) {
    const { body, notes } = renderWireRequest(provider, history);
    const note = notes.find((entry) => entry.kind === "toolNameRewritten");
    assert.ok(note && note.kind === "toolNameRewritten" && note.from === "get weather", provider);
    assert.equal(JSON.stringify(body).split(note.to).length - 1 >= 2, true, provider);
    assert.deepEqual(lintBody(body, partsOf(provider).rules), [], provider);
  }
});

const png = { type: "image" as const, data: "iVBORw0KGgo=", mimeType: "image/png" };
const signed = { type: "thinking" as const, thinking: "Add them.", thinkingSignature: "sig" };
const unsigned = { type: "thinking" as const, thinking: "Hmm." };
const rich: Context = {
  messages: [
    { role: "user", content: [text("What is this?"), png], timestamp: 0 },
    assistant(signed, unsigned, { type: "toolCall", id: "c1", name: "echo", arguments: { value: "x" } }),
    { role: "toolResult", toolCallId: "c1", toolName: "echo", content: [text("a picture"), png], isError: false, timestamp: 0 },
  ],
};

test("thinking and images map as each provider requires", () => {
  const chat = renderWireRequest("openai-chat", rich);
  assert.deepEqual(chat.body.messages[0], {
    role: "user",
    content: [
      { type: "text", text: "What is this?" },
      { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
    ],
  });
  assert.deepEqual(
    chat.notes.map((note) => note.kind),
    ["thinkingDropped", "thinkingDropped", "imageDropped"],
  );

  const responses = renderWireRequest("openai-responses", rich);
  assert.deepEqual(Array.isArray(responses.body.input) ? responses.body.input.at(-1) : undefined, {
    type: "function_call_output",
    call_id: "c1",
    output: [
      { type: "input_text", text: "a picture" },
      { type: "input_image", image_url: "data:image/png;base64,iVBORw0KGgo=", detail: "auto" },
    ],
  });

  const anthropic = renderWireRequest("anthropic", rich);
  assert.deepEqual(anthropic.body.messages[1]?.content, [
    { type: "thinking", thinking: "Add them.", signature: "sig" },
    { type: "tool_use", id: "c1", name: "echo", input: { value: "x" } },
  ]);
  assert.deepEqual(anthropic.notes, [{ kind: "thinkingDropped", messageIndex: 1 }]);

  const gemini = renderWireRequest("gemini", rich);
  assert.deepEqual(gemini.body.contents[1]?.parts?.[0], { text: "Add them.", thought: true, thoughtSignature: "sig" });
  assert.deepEqual(gemini.body.contents[2]?.parts?.[0], {
    functionResponse: { name: "echo", id: "c1", response: { output: "a picture" }, parts: [{ inlineData: { mimeType: "image/png", data: "iVBORw0KGgo=" } }] },
  });
  for (const provider of wireProviders) assert.deepEqual(lintBody(renderWireRequest(provider, rich).body, partsOf(provider).rules), [], provider);
});
