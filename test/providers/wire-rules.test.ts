// The wire view's rules, one test each: how every provider carries calls, results and the error
// flag, how ids are rewritten, and what the view adds when the history breaks a provider's rule.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { text } from "../../src/protocol/text.ts";
import type { AssistantMessage, Context, Message, ToolCall, ToolResultMessage, UserMessage } from "../../src/protocol/types.ts";
import { EMPTY_ERROR_TEXT } from "../../src/providers/anthropic/request.ts";
import { isAllowedId, safeIdRule } from "../../src/providers/shared/tool-call-ids.ts";
import { planToolCallIds, renderWireRequest, SYNTHETIC_RESULT_TEXT, type WireNote, wireProviders } from "../../src/wire.ts";

const calcTool = { name: "calc", description: "Does arithmetic.", parameters: { type: "object", properties: { a: { type: "number" } }, required: ["a"] } };
const user = (content: string): UserMessage => ({ role: "user", content, timestamp: 0 });
const call = (id: string, args: Record<string, unknown> = { a: 1 }): ToolCall => ({ type: "toolCall", id, name: "calc", arguments: args });
const assistant = (...content: AssistantMessage["content"]): AssistantMessage => ({ role: "assistant", content, stopReason: "toolUse", timestamp: 0 });
const result = (id: string, output: string, isError = false): ToolResultMessage => ({
  role: "toolResult",
  toolCallId: id,
  toolName: "calc",
  content: [text(output)],
  isError,
  timestamp: 0,
});
const context = (...messages: Message[]): Context => ({ systemPrompt: "Be brief.", messages, tools: [calcTool] });

/** Two calls in one turn, one failing, then a follow-up question from the user. */
const twoCallsThenUser = context(
  user("1 and 2?"),
  assistant(text("Checking."), call("call_1", { a: 1 }), call("call_2", { a: 2 })),
  result("call_1", "1"),
  result("call_2", "bad input", true),
  user("And now?"),
);

test("OpenAI Chat: system message first, function tools, arguments as a JSON string, null content for a call-only reply", () => {
  const { body } = renderWireRequest("openai-chat", context(user("1?"), assistant(call("call_1", { a: 1 })), result("call_1", "1")));
  assert.deepEqual(body.messages[0], { role: "system", content: "Be brief." });
  assert.deepEqual(body.tools, [{ type: "function", function: calcTool }]);
  assert.deepEqual(body.messages[2], {
    role: "assistant",
    content: null,
    tool_calls: [{ id: "call_1", type: "function", function: { name: "calc", arguments: '{"a":1}' } }],
  });
});

test("OpenAI Chat: each result is a role:tool message with tool_call_id, and an error has no flag, only its text", () => {
  const { body } = renderWireRequest("openai-chat", twoCallsThenUser);
  assert.deepEqual(body.messages.slice(3), [
    { role: "tool", tool_call_id: "call_1", content: "1" },
    { role: "tool", tool_call_id: "call_2", content: "bad input" },
    { role: "user", content: "And now?" },
  ]);
  assert.equal(body.messages[2]?.role === "assistant" ? body.messages[2].content : undefined, "Checking.");
});

test("OpenAI Responses: instructions, flat non-strict tools, and calls and results as input items", () => {
  const { body } = renderWireRequest("openai-responses", twoCallsThenUser);
  assert.equal(body.instructions, "Be brief.");
  assert.deepEqual(body.tools, [{ type: "function", ...calcTool, strict: false }]);
  assert.deepEqual(body.input, [
    { type: "message", role: "user", content: "1 and 2?" },
    { type: "message", role: "assistant", content: "Checking." },
    { type: "function_call", call_id: "call_1", name: "calc", arguments: '{"a":1}' },
    { type: "function_call", call_id: "call_2", name: "calc", arguments: '{"a":2}' },
    { type: "function_call_output", call_id: "call_1", output: "1" },
    { type: "function_call_output", call_id: "call_2", output: "bad input" },
    { type: "message", role: "user", content: "And now?" },
  ]);
});

test("Anthropic: tool_use with an object input, then ALL results of the turn first in the next user message, with is_error", () => {
  const { body } = renderWireRequest("anthropic", twoCallsThenUser);
  assert.equal(body.system, "Be brief.");
  assert.equal(typeof body.max_tokens, "number");
  assert.deepEqual(body.tools, [{ name: "calc", description: "Does arithmetic.", input_schema: calcTool.parameters }]);
  assert.deepEqual(body.messages.slice(1), [
    {
      role: "assistant",
      content: [
        { type: "text", text: "Checking." },
        { type: "tool_use", id: "call_1", name: "calc", input: { a: 1 } },
        { type: "tool_use", id: "call_2", name: "calc", input: { a: 2 } },
      ],
    },
    {
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "call_1", content: "1", is_error: false },
        { type: "tool_result", tool_use_id: "call_2", content: "bad input", is_error: true },
        { type: "text", text: "And now?" },
      ],
    },
  ]);
});

