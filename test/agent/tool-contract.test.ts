// Course chapter 06's four focused tests, with the chapter's own values: validator, Registry,
// a successful call (with context, progress and details), and the three failure kinds.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  executeToolCall,
  objectSchema,
  optionalPositiveInteger,
  optionalString,
  stringValue,
  type Tool,
  type ToolCall,
  ToolRegistry,
  text,
} from "../../src/index.ts";

const echoSchema = objectSchema({ value: stringValue });

function makeEcho(counter = { executions: 0 }): Tool<{ value: string }, { source: string }> {
  return {
    name: "echo",
    description: "Echo one value",
    schema: echoSchema,
    async execute({ value }) {
      counter.executions++;
      return { content: [text(value)], details: { source: "echo" } };
    },
  };
}

const echoCall: ToolCall = {
  type: "toolCall",
  id: "call-1",
  name: "echo",
  arguments: { value: "Pi", ignored: "drop me" },
};

test("validator: one shape gives the JSON Schema and a parse that filters fields", () => {
  assert.equal(stringValue("Pi"), "Pi");
  assert.equal(JSON.stringify(stringValue.jsonSchema), '{"type":"string"}');
  assert.equal(stringValue.optional, undefined);

  assert.deepEqual(echoSchema.jsonSchema, {
    type: "object",
    properties: { value: { type: "string" } },
    required: ["value"],
    additionalProperties: false,
  });

  const requestSchema = objectSchema({ value: stringValue, label: optionalString, limit: optionalPositiveInteger });
  assert.deepEqual(requestSchema.jsonSchema, {
    type: "object",
    properties: { value: { type: "string" }, label: { type: "string" }, limit: { type: "integer", minimum: 1 } },
    required: ["value"],
    additionalProperties: false,
  });

  const input = { value: "Pi", label: "answer", limit: 2, ignored: "drop me" };
  const parsed = requestSchema.parse(input);
  assert.deepEqual(parsed, { value: "Pi", label: "answer", limit: 2 });
  assert.deepEqual(input, { value: "Pi", label: "answer", limit: 2, ignored: "drop me" }, "input is not mutated");
  assert.notEqual(parsed, input);

  const withoutOptional = requestSchema.parse({ value: "Pi" });
  assert.deepEqual(withoutOptional, { value: "Pi", label: undefined, limit: undefined });
  assert.ok(Object.hasOwn(withoutOptional, "label") && Object.hasOwn(withoutOptional, "limit"));

  assert.throws(() => requestSchema.parse(null));
  assert.throws(() => requestSchema.parse([]));
  assert.throws(() => requestSchema.parse({ value: 1 }), { message: "必须是 string" });
  assert.throws(() => requestSchema.parse({ value: "Pi", limit: 0 }));
});

test("Registry: definitions and implementations come from one table", () => {
  const echo = makeEcho();
  const upper: Tool<{ value: string }> = {
    name: "upper",
    description: "Upper-case one value",
    schema: echoSchema,
    async execute({ value }) {
      return { content: [text(value.toUpperCase())] };
    },
  };
  const bare: Tool<unknown> = { name: "bare", description: "No JSON Schema", schema: { parse: (value) => value }, execute: async () => ({ content: [] }) };
  const tools = new ToolRegistry([echo]);
  tools.register(upper);
  tools.register(bare);

  assert.equal(tools.get("echo"), echo);
  assert.equal(tools.get("upper"), upper);
  assert.equal(tools.get("missing"), undefined);
  assert.deepEqual(tools.list(), [echo, upper, bare]);
  assert.deepEqual(tools.definitions(), [
    { name: "echo", description: "Echo one value", parameters: echoSchema.jsonSchema },
    { name: "upper", description: "Upper-case one value", parameters: echoSchema.jsonSchema },
    { name: "bare", description: "No JSON Schema", parameters: { type: "object" } },
  ]);
  assert.ok(tools.definitions().every((definition) => !("execute" in definition)));
  assert.throws(() => tools.register(makeEcho()), { message: "Tool 已存在：echo" });
  assert.equal(tools.get("echo"), echo, "the first echo stays");

  const other = new ToolRegistry();
  assert.deepEqual(other.list(), [], "registries share nothing");
});

