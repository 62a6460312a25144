// The agent loop: it closes the loop, answers every call once and in call order, refuses what a
// careful harness refuses, runs calls in parallel on request, and ends an aborted run cleanly.
import assert from "node:assert/strict";
import { getEventListeners } from "node:events";
import { test } from "node:test";
import {
  type AgentEvent,
  calc,
  echo,
  FakeModel,
  findPairingProblem,
  numberValue,
  objectSchema,
  runAgentLoop,
  type ScriptedReply,
  stringValue,
  type Tool,
  type ToolCall,
  ToolRegistry,
  text,
} from "../../src/index.ts";

const user = { role: "user" as const, content: "go", timestamp: 0 };
const toolCall = (id: string, name: string, args: unknown): ToolCall => ({ type: "toolCall", id, name, arguments: args });

async function run(script: ScriptedReply[], options: Partial<Parameters<typeof runAgentLoop>[0]> = {}) {
  const events: AgentEvent[] = [];
  const model = new FakeModel(script);
  const result = await runAgentLoop({
    model,
    registry: new ToolRegistry([calc, echo]),
    messages: [user],
    onEvent: (event) => {
      events.push(event);
    },
    ...options,
  });
  return { result, events, model };
}

test("calls the model again after the results, until a reply asks for no tool", async () => {
  const { result, events, model } = await run([
    { content: [text("let me"), toolCall("call_1", "calc", { a: 128, b: 64, op: "mul" })] },
    { content: [text("8192")] },
  ]);
  assert.equal(result.reason, "stop");
  assert.equal(result.turns, 2);
  assert.deepEqual(
    result.history.map((message) => message.role),
    ["user", "assistant", "toolResult", "assistant"],
  );
  assert.equal(model.requests[1]?.messages.length, 3, "the second request carries the call and its result");
  const kinds = events.map((event) => event.type);
  assert.ok(kinds.indexOf("messageAppended") < kinds.indexOf("toolStart"), "the reply is appended before its tool runs");
  assert.equal(kinds.at(-1), "end");
});

test("several calls are answered in call order; parallel mode reports the finishing order", async () => {
  const slowEcho: Tool<{ ms: number }> = {
    name: "wait",
    description: "waits",
    schema: objectSchema({ ms: numberValue }),
    async execute({ ms }) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return { content: [text(`waited ${ms}`)] };
    },
  };
  const script: ScriptedReply[] = [
    { content: [toolCall("slow", "wait", { ms: 50 }), toolCall("fast", "calc", { a: 1, b: 2, op: "add" })] },
    { content: [text("done")] },
  ];
  for (const toolExecution of ["sequential", "parallel"] as const) {
    const { result, events } = await run(script, { toolExecution, registry: new ToolRegistry([calc, slowEcho]) });
    const ids = result.history.flatMap((message) => (message.role === "toolResult" ? [message.toolCallId] : []));
    assert.deepEqual(ids, ["slow", "fast"], `${toolExecution}: appended in call order`);
    const turnEnd = events.find((event) => event.type === "turnEnd");
    assert.deepEqual(turnEnd?.type === "turnEnd" && turnEnd.finishOrder, toolExecution === "parallel" ? ["fast", "slow"] : ["slow", "fast"]);
  }
});

test("the turn cap ends the run with its own reason", async () => {
  const again = { content: [toolCall("c", "echo", { value: "x" })] };
  const { result, model } = await run([again, again, again], { maxTurns: 2 });
  assert.equal(result.reason, "maxTurns");
  assert.equal(result.turns, 2);
  assert.equal(model.unusedReplies().length, 1);
});

