// Hostile tool calls at the library level: prototype keys, a 1 MB string, 10,000-deep nesting, -0,
// results that overflow, tools that throw what is not an Error or return garbage. Every call must
// get a result paired by toolCallId and toolName, executeToolCall must never reject, and
// Object.prototype must be untouched afterwards — alone, and inside the agent loop.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runAgentLoop } from "../../src/agent/agent-loop.ts";
import { executeToolCall } from "../../src/agent/execute-tool-call.ts";
import { FakeModel } from "../../src/agent/fake-model.ts";
import { ToolRegistry } from "../../src/agent/tool-registry.ts";
import { text } from "../../src/protocol/text.ts";
import { findPairingProblem } from "../../src/protocol/tool-pairing.ts";
import type { Tool, ToolCall, ToolOutput, ToolResultMessage } from "../../src/protocol/types.ts";
import { objectSchema } from "../../src/schema/object-schema.ts";
import { optionalString } from "../../src/schema/validator.ts";
import { calc, echo } from "../../src/tools/index.ts";

/** Object.prototype as it is now: names and descriptors, to compare after each hostile run. */
function prototypeSnapshot() {
  return Reflect.ownKeys(Object.prototype).map((key) => [key, Object.getOwnPropertyDescriptor(Object.prototype, key)] as const);
}
const pristine = prototypeSnapshot();

function assertPrototypeUntouched(): void {
  assert.deepStrictEqual(prototypeSnapshot(), pristine);
  assert.equal(Reflect.get({}, "polluted"), undefined);
}

/** The lie a tool written in plain JavaScript can tell: its type promises a ToolOutput, and
 *  what comes back may be anything. Always true, on purpose; used only to build such tools. */
function claimsToBeToolOutput(_value: unknown): _value is ToolOutput {
  return true;
}

/** A tool that throws `thrown` (anything) or returns `returned` (anything), past its type. */
function hostileTool(name: string, behaviour: { thrown: unknown } | { returned: unknown }): Tool {
  return {
    name,
    description: "misbehaves on purpose",
    schema: objectSchema({}),
    execute: async (): Promise<ToolOutput> => {
      if ("thrown" in behaviour) throw behaviour.thrown;
      if (claimsToBeToolOutput(behaviour.returned)) return behaviour.returned;
      throw new Error("unreachable");
    },
  };
}

const unprintable = {
  toString() {
    throw new Error("toString throws");
  },
};
const messageThrows = Object.defineProperty(new Error("hidden"), "message", {
  get() {
    throw new Error("message getter throws");
  },
});
const revoked = Proxy.revocable({}, {});
revoked.revoke();

const throwers: [string, unknown][] = [
  ["a string", "plain text"],
  ["null", null],
  ["undefined", undefined],
  ["a number", 42],
  ["a symbol", Symbol("s")],
  ["an object whose toString throws", unprintable],
  ["an Error whose message getter throws", messageThrows],
  ["a revoked proxy", revoked.proxy],
];
const garbage: [string, unknown][] = [
  ["undefined", undefined],
  ["null", null],
  ["{ content: 5 }", { content: 5 }],
  ["a string", "just text"],
  ["isError that is not a boolean", { content: [], isError: "yes" }],
];
const hostileTools = [
  ...throwers.map(([label, thrown], index) => ({ label: `throws ${label}`, tool: hostileTool(`throws_${index}`, { thrown }) })),
  ...garbage.map(([label, returned], index) => ({ label: `returns ${label}`, tool: hostileTool(`garbage_${index}`, { returned }) })),
];
const keysTool: Tool = {
  name: "keys",
  description: "declares the dangerous names as its parameters",
  schema: objectSchema({ ["__proto__"]: optionalString, constructor: optionalString, prototype: optionalString }),
  execute: async (parameters) => ({ content: [text(JSON.stringify(parameters))], details: parameters }),
};
const registry = new ToolRegistry([calc, echo, keysTool, ...hostileTools.map(({ tool }) => tool)]);

function nested(depth: number, leaf: unknown, wrap: (inner: unknown) => unknown): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = wrap(value);
  return value;
}
const deepArray = nested(10_000, "bottom", (inner) => [inner]);
const deepObject = nested(10_000, 1, (inner) => ({ a: inner }));
const megabyte = "x".repeat(2 ** 20);

let nextId = 0;
const call = (name: string, args: unknown): ToolCall => ({ type: "toolCall", id: `call_${nextId++}`, name, arguments: args });

async function run(toolCall: ToolCall): Promise<ToolResultMessage> {
  const promise = executeToolCall(toolCall, registry);
  await assert.doesNotReject(promise, `${toolCall.name} never rejects`);
  const result = await promise;
  assert.equal(result.role, "toolResult");
  assert.equal(result.toolCallId, toolCall.id, "paired by id");
  assert.equal(result.toolName, toolCall.name, "paired by name");
  return result;
}
const resultText = (result: ToolResultMessage) => result.content.map((block) => (block.type === "text" ? block.text : "")).join("");