test("Anthropic: an error result never goes out empty", () => {
  const { body } = renderWireRequest("anthropic", context(user("?"), assistant(call("call_1")), result("call_1", "", true)));
  const last = body.messages.at(-1);
  assert.deepEqual(last?.content, [{ type: "tool_result", tool_use_id: "call_1", content: EMPTY_ERROR_TEXT, is_error: true }]);
});

test("Gemini: model role, functionCall with id, results grouped in one user content as output or error, parametersJsonSchema", () => {
  const { body, endpoint } = renderWireRequest("gemini", twoCallsThenUser);
  assert.match(endpoint, /models\/fake-model:generateContent$/);
  assert.deepEqual(body.systemInstruction, { parts: [{ text: "Be brief." }] });
  assert.deepEqual(body.tools, [{ functionDeclarations: [{ name: "calc", description: "Does arithmetic.", parametersJsonSchema: calcTool.parameters }] }]);
  assert.deepEqual(body.contents.slice(1), [
    {
      role: "model",
      parts: [
        { text: "Checking." },
        { functionCall: { name: "calc", args: { a: 1 }, id: "call_1" } },
        { functionCall: { name: "calc", args: { a: 2 }, id: "call_2" } },
      ],
    },
    {
      role: "user",
      parts: [
        { functionResponse: { name: "calc", id: "call_1", response: { output: "1" } } },
        { functionResponse: { name: "calc", id: "call_2", response: { error: "bad input" } } },
        { text: "And now?" },
      ],
    },
  ]);
});

test("ids a provider refuses are rewritten the same way in the call and its result, with a note", () => {
  const odd = `call_abc|fc_${"x".repeat(60)}`;
  const { body, notes } = renderWireRequest("anthropic", context(user("?"), assistant(call(odd)), result(odd, "1")));
  const [, toolUse] = body.messages;
  const [toolResult] = body.messages.slice(2);
  const useId = Array.isArray(toolUse?.content) && toolUse.content[0]?.type === "tool_use" ? toolUse.content[0].id : undefined;
  const resultId = Array.isArray(toolResult?.content) && toolResult.content[0]?.type === "tool_result" ? toolResult.content[0].tool_use_id : undefined;
  assert.ok(useId);
  assert.equal(resultId, useId);
  assert.match(useId, /^[a-zA-Z0-9_-]{1,64}$/);
  assert.deepEqual(notes, [{ kind: "idRewritten", from: odd, to: useId }]);

  // OpenAI Chat allows 40 characters. Gemini documents no rule, but gets the same safe set, so one
  // history shows the same ids in every view (issue 11: raw ids reached Gemini unsanitised).
  const chat = renderWireRequest("openai-chat", context(user("?"), assistant(call(odd)), result(odd, "1")));
  assert.ok(chat.notes.every((note) => note.kind !== "idRewritten" || note.to.length <= 40));
  assert.equal(chat.notes.length, 1);
  assert.deepEqual(renderWireRequest("gemini", context(user("?"), assistant(call(odd)), result(odd, "1"))).notes, [
    { kind: "idRewritten", from: odd, to: useId },
  ]);
});

test("distinct ids never collide after rewriting, and valid ids are kept", () => {
  const rule = safeIdRule(64);
  // "a.b" and "a:b" sanitise to the same text; "a_b" is valid and must keep its own id.
  const plan = planToolCallIds(["a.b", "a:b", "a_b"], rule);
  assert.equal(plan.get("a_b"), "a_b");
  assert.equal(new Set(plan.values()).size, 3);
  fc.assert(
    fc.property(fc.uniqueArray(fc.string({ maxLength: 90 }), { maxLength: 20 }), fc.integer({ min: 12, max: 64 }), (ids, maxLength) => {
      const idRule = safeIdRule(maxLength);
      const rewritten = planToolCallIds(ids, idRule);
      assert.equal(new Set(rewritten.values()).size, ids.length);
      for (const id of ids) {
        const wireId = rewritten.get(id) ?? "";
        assert.ok(isAllowedId(wireId, idRule), `${JSON.stringify(wireId)} breaks the rule`);
        if (isAllowedId(id, idRule)) assert.equal(wireId, id);
      }
      // Stable: the same ids always give the same plan.
      assert.deepEqual(planToolCallIds(ids, idRule), rewritten);
    }),
  );
});

