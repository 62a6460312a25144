// Chapter 06's central contract, checked where it is decided: what `execute` receives. A spy tool
// records the exact object the executor hands it — only the declared keys, the parsed (and, under
// coerce, converted) values, a new object — and calc on "1" and "2" must add numbers, not strings.
// Tools that read a single field (echo) or whose result is the same either way ("128" * "64")
// cannot tell a parsed object from the model's raw arguments; these can.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  calc,
  executeToolCall,
  numberValue,
  objectSchema,
  optionalString,
  type Tool,
  type ToolCall,
  ToolRegistry,
  text,
  type ValidationPolicy,
} from "../../src/index.ts";

const spySchema = objectSchema({ a: numberValue, b: numberValue, note: optionalString });
type SpyParameters = ReturnType<typeof spySchema.parse>;

/** A tool that keeps every parameters object it was given, untouched, for the test to inspect. */
function spyTool(received: unknown[]): Tool<SpyParameters> {
  return {
    name: "spy",
    description: "Records what execute receives",
    schema: spySchema,
    async execute(parameters) {
      received.push(parameters);
      return { content: [text("seen")] };
    },
  };
}

const call = (id: string, args: unknown, name = "spy"): ToolCall => ({ type: "toolCall", id, name, arguments: args });

async function spyRun(args: unknown, validation: ValidationPolicy = "strict") {
  const received: unknown[] = [];
  const result = await executeToolCall(call("spy-1", args), new ToolRegistry([spyTool(received)]), {}, { validation });
  return { received, result };
}

test("execute receives exactly the declared keys, not the model's undeclared ones", async () => {
  const args = { a: 1, b: 2, ignored: "drop me", nested: { deep: true } };
  const { received, result } = await spyRun(args);
  assert.equal(result.isError, false);
  assert.equal(received.length, 1);
  const [parameters] = received;
  assert.deepEqual(parameters, { a: 1, b: 2, note: undefined });
  assert.ok(typeof parameters === "object" && parameters !== null);
  assert.deepEqual(Object.keys(parameters).sort(), ["a", "b", "note"], "declared keys only");
  assert.equal(Object.hasOwn(parameters, "ignored"), false);
  assert.equal(Object.hasOwn(parameters, "nested"), false);
});

test("execute receives a new object: not the arguments the model sent, and changing it changes nothing there", async () => {
  const args = { a: 1, b: 2, note: "n" };
  const { received } = await spyRun(args);
  const [parameters] = received;
  assert.notEqual(parameters, args, "the executor must not hand over the model's own object");
  assert.ok(typeof parameters === "object" && parameters !== null);
  Reflect.set(parameters, "a", 99);
  assert.deepEqual(args, { a: 1, b: 2, note: "n" }, "the call's arguments (part of the history) stay as sent");

  // Two calls with the very same arguments object each get their own parameters.
  const twice: unknown[] = [];
  const registry = new ToolRegistry([spyTool(twice)]);
  const shared = { a: 3, b: 4 };
  await executeToolCall(call("one", shared), registry);
  await executeToolCall(call("two", shared), registry);
  assert.equal(twice.length, 2);
  assert.notEqual(twice[0], twice[1]);
  assert.notEqual(twice[0], shared);
});

test("under coerce, execute receives the converted values; the call's own arguments keep the strings", async () => {
  const args = { a: "1", b: " 2.5 ", note: 7, extra: "x" };
  const { received, result } = await spyRun(args, "coerce");
  assert.equal(result.isError, false);
  assert.deepEqual(received, [{ a: 1, b: 2.5, note: "7" }]);
  assert.deepEqual(args, { a: "1", b: " 2.5 ", note: 7, extra: "x" }, "coercion works on a copy");

  // Strict: the same arguments never reach execute.
  const strict = await spyRun(args, "strict");
  assert.deepEqual(strict.received, []);
  assert.equal(strict.result.isError, true);
});

test('calc under coerce: "1" add "2" is 3, not "12"', async () => {
  const registry = new ToolRegistry([calc]);
  const result = await executeToolCall(call("calc-1", { a: "1", b: "2", op: "add" }, "calc"), registry, {}, { validation: "coerce" });
  assert.equal(result.isError, false);
  assert.deepEqual(result.content, [text("3")]);
  assert.deepEqual(result.details, { expression: "1 + 2", result: 3 });

  const strict = await executeToolCall(call("calc-2", { a: "1", b: "2", op: "add" }, "calc"), registry, {}, { validation: "strict" });
  assert.equal(strict.isError, true, "strict validation rejects the strings");
});

test("a throwing tool is an isError result, and a tool always sees its own call id", async () => {
  const thrower: Tool<SpyParameters> = {
    name: "spy",
    description: "Throws",
    schema: spySchema,
    async execute() {
      throw new Error("exploded");
    },
  };
  const thrown = await executeToolCall(call("t-1", { a: 1, b: 2 }), new ToolRegistry([thrower]));
  assert.equal(thrown.isError, true);
  assert.deepEqual(thrown.content, [text("Tool spy failed: exploded")]);

  // A caller's context cannot answer for another call: the tool sees the call's own id.
  let seenId: string | undefined;
  const idSpy: Tool<SpyParameters> = {
    name: "spy",
    description: "Records its call id",
    schema: spySchema,
    async execute(_parameters, context) {
      seenId = context.callId;
      return { content: [] };
    },
  };
  const sneaky: Record<string, unknown> = { callId: "someone-else" };
  await executeToolCall(call("mine", { a: 1, b: 2 }), new ToolRegistry([idSpy]), sneaky);
  assert.equal(seenId, "mine");
});