test("__proto__, constructor and prototype keys are data, never a prototype change", async () => {
  const hostile = JSON.parse('{"value":"Pi","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true}}');
  const echoed = await run(call("echo", hostile));
  assert.equal(resultText(echoed), "Pi");

  const declared = await run(call("keys", JSON.parse('{"__proto__":"p","constructor":"c","prototype":"q"}')));
  assert.equal(declared.isError, false);
  assert.equal(resultText(declared), '{"__proto__":"p","constructor":"c","prototype":"q"}');
  assert.equal(Object.getPrototypeOf(declared.details), Object.prototype);

  // calc's fields arriving only through a prototype are missing, whichever way the prototype came.
  for (const args of [JSON.parse('{"__proto__":{"a":1,"b":2,"op":"add"}}'), Object.create({ a: 1, b: 2, op: "add" })]) {
    const refused = await run(call("calc", args));
    assert.equal(refused.isError, true);
    assert.match(resultText(refused), /必须是 number/);
  }
  assertPrototypeUntouched();
});

test("a 1 MB string passes through echo, and a failure never echoes it back", async () => {
  const echoed = await run(call("echo", { value: megabyte }));
  assert.equal(resultText(echoed).length, megabyte.length);
  const refused = await run(call("calc", { a: megabyte, b: 1, op: "add" }));
  assert.equal(refused.isError, true);
  assert.ok(resultText(refused).length < 200, "the message names the expectation, not the value");
});

test("10,000-deep arguments are refused or ignored without overflowing the stack", async () => {
  for (const args of [{ value: deepArray }, { value: deepObject }, { a: deepObject, b: 1, op: "add" }, deepObject]) {
    const result = await run(call(Object.hasOwn(Object(args), "value") ? "echo" : "calc", args));
    assert.equal(result.isError, true);
  }
  const ignored = await run(call("echo", { value: "ok", extra: deepArray }));
  assert.equal(ignored.isError, false);
  assert.equal(resultText(ignored), "ok");
});

test("-0 is a number; results that overflow are domain failures, never Infinity", async () => {
  const negativeZero = await run(call("calc", { a: -0, b: 5, op: "mul" }));
  assert.equal(negativeZero.isError, false);
  assert.equal(resultText(negativeZero), "0");
  const byZero = await run(call("calc", { a: 1, b: -0, op: "div" }));
  assert.equal(byZero.isError, true, "-0 is a zero divisor too");

  const overflows = [
    { a: 1e308, b: 10, op: "mul" },
    { a: 1.7e308, b: 1.7e308, op: "add" },
    { a: -1.7e308, b: 1.7e308, op: "sub" },
    { a: 1e308, b: 1e-10, op: "div" },
  ];
  for (const args of overflows) {
    const result = await run(call("calc", args));
    assert.equal(result.isError, true, JSON.stringify(args));
    assert.doesNotMatch(resultText(result), /Infinity/);
    assert.ok(!JSON.stringify(result.details).includes("null"), "no Infinity turned into null in details");
  }
  for (const bad of [Number.POSITIVE_INFINITY, Number.NaN]) {
    assert.equal((await run(call("calc", { a: bad, b: 1, op: "add" }))).isError, true);
  }
});

test("a tool that throws anything, or returns garbage, still gets a paired result", async () => {
  for (const { label, tool } of hostileTools) {
    const result = await run(call(tool.name, {}));
    // Thrown or returned, anything that is not a ToolOutput becomes a paired failure.
    assert.equal(result.isError, true, label);
    assert.match(resultText(result), new RegExp(`^Tool ${tool.name} failed: `), label);
    if (label.startsWith("returns")) assert.match(resultText(result), /工具返回的结果格式不对/, label);
  }
  assertPrototypeUntouched();
});

test("the same calls through runAgentLoop and FakeModel leave a paired history", async () => {
  const hostileCalls: ToolCall[] = [
    call("echo", { value: deepArray }),
    call("calc", { a: deepObject, b: 1, op: "add" }),
    call("echo", JSON.parse('{"value":"Pi","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}')),
    call("keys", JSON.parse('{"__proto__":"p","constructor":"c","prototype":"q"}')),
    call("echo", { value: megabyte }),
    call("echo", { value: nested(1_000, "bottom", (inner) => [inner]) }),
    call("calc", { a: -0, b: 5, op: "mul" }),
    call("calc", { a: 1e308, b: 10, op: "mul" }),
    call("calc", "not an object"),
    { ...call("echo", { value: "id is __proto__" }), id: "__proto__" },
    { ...call("echo", { value: "id is constructor" }), id: "constructor" },
    ...hostileTools.map(({ tool }) => call(tool.name, {})),
  ];
  const model = new FakeModel([{ content: [text("hostile"), ...hostileCalls] }, { content: [text("done")] }], { recordRequests: false });
  const { history, reason } = await runAgentLoop({ model, registry, messages: [{ role: "user", content: "go", timestamp: 0 }], maxTurns: 3 });
  assert.equal(reason, "stop");
  assert.equal(findPairingProblem(history), undefined);
  const results = history.filter((message) => message.role === "toolResult");
  assert.deepEqual(
    results.map((result) => [result.toolCallId, result.toolName]),
    hostileCalls.map((hostileCall) => [hostileCall.id, hostileCall.name]),
  );
  const overflow = results[7];
  assert.ok(overflow?.isError, "1e308 × 10 is a domain failure in the loop too");
  assertPrototypeUntouched();
});