test("an unanswered call gets a synthetic error result in every provider, and a note says so", () => {
  const cutOff = context(user("?"), assistant(text("Let me see."), call("call_1")));
  const expectedNote: WireNote = { kind: "syntheticResult", toolCallId: "call_1", toolName: "calc", text: SYNTHETIC_RESULT_TEXT };
  for (const provider of wireProviders) assert.deepEqual(renderWireRequest(provider, cutOff).notes, [expectedNote], provider);

  assert.deepEqual(renderWireRequest("openai-chat", cutOff).body.messages.at(-1), { role: "tool", tool_call_id: "call_1", content: SYNTHETIC_RESULT_TEXT });
  assert.deepEqual(renderWireRequest("openai-responses", cutOff).body.input, [
    { type: "message", role: "user", content: "?" },
    { type: "message", role: "assistant", content: "Let me see." },
    { type: "function_call", call_id: "call_1", name: "calc", arguments: '{"a":1}' },
    { type: "function_call_output", call_id: "call_1", output: SYNTHETIC_RESULT_TEXT },
  ]);
  assert.deepEqual(renderWireRequest("anthropic", cutOff).body.messages.at(-1), {
    role: "user",
    content: [{ type: "tool_result", tool_use_id: "call_1", content: SYNTHETIC_RESULT_TEXT, is_error: true }],
  });
  assert.deepEqual(renderWireRequest("gemini", cutOff).body.contents.at(-1), {
    role: "user",
    parts: [{ functionResponse: { name: "calc", id: "call_1", response: { error: SYNTHETIC_RESULT_TEXT } } }],
  });
});

test("a call left unanswered before the user speaks again is answered in place, ahead of the user's text", () => {
  const { body, notes } = renderWireRequest("anthropic", context(user("?"), assistant(call("call_1"), call("call_2")), result("call_2", "2"), user("Go on.")));
  assert.deepEqual(body.messages.at(-1), {
    role: "user",
    content: [
      { type: "tool_result", tool_use_id: "call_1", content: SYNTHETIC_RESULT_TEXT, is_error: true },
      { type: "tool_result", tool_use_id: "call_2", content: "2", is_error: false },
      { type: "text", text: "Go on." },
    ],
  });
  assert.deepEqual(
    notes.map((note) => note.kind),
    ["syntheticResult"],
  );
});

test("a second result for a reply's only call is stray: the call is answered once, by the first", () => {
  const { body, notes } = renderWireRequest("openai-chat", context(user("?"), assistant(call("call_1")), result("call_1", "1"), result("call_1", "again")));
  assert.deepEqual(
    body.messages.filter((message) => message.role === "tool"),
    [{ role: "tool", tool_call_id: "call_1", content: "1" }],
  );
  assert.deepEqual(notes, [{ kind: "strayResultDropped", toolCallId: "call_1", messageIndex: 3 }]);
});

test("what no provider accepts is left out with a note: a stray result, an empty reply, non-object arguments", () => {
  const { body, notes } = renderWireRequest("openai-chat", context(user("?"), result("nobody", "1"), assistant(text(""))));
  assert.deepEqual(body.messages.slice(1), [{ role: "user", content: "?" }]);
  assert.deepEqual(notes, [
    { kind: "strayResultDropped", toolCallId: "nobody", messageIndex: 1 },
    { kind: "emptyAssistantDropped", messageIndex: 2 },
  ]);

  // JSON.parse gives arguments a model might really send, whatever ToolCall["arguments"] is declared as.
  const listArguments: ToolCall = { type: "toolCall", id: "call_1", name: "calc", arguments: JSON.parse("[1, 2]") };
  const odd = context(user("?"), assistant(listArguments), result("call_1", "1"));
  // OpenAI's arguments string must hold an object too (its lint rule "arguments-not-object").
  assert.equal(
    renderWireRequest("openai-chat", odd).body.messages.some((message) => message.role === "assistant" && JSON.stringify(message).includes('"arguments":"{}"')),
    true,
  );
  for (const provider of wireProviders) {
    assert.deepEqual(renderWireRequest(provider, odd).notes, [{ kind: "argumentsReplaced", toolCallId: "call_1", original: [1, 2] }], provider);
  }
});

test("renderers are pure: the context is left as it was, and bodies share no objects with it", () => {
  const before = structuredClone(twoCallsThenUser);
  for (const provider of wireProviders) {
    const first = renderWireRequest(provider, twoCallsThenUser);
    assert.deepEqual(renderWireRequest(provider, twoCallsThenUser), first);
    // Mutating every object of the body must not reach the history.
    const scribble = (value: unknown): void => {
      if (typeof value !== "object" || value === null) return;
      for (const child of Object.values(value)) scribble(child);
      if (!Array.isArray(value)) Object.assign(value, { scribbled: true });
    };
    scribble(first.body);
  }
  assert.deepEqual(twoCallsThenUser, before);
});
