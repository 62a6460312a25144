// Property test: random scripts — any tool names, any JSON as arguments, repeated ids, every
// stopReason, both execution modes — against the loop. Whatever the model sends, every toolCall
// is answered exactly once, in call order, by a result with its id and name; the loop never
// throws on model data; and the FakeModel never sees an unanswered call.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { builtinTools, FakeModel, findPairingProblem, type Message, runAgentLoop, ToolRegistry } from "../../src/index.ts";
import { propertyRuns } from "../property-runs.ts";
import { script } from "./random-scripts.ts";

const RUNS = propertyRuns(1000);

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
    fc.asyncProperty(
      script,
      fc.constantFrom("sequential" as const, "parallel" as const),
      fc.constantFrom("strict" as const, "coerce" as const),
      async (replies, toolExecution, validation) => {
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
      },
    ),
    { numRuns: RUNS },
  );
});
