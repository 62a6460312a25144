// The loop's edges that no transcript shows: how many turns an aborted run reports, when parallel
// calls start, and what happens to the calls of a reply the model itself gave up on.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type AgentEvent, echo, FakeModel, objectSchema, runAgentLoop, stringValue, type Tool, type ToolCall, ToolRegistry, text } from "../../src/index.ts";

const user = { role: "user" as const, content: "go", timestamp: 0 };
const echoCall = (id: string): ToolCall => ({ type: "toolCall", id, name: "echo", arguments: { value: id } });

/** Two turns of calls, then a final answer: a run that is cut short has replies left over. */
const threeTurns = [{ content: [echoCall("a")] }, { content: [echoCall("b")] }, { content: [text("done")] }];

test("a run aborted between turns reports the turns it made, in its result and in its end event", async (t) => {
  await t.test("aborted once a turn has ended, before the next model request", async () => {
    const controller = new AbortController();
    const events: AgentEvent[] = [];
    const model = new FakeModel(threeTurns);
    const result = await runAgentLoop({
      model,
      registry: new ToolRegistry([echo]),
      messages: [user],
      signal: controller.signal,
      onEvent: (event) => {
        events.push(event);
        if (event.type === "turnEnd" && event.turn === 1) controller.abort(new Error("stop"));
      },
    });
    assert.equal(result.reason, "aborted");
    assert.equal(result.turns, 1);
    assert.equal(model.requests.length, 1, "no model request after the abort");
    const end = events.at(-1);
    assert.deepEqual(end?.type === "end" && [end.reason, end.turns], ["aborted", 1]);
  });

  await t.test("aborted while the event loop has its turn between two turns", async () => {
    const controller = new AbortController();
    const events: AgentEvent[] = [];
    const model = new FakeModel(threeTurns);
    const result = await runAgentLoop({
      model,
      registry: new ToolRegistry([echo]),
      messages: [user],
      signal: controller.signal,
      onEvent: (event) => {
        events.push(event);
        if (event.type !== "turnEnd" || event.turn !== 1) return undefined;
        // The listener holds the run long enough that the loop gives the event loop a turn before
        // the next request; the abort (a Ctrl-C) arrives in that turn, after the turn has ended.
        return new Promise<void>((resolve) =>
          setTimeout(() => {
            setImmediate(() => controller.abort(new Error("stop")));
            resolve();
          }, 20),
        );
      },
    });
    assert.equal(result.reason, "aborted");
    assert.equal(result.turns, 1);
    assert.equal(model.requests.length, 1, "no model request after the abort");
    const end = events.at(-1);
    assert.deepEqual(end?.type === "end" && [end.reason, end.turns], ["aborted", 1]);
  });

  await t.test("aborted before the first request: no turn was made", async () => {
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    const model = new FakeModel(threeTurns);
    const result = await runAgentLoop({ model, registry: new ToolRegistry([echo]), messages: [user], signal: controller.signal });
    assert.deepEqual([result.reason, result.turns, model.requests.length], ["aborted", 0, 0]);
  });
});

test("in parallel, every call of a reply has started before any tool runs, even when the listener returns nothing", async () => {
  const order: string[] = [];
  const noting: Tool<{ value: string }> = {
    name: "note",
    description: "notes when it runs",
    schema: objectSchema({ value: stringValue }),
    async execute({ value }) {
      order.push(`execute ${value}`);
      return { content: [text(value)] };
    },
  };
  const call = (id: string): ToolCall => ({ type: "toolCall", id, name: "note", arguments: { value: id } });
  await runAgentLoop({
    model: new FakeModel([{ content: [call("a"), call("b"), call("c")] }, { content: [text("done")] }]),
    registry: new ToolRegistry([noting]),
    messages: [user],
    toolExecution: "parallel",
    onEvent: (event) => {
      if (event.type === "toolStart") order.push(`start ${event.call.id}`);
    },
  });
  assert.deepEqual(order, ["start a", "start b", "start c", "execute a", "execute b", "execute c"]);
});

test("a reply that stopped with 'aborted' has its calls answered with paired errors, without running them", async () => {
  let runs = 0;
  const counting: Tool<{ value: string }> = {
    ...echo,
    async execute({ value }) {
      runs++;
      return { content: [text(value)] };
    },
  };
  const model = new FakeModel([{ content: [echoCall("x"), echoCall("y")], stopReason: "aborted" }, { content: [text("unused")] }]);
  const result = await runAgentLoop({ model, registry: new ToolRegistry([counting]), messages: [user] });
  assert.equal(runs, 0, "no call of an aborted reply runs");
  assert.equal(result.reason, "modelError");
  const answers = result.history.filter((message) => message.role === "toolResult");
  assert.deepEqual(
    answers.map((message) => [message.toolCallId, message.isError]),
    [
      ["x", true],
      ["y", true],
    ],
  );
  assert.equal(model.unusedReplies().length, 1, "the model is not asked again");
});