test("duplicate ids, truncated replies and errored replies get paired results without running", async () => {
  let runs = 0;
  const counting: Tool<{ value: string }> = {
    ...echo,
    name: "count",
    async execute({ value }) {
      runs++;
      return { content: [text(value)] };
    },
  };
  const registry = new ToolRegistry([counting]);
  const duplicate = await run([{ content: [toolCall("a", "count", { value: "1" }), toolCall("a", "count", { value: "2" })] }, { content: [text("ok")] }], {
    registry,
  });
  assert.equal(runs, 1);
  const results = duplicate.result.history.filter((message) => message.role === "toolResult");
  assert.deepEqual(
    results.map((message) => [message.toolCallId, message.isError]),
    [
      ["a", false],
      ["a", true],
    ],
  );
  assert.equal(findPairingProblem(duplicate.result.history), undefined);

  const truncated = await run([{ content: [toolCall("t", "count", { value: "1" })], stopReason: "length" }, { content: [text("ok")] }], { registry });
  assert.equal(runs, 1, "a truncated call does not run");
  assert.equal(truncated.result.reason, "stop", "the model gets another turn");

  const errored = await run([{ content: [toolCall("e", "count", { value: "1" })], stopReason: "error" }, { content: [text("unused")] }], { registry });
  assert.equal(runs, 1);
  assert.equal(errored.result.reason, "modelError");
  assert.equal(findPairingProblem(errored.result.history), undefined);
});

test("an abort answers the running call and the ones not started, and stops the run", async () => {
  const controller = new AbortController();
  // Aborted once the call is running: it never finishes on its own.
  const stubborn: Tool<{ value: string }> = {
    ...echo,
    name: "stubborn",
    execute: () => {
      setImmediate(() => controller.abort(new Error("test abort")));
      return new Promise(() => {});
    },
  };
  const { result, model } = await run(
    [{ content: [toolCall("s", "stubborn", { value: "x" }), toolCall("n", "echo", { value: "y" })] }, { content: [text("never")] }],
    {
      registry: new ToolRegistry([stubborn, echo]),
      signal: controller.signal,
    },
  );
  assert.equal(result.reason, "aborted");
  const results = result.history.filter((message) => message.role === "toolResult");
  assert.deepEqual(
    results.map((message) => [message.toolCallId, message.isError]),
    [
      ["s", true],
      ["n", true],
    ],
  );
  assert.match(JSON.stringify(results[0]?.content), /test abort/);
  assert.equal(findPairingProblem(result.history), undefined);
  assert.equal(model.unusedReplies().length, 1, "no model call after the abort");
});

test("one signal over many runs: the abort answers the running calls of every run, and finished runs leave no listener", async () => {
  const controller = new AbortController();
  // Aborted once both runs' calls are running: neither finishes on its own.
  let running = 0;
  const stubborn: Tool<{ value: string }> = {
    ...echo,
    name: "stubborn",
    execute: () => {
      if (++running === 2) setImmediate(() => controller.abort(new Error("test abort")));
      return new Promise(() => {});
    },
  };
  // Finished runs first: each call came and went, and left no listener behind.
  for (let index = 0; index < 20; index++)
    await run([{ content: [toolCall(`e${index}`, "echo", { value: "y" })] }, { content: [text("ok")] }], { signal: controller.signal });
  assert.ok(getEventListeners(controller.signal, "abort").length <= 1, "finished runs leave no listener behind");
  const registry = new ToolRegistry([stubborn, echo]);
  const both = [1, 2].map((runIndex) =>
    run([{ content: [toolCall(`s${runIndex}`, "stubborn", { value: "x" })] }, { content: [text("never")] }], { registry, signal: controller.signal }),
  );
  for (const { result } of await Promise.all(both)) {
    assert.equal(result.reason, "aborted");
    const answered = result.history.filter((message) => message.role === "toolResult");
    assert.equal(answered.length, 1);
    assert.match(JSON.stringify(answered[0]?.content), /test abort/);
  }
});