test("执行器：成功结果保留 content、details、isError，并把 context 交给工具", async () => {
  const result = await executeToolCall(echoCall, new ToolRegistry([makeEcho()]));
  assert.equal(Number.isFinite(result.timestamp), true);
  const { timestamp: _ignored, ...rest } = result;
  assert.deepEqual(rest, {
    role: "toolResult",
    toolCallId: "call-1",
    toolName: "echo",
    content: [{ type: "text", text: "Pi" }],
    details: { source: "echo" },
    isError: false,
  });

  const controller = new AbortController();
  const progress: string[] = [];
  const reportProgress = (content: { type: "text"; text: string }[]) => progress.push(content.map((block) => block.text).join(""));
  let seen: { callId: string; signal: AbortSignal | undefined; sameProgress: boolean } | undefined;
  const inspect: Tool<{ value: string }, { phase: string }> = {
    name: "inspect",
    description: "Shows its context",
    schema: echoSchema,
    async execute({ value }, context) {
      seen = { callId: context.callId, signal: context.signal, sameProgress: context.reportProgress === reportProgress };
      context.reportProgress?.([text(`progress:${value}`)]);
      return { content: [text(`done:${value}`)], details: { phase: "domain-error" }, isError: true };
    },
  };
  // The caller's context cannot override the call id.
  const sneaky = { signal: controller.signal, reportProgress, callId: "not-this" };
  const inspected = await executeToolCall({ type: "toolCall", id: "ctx", name: "inspect", arguments: { value: "Pi" } }, new ToolRegistry([inspect]), sneaky);
  assert.deepEqual(seen, { callId: "ctx", signal: controller.signal, sameProgress: true });
  assert.deepEqual(progress, ["progress:Pi"]);
  assert.deepEqual(inspected.content, [text("done:Pi")]);
  assert.deepEqual(inspected.details, { phase: "domain-error" });
  assert.equal(inspected.isError, true);
  assert.equal(inspected.toolCallId, "ctx");
});

test("执行器：三类失败都返回同 id/name 的错误结果，非法参数不进入 execute", async () => {
  const counter = { executions: 0 };
  const tools = new ToolRegistry([makeEcho(counter)]);
  const withoutTimestamp = async (call: ToolCall, registry: ToolRegistry) => {
    const { timestamp, ...rest } = await executeToolCall(call, registry);
    assert.equal(Number.isFinite(timestamp), true);
    return rest;
  };

  assert.deepEqual(await withoutTimestamp({ ...echoCall, arguments: { value: 1 } }, tools), {
    role: "toolResult",
    toolCallId: "call-1",
    toolName: "echo",
    content: [text("Tool echo failed: 必须是 string")],
    details: { error: "必须是 string" },
    isError: true,
  });
  assert.equal(counter.executions, 0, "invalid arguments never reach execute");

  assert.deepEqual(await withoutTimestamp({ ...echoCall, name: "missing", arguments: {} }, tools), {
    role: "toolResult",
    toolCallId: "call-1",
    toolName: "missing",
    content: [text("Tool missing failed: 未知工具")],
    details: { error: "未知工具" },
    isError: true,
  });

  const boom: Tool<{ value: string }> = {
    name: "boom",
    description: "Always throws",
    schema: echoSchema,
    async execute() {
      throw new Error("exploded");
    },
  };
  assert.deepEqual(await withoutTimestamp({ ...echoCall, name: "boom" }, new ToolRegistry([boom])), {
    role: "toolResult",
    toolCallId: "call-1",
    toolName: "boom",
    content: [text("Tool boom failed: exploded")],
    details: { error: "exploded" },
    isError: true,
  });

  await executeToolCall(echoCall, tools);
  assert.equal(counter.executions, 1, "a valid call runs exactly once");
});
