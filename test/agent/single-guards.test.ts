// A second, independent check for behaviours that rested on one test each: FakeModel refusing a
// history with an unanswered call, Anthropic's rule that a turn's tool_result blocks open the next
// user message (before any user text), and a tool that hands back a non-boolean `isError`. Each is
// reached here by another road than its first test: other histories, generated ones, the loop.
// Only the public entries are used ("tool-call-playground", "tool-call-playground/wire").
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import {
  type AssistantMessage,
  FakeModel,
  type Message,
  ModelRequestError,
  objectSchema,
  runAgentLoop,
  stringValue,
  type Tool,
  type ToolCall,
  type ToolOutput,
  ToolRegistry,
  type ToolResultMessage,
  text,
  type UserMessage,
} from "tool-call-playground";
import { renderWireRequest } from "tool-call-playground/wire";
import { propertyRuns } from "../property-runs.ts";

const user = (content: string): UserMessage => ({ role: "user", content, timestamp: 0 });
const call = (id: string): ToolCall => ({ type: "toolCall", id, name: "echo", arguments: { value: id } });
const assistant = (...content: AssistantMessage["content"]): AssistantMessage => ({ role: "assistant", content, stopReason: "toolUse", timestamp: 0 });
const result = (id: string, output = id, isError = false): ToolResultMessage => ({
  role: "toolResult",
  toolCallId: id,
  toolName: "echo",
  content: [text(output)],
  isError,
  timestamp: 0,
});

// ---- FakeModel: an unanswered call is refused, wherever it hides -------------------------------

test("FakeModel refuses a history where one call of a reply got its result and the other did not", async () => {
  const model = new FakeModel([{ content: [text("never sent")] }]);
  const history: Message[] = [user("two things"), assistant(call("call_a"), call("call_b")), result("call_a")];
  await assert.rejects(model.complete({ messages: history }), (error: unknown) => {
    assert.ok(error instanceof ModelRequestError, "a 400-style refusal, not a reply");
    assert.equal(error.problem?.kind, "unanswered");
    assert.deepEqual(error.problem?.toolCallIds, ["call_b"], "only the call left without a result is named");
    assert.equal(error.problem?.messageIndex, 1);
    return true;
  });
  assert.equal(model.unusedReplies().length, 1, "a refused request uses up no reply");
});

test("FakeModel refuses an unanswered call even when the conversation went on after it", async () => {
  const history: Message[] = [user("first"), assistant(call("early")), user("second"), assistant(text("ok"))];
  const model = new FakeModel([{ content: [text("never sent")] }]);
  await assert.rejects(
    model.complete({ messages: history }),
    (error: unknown) => error instanceof ModelRequestError && error.problem?.kind === "unanswered" && error.problem.toolCallIds.includes("early"),
  );

  // The same history with the result in place is a valid request and gets the scripted reply.
  const answered = new FakeModel([{ content: [text("fine")] }]);
  const reply = await answered.complete({ messages: [user("first"), assistant(call("early")), result("early"), user("second")] });
  assert.deepEqual(reply.content, [text("fine")]);
});

test("FakeModel keeps refusing when a harness drops a result between two requests of one run", async () => {
  // A harness that forgets the second result of a turn: the loop's own history is fine, so this
  // one is built by hand, a request at a time, as a broken harness would send it.
  const model = new FakeModel([{ content: [call("x1"), call("x2")] }, { content: [text("done")] }]);
  const history: Message[] = [user("go")];
  const first = await model.complete({ messages: history });
  history.push(first, result("x1"));
  await assert.rejects(model.complete({ messages: history }), ModelRequestError);
  history.push(result("x2"));
  assert.deepEqual((await model.complete({ messages: history })).content, [text("done")], "answered, the same request goes through");
});

// ---- Anthropic: results first in the next user message, user text after them --------------------

interface TurnShape {
  calls: number;
  errors: boolean[];
  userTexts: string[];
}

/** A history of several tool turns, each followed by zero or more user messages. */
function historyOf(turns: readonly TurnShape[]): Message[] {
  const messages: Message[] = [user("start")];
  turns.forEach((turn, turnIndex) => {
    const ids = Array.from({ length: turn.calls }, (_, index) => `t${turnIndex}_c${index}`);
    messages.push(assistant(text(`turn ${turnIndex}`), ...ids.map(call)));
    ids.forEach((id, index) => messages.push(result(id, `out ${id}`, turn.errors[index] ?? false)));
    for (const words of turn.userTexts) messages.push(user(words));
  });
  return messages;
}