test("the coerce policy converts with the same schema; strict rejects", async () => {
  const script: ScriptedReply[] = [{ content: [toolCall("c", "calc", { a: "128", b: "64", op: "mul" })] }, { content: [text("ok")] }];
  const strict = await run(script);
  const coerce = await run(script, { validation: "coerce" });
  const resultOf = (history: typeof strict.result.history) => history.find((message) => message.role === "toolResult");
  assert.equal(resultOf(strict.result.history)?.isError, true);
  assert.deepEqual(resultOf(coerce.result.history)?.content, [text("8192")]);
  const end = coerce.events.find((event) => event.type === "toolEnd");
  assert.ok(end?.type === "toolEnd" && "conversions" in end.trace.outcome);
  if (end?.type === "toolEnd" && "conversions" in end.trace.outcome) {
    assert.deepEqual(end.trace.outcome.conversions, [
      { path: ["a"], from: "128", to: 128 },
      { path: ["b"], from: "64", to: 64 },
    ]);
  }
});

test("one history: appendTo is appended in place, and agentStart's opening history is a snapshot", async () => {
  const history = [user];
  const seen: AgentEvent[] = [];
  const { result } = await run([{ content: [toolCall("call_1", "calc", { a: 1, b: 2, op: "add" })] }, { content: [text("3")] }], {
    messages: history,
    appendTo: history,
    onEvent: (event) => {
      seen.push(event);
    },
  });
  assert.equal(result.history, history, "the loop worked in the caller's array, not a copy");
  assert.equal(history.length, 4);
  const start = seen.find((event) => event.type === "agentStart");
  assert.deepEqual(start?.type === "agentStart" ? start.messages : undefined, [user], "read after the run, it is still the opening history");
  const messages = [user];
  const own = await run([{ content: [text("hi")] }], { messages });
  assert.notEqual(own.result.history, messages, "without appendTo the loop keeps its own copy");
  assert.equal(messages.length, 1);
  await assert.rejects(run([], { messages: [user], appendTo: [user] }), TypeError, "appendTo must be messages itself");
});

test("a listener's promise holds the run: no event, model request or tool runs until it settles", async () => {
  let paused: string | undefined;
  const during: string[] = [];
  const note = (what: string) => {
    if (paused !== undefined) during.push(`${what} while ${paused} was pending`);
  };
  const tool: Tool<{ value: string }> = {
    name: "note",
    description: "notes when it runs",
    schema: objectSchema({ value: stringValue }),
    execute: async ({ value }) => {
      note("the tool");
      return { content: [text(value)] };
    },
  };
  const model = new FakeModel(
    [{ content: [toolCall("call_1", "note", { value: "a" }), toolCall("call_2", "note", { value: "b" })] }, { content: [text("done")] }],
    {
      onRequest: () => note("a model request"),
    },
  );
  const seen: string[] = [];
  await runAgentLoop({
    model,
    registry: new ToolRegistry([tool]),
    messages: [user],
    onEvent: (event) => {
      note(event.type);
      seen.push(event.type);
      // Told without waiting, by design: the executor goes straight on.
      if (event.type === "toolValidated" || event.type === "toolProgress") return undefined;
      paused = event.type;
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          paused = undefined;
          resolve();
        }, 1),
      );
    },
  });
  assert.deepEqual(during, []);
  for (const type of ["agentStart", "turnStart", "messageAppended", "toolStart", "toolEnd", "turnEnd", "end"]) assert.ok(seen.includes(type), type);
});

test("many short runs in a row still give the event loop a turn: the yield clock is the process's, not each run's", async () => {
  // A replayed conversation is one short run per stretch between user turns; each is far under
  // the yield interval, so a clock restarted per run never came due and a timer (Ctrl-C, a
  // --timeout) waited for the whole replay.
  // Bounded by a count of runs, not a time: each takes longer on a loaded machine, never more of them.
  let turned = false;
  setImmediate(() => (turned = true));
  let runs = 0;
  while (!turned && runs < 100_000) {
    await run([{ content: [text("ok")] }]);
    runs++;
  }
  assert.ok(turned, `no turn of the event loop in ${runs} runs`);
});
