// The agent loop's promises that no other test pins (issue 42, "Pin first"): an abort between
// turns counts only the turns made; a parallel reply starts every call before any runs, whatever
// the listener returns; a reply the model itself aborted has its calls refused, as an errored one.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import {
  type AgentEvent,
  type AgentEventListener,
  echo,
  FakeModel,
  findPairingProblem,
  runAgentLoop,
  type ScriptedReply,
  type StopReason,
  type Tool,
  type ToolCall,
  ToolRegistry,
  text,
} from "../../src/index.ts";

const user = { role: "user" as const, content: "go", timestamp: 0 };
const toolCall = (id: string, name: string, args: unknown): ToolCall => ({ type: "toolCall", id, name, arguments: args });

/** A tool that takes `ms` of real time: long enough that the loop lets the event loop have a turn
 *  before it asks the model again, as a run of real tools does. */
function pause(ms: number): Tool<{ value: string }> {
  return {
    ...echo,
    name: "pause",
    async execute({ value }) {
      await sleep(ms);
      return { content: [text(value)] };
    },
  };
}

test("a run aborted between turns reports the turns it made, in its result and its end event", async () => {
  // Two moments between turns: while the last turn's end is told, and after it, when a signal
  // (Ctrl-C, a timeout) can first arrive: the loop lets the event loop have a turn before it asks
  // the model again once a turn took real time, as the 20 ms tool's did.
  const moments = {
    "during turnEnd": (abort: () => void) => abort(),
    "after turnEnd, before the next request": (abort: () => void) => void setImmediate(abort),
  };
  for (const [moment, abortAt] of Object.entries(moments)) {
    const controller = new AbortController();
    const events: AgentEvent[] = [];
    const model = new FakeModel([{ content: [toolCall("p", "pause", { value: "x" })] }, { content: [text("never asked")] }]);
    const result = await runAgentLoop({
      model,
      registry: new ToolRegistry([pause(20)]),
      messages: [user],
      signal: controller.signal,
      onEvent: (event) => {
        events.push(event);
        if (event.type === "turnEnd" && event.turn === 1) abortAt(() => controller.abort(new Error("stop between turns")));
      },
    });
    assert.equal(result.reason, "aborted", moment);
    assert.equal(model.requests.length, 1, `${moment}: no model request after the abort`);
    assert.equal(result.turns, 1, `${moment}: the result counts the one turn made`);
    const end = events.at(-1);
    assert.equal(end?.type, "end", moment);
    assert.equal(end?.type === "end" && end.turns, 1, `${moment}: the end event counts the one turn made`);
    assert.deepEqual(
      result.history.map((message) => message.role),
      ["user", "assistant", "toolResult"],
      moment,
    );
  }
});

test("a run aborted before its first request reports no turn made", async () => {
  const controller = new AbortController();
  controller.abort(new Error("aborted before the start"));
  const events: AgentEvent[] = [];
  const model = new FakeModel([{ content: [text("never asked")] }]);
  const result = await runAgentLoop({
    model,
    registry: new ToolRegistry([echo]),
    messages: [user],
    signal: controller.signal,
    onEvent: (event) => void events.push(event),
  });
  assert.equal(result.reason, "aborted");
  assert.equal(result.turns, 0);
  assert.equal(model.requests.length, 0);
  const end = events.at(-1);
  assert.equal(end?.type === "end" && end.turns, 0);
});

test("in parallel, every call of a reply has started before any tool runs, whatever the listener returns", async () => {
  const listeners: Record<string, (log: string[]) => AgentEventListener> = {
    "a listener that returns nothing": (log) => (event) => {
      if (event.type === "toolStart") log.push(`start ${event.call.id}`);
    },
    "a listener that returns a promise": (log) => async (event) => {
      if (event.type === "toolStart") log.push(`start ${event.call.id}`);
    },
  };
  for (const [kind, listenerFor] of Object.entries(listeners)) {
    const log: string[] = [];
    // The tool notes that it runs before it does anything else, synchronously.
    const noting: Tool<{ value: string }> = {
      ...echo,
      name: "note",
      execute({ value }, context) {
        log.push(`execute ${context.callId}`);
        return Promise.resolve({ content: [text(value)] });
      },
    };
    const ids = ["a", "b", "c"];
    const result = await runAgentLoop({
      model: new FakeModel([{ content: ids.map((id) => toolCall(id, "note", { value: id })) }, { content: [text("done")] }]),
      registry: new ToolRegistry([noting]),
      messages: [user],
      toolExecution: "parallel",
      onEvent: listenerFor(log),
    });
    assert.equal(result.reason, "stop", kind);
    const firstRun = log.findIndex((entry) => entry.startsWith("execute"));
    assert.ok(firstRun >= 0, `${kind}: the tools ran`);
    assert.deepEqual(
      log.slice(0, firstRun),
      ids.map((id) => `start ${id}`),
      `${kind}: every toolStart comes before the first execute (${log.join(", ")})`,
    );
    assert.equal(log.filter((entry) => entry.startsWith("execute")).length, ids.length, kind);
  }
});

test("a reply whose stopReason is aborted has its calls answered with paired errors, unrun, as an errored reply has", async () => {
  for (const stopReason of ["error", "aborted"] satisfies StopReason[]) {
    let runs = 0;
    const counting: Tool<{ value: string }> = {
      ...echo,
      name: "count",
      async execute({ value }) {
        runs++;
        return { content: [text(value)] };
      },
    };
    const events: AgentEvent[] = [];
    const script: ScriptedReply[] = [
      { content: [text("half a reply"), toolCall("x", "count", { value: "1" }), toolCall("y", "count", { value: "2" })], stopReason },
      { content: [text("unused")] },
    ];
    const { history, reason } = await runAgentLoop({
      model: new FakeModel(script),
      registry: new ToolRegistry([counting]),
      messages: [user],
      onEvent: (event) => void events.push(event),
    });
    assert.equal(runs, 0, `${stopReason}: no call ran`);
    assert.equal(reason, "modelError", stopReason);
    const results = history.filter((message) => message.role === "toolResult");
    assert.deepEqual(
      results.map((message) => [message.toolCallId, message.isError]),
      [
        ["x", true],
        ["y", true],
      ],
      `${stopReason}: one error result per call, in call order`,
    );
    assert.equal(findPairingProblem(history), undefined, stopReason);
    const stages = events.flatMap((event) => (event.type === "toolEnd" ? [event.trace.outcome.stage] : []));
    assert.deepEqual(stages, ["skipped", "skipped"], `${stopReason}: both calls answered without running`);
  }
});