function checkResultsFirst(messages: Message[], label: string): void {
  const { body } = renderWireRequest("anthropic", { messages });
  body.messages.forEach((message, index) => {
    if (message.role !== "assistant" || typeof message.content === "string") return;
    const toolUses = message.content.flatMap((block) => (block.type === "tool_use" ? [block.id] : []));
    if (toolUses.length === 0) return;
    const next = body.messages[index + 1];
    assert.equal(next?.role, "user", `${label}: a user message follows the tool_use turn`);
    const blocks = next && typeof next.content !== "string" ? next.content : [];
    const kinds = blocks.map((block) => block.type);
    // Every tool_result before the first text: Anthropic refuses text ahead of results.
    const firstText = kinds.indexOf("text");
    const lastResult = kinds.lastIndexOf("tool_result");
    assert.ok(firstText === -1 || lastResult < firstText, `${label}: message ${index + 1} is ${kinds.join(", ")}`);
    assert.deepEqual(
      blocks.filter((block) => block.type === "tool_result").map((block) => (block.type === "tool_result" ? block.tool_use_id : "")),
      toolUses,
      `${label}: one result per tool_use, in call order`,
    );
  });
}

test("Anthropic: a result followed by the user's next question — results first, the question after", () => {
  const messages = [user("1?"), assistant(call("call_1")), result("call_1", "1"), user("And 2?")];
  const { body } = renderWireRequest("anthropic", { messages });
  const last = body.messages.at(-1);
  assert.equal(last?.role, "user");
  const blocks = last && typeof last.content !== "string" ? last.content : [];
  assert.deepEqual(
    blocks.map((block) => block.type),
    ["tool_result", "text"],
  );
  assert.equal(blocks[1]?.type === "text" ? blocks[1].text : undefined, "And 2?");
  checkResultsFirst(messages, "one call, one question");
});

test("Anthropic: in generated histories, every user message holding results starts with all of them", () => {
  const turnShape = fc.record({
    calls: fc.integer({ min: 1, max: 3 }),
    errors: fc.array(fc.boolean(), { maxLength: 3 }),
    userTexts: fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 2 }),
  });
  fc.assert(
    fc.property(fc.array(turnShape, { minLength: 1, maxLength: 4 }), (turns) => {
      checkResultsFirst(historyOf(turns), JSON.stringify(turns));
    }),
    { numRuns: propertyRuns(200), seed: 16 },
  );
  // At least one generated history must really have user text after results: the case that matters.
  const withText = historyOf([{ calls: 2, errors: [false, true], userTexts: ["next", "and more"] }]);
  checkResultsFirst(withText, "two results, two user messages");
});

// ---- a tool's isError must be a boolean ----------------------------------------------------------

const valueSchema = objectSchema({ value: stringValue });

/** A tool whose output claims an isError that is not a boolean. */
function liar(isError: unknown): Tool<{ value: string }> {
  return {
    name: "echo",
    description: "returns a malformed isError",
    schema: valueSchema,
    async execute({ value }) {
      const output: ToolOutput = { content: [text(value)] };
      // Written around the type on purpose: tools come from anywhere, and JavaScript has no types.
      Reflect.set(output, "isError", isError);
      return output;
    },
  };
}

test("in a run, a tool's non-boolean isError becomes an isError: true result the model can read", async () => {
  for (const claimed of ["yes", "false", 0, 1, null, {}]) {
    const model = new FakeModel([{ content: [call("c1")] }, { content: [text("ok")] }]);
    const ends: unknown[] = [];
    const run = await runAgentLoop({
      model,
      registry: new ToolRegistry([liar(claimed)]),
      messages: [user("go")],
      now: () => 0,
      onEvent: (event) => {
        if (event.type === "toolEnd") ends.push(event.trace.result.isError);
      },
    });
    const answer = run.history.find((message): message is ToolResultMessage => message.role === "toolResult");
    assert.ok(answer, `isError ${JSON.stringify(claimed)}: the call is answered`);
    assert.equal(answer.isError, true, `isError ${JSON.stringify(claimed)}: the result is a failure, flagged with a real boolean`);
    assert.match(answer.content.map((block) => (block.type === "text" ? block.text : "")).join(""), /isError/, "the message says what the tool got wrong");
    assert.deepEqual(ends, [true]);
    assert.equal(run.reason, "stop", "the loop goes on: the model reads the failure");
  }
});
