// Property test: random scripts — any tool names, any JSON as arguments, repeated ids, every
// stopReason, both execution modes — against the loop. Whatever the model sends, every toolCall
// is answered exactly once, in call order, by a result with its id and name; the loop never
// throws on model data; and the FakeModel never sees an unanswered call.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { FakeModel, ToolRegistry, builtinTools, findPairingProblem, runAgentLoop, type Message, type ScriptedReply, type StopReason } from "../src/index.ts";

const RUNS = 1000;

const toolName = fc.constantFrom("calc", "echo", "boom", "slow", "", "missing", "__proto__", "constructor");
const argumentsValue = fc.oneof(
  fc.record({ a: fc.oneof(fc.integer(), fc.double(), fc.string()), b: fc.oneof(fc.integer(), fc.constant(0), fc.string()), op: fc.constantFrom("add", "sub", "mul", "div", "pow") }, { requiredKeys: [] }),
  fc.record({ value: fc.oneof(fc.string(), fc.integer()), ignored: fc.string() }, { requiredKeys: [] }),
  fc.record({ ms: fc.constantFrom(0, 1) }),
  fc.jsonValue({ maxDepth: 3 }),
);
const block = fc.oneof(
  fc.record({ type: fc.constant("text" as const), text: fc.string() }),
  fc.record({ type: fc.constant("toolCall" as const), id: fc.constantFrom("c1", "c2", "c3", ""), name: toolName, arguments: argumentsValue }),
);
const stopReason = fc.option(fc.constantFrom<StopReason>("stop", "length", "toolUse", "error", "aborted"), { nil: undefined });
const reply: fc.Arbitrary<ScriptedReply> = fc.record({ content: fc.array(block, { maxLength: 4 }), stopReason }).map(({ content, stopReason: reason }) => (reason === undefined ? { content } : { content, stopReason: reason }));
const script = fc.tuple(fc.array(reply, { maxLength: 5 }), fc.string()).map(([replies, last]) => [...replies, { content: [{ type: "text" as const, text: last }] }]);

function assertEveryCallAnsweredInOrder(history: readonly Message[]): void {
  history.forEach((message, index) => {
    if (message.role !== "assistant") return;
    const calls = message.content.filter((block) => block.type === "toolCall");
    calls.forEach((call, offset) => {
      const answer = history[index + 1 + offset];
      assert.equal(answer?.role, "toolResult", `call ${offset} of message ${index} is answered next`);
      if (answer?.role === "toolResult") {
        assert.equal(answer.toolCallId, call.id);
        assert.equal(answer.toolName, call.name);
      }
    });
    const after = history[index + 1 + calls.length];
    assert.ok(after === undefined || after.role !== "toolResult", "no extra result");
  });
}

test(`${RUNS} random scripts: every call answered once, in order, and the loop never throws`, async () => {
  await fc.assert(
    fc.asyncProperty(script, fc.constantFrom("sequential" as const, "parallel" as const), fc.constantFrom("strict" as const, "coerce" as const), async (replies, toolExecution, validation) => {
      const model = new FakeModel(replies, { recordRequests: false });
      const before = Object.getOwnPropertyNames(Object.prototype).sort();
      // A FakeModel that found an unanswered call would throw here, and the property would fail.
      const { history } = await runAgentLoop({
        model,
        registry: new ToolRegistry(builtinTools),
        messages: [{ role: "user", content: "go", timestamp: 0 }],
        maxTurns: replies.length,
        toolExecution,
        validation,
      });
      assertEveryCallAnsweredInOrder(history);
      assert.equal(findPairingProblem(history), undefined);
      assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), before);
    }),
    { numRuns: RUNS },
  );
});
