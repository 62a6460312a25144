// FakeModel behaves like a strict provider: replies in order, records what it was sent, refuses a
// history with an unanswered toolCall, and says so loudly when its script runs out.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  type AssistantMessage,
  type Context,
  FakeModel,
  findPairingProblem,
  ModelRequestError,
  ScriptExhaustedError,
  type ToolResultMessage,
  text,
} from "../../src/index.ts";

const call = { type: "toolCall" as const, id: "call_1", name: "calc", arguments: { a: 1, b: 2, op: "add" } };
const user = { role: "user" as const, content: "1 + 2?", timestamp: 0 };
const result = (id: string): ToolResultMessage => ({
  role: "toolResult",
  toolCallId: id,
  toolName: "calc",
  content: [text("3")],
  isError: false,
  timestamp: 0,
});

test("replays the script in order and records every context", async () => {
  const seen: number[] = [];
  const model = new FakeModel([{ content: [text("let me"), call] }, { content: [text("3")] }], {
    now: () => 42,
    onRequest: (_context, index) => seen.push(index),
  });
  const context: Context = { systemPrompt: "sys", messages: [user], tools: [] };
  const first = await model.complete(context);
  assert.deepEqual(first, { role: "assistant", content: [text("let me"), call], stopReason: "toolUse", timestamp: 42 });
  const second = await model.complete({ ...context, messages: [user, first, result("call_1")] });
  assert.equal(second.stopReason, "stop");
  assert.deepEqual(seen, [0, 1]);
  assert.equal(model.requests.length, 2);
  assert.equal(model.requests[1]?.messages.length, 3);
  assert.deepEqual(model.unusedReplies(), []);
  // The record is a copy: later changes to the caller's history do not rewrite it.
  context.messages.push(first);
  assert.equal(model.requests[0]?.messages.length, 1);
});

test("refuses a history in which a toolCall has no toolResult", async () => {
  const model = new FakeModel([{ content: [call] }, { content: [text("?")] }]);
  const first = await model.complete({ messages: [user] });
  await assert.rejects(model.complete({ messages: [user, first] }), (error: unknown) => {
    assert.ok(error instanceof ModelRequestError);
    assert.match(error.message, /^400 invalid_request_error: messages\.1: .*call_1/);
    return true;
  });
  const stray: AssistantMessage = { role: "assistant", content: [text("hi")], stopReason: "stop", timestamp: 0 };
  assert.equal(findPairingProblem([user, stray, result("nobody")])?.kind, "unexpectedResult");
  assert.equal(findPairingProblem([user, first, result("call_1")]), undefined);
});

test("fails loudly when the script runs out and reports unused replies", async () => {
  const model = new FakeModel([{ content: [text("one")] }]);
  await model.complete({ messages: [user] });
  await assert.rejects(model.complete({ messages: [user] }), ScriptExhaustedError);
  const long = new FakeModel([{ content: [text("one")] }, { content: [text("two")] }]);
  await long.complete({ messages: [user] });
  assert.equal(long.unusedReplies().length, 1);
});

test("answers with fresh blocks unless told to hand on the script's own", async () => {
  const script = [{ content: [text("3")] }];
  const copied = await new FakeModel(script).complete({ messages: [user] });
  const block = copied.content[0];
  assert.ok(block?.type === "text");
  // A harness that edits the reply it was given leaves the script as it was.
  block.text = "edited";
  assert.deepEqual(script[0]?.content, [text("3")]);
  const shared = await new FakeModel(script, { copyReplies: false }).complete({ messages: [user] });
  assert.equal(shared.content, script[0]?.content);
});
