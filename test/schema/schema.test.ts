// The schema beyond the chapter's contract: hostile keys, inherited keys, enums, numbers, the
// safe parse, and failures that carry field, expectation and received value.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  arrayOf,
  describe,
  enumValue,
  formatJsonPath,
  literalValue,
  numberValue,
  objectSchema,
  objectValue,
  optional,
  SchemaError,
  stringValue,
  taggedUnion,
} from "../../src/index.ts";
import { FAILED, takeFailure, WORDING } from "../../src/schema/schema-error.ts";
import { safeCheckOf } from "../../src/schema/validator.ts";
import { calcOperators, calcSchema } from "../../src/tools/calc.ts";

test("parse never copies an undeclared key, including __proto__, and reads own keys only", () => {
  const schema = objectSchema({ value: stringValue });
  const hostile = JSON.parse('{"value":"Pi","__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}');
  const parsed = schema.parse(hostile);
  assert.deepEqual(parsed, { value: "Pi" });
  assert.equal(Object.getPrototypeOf(parsed), Object.prototype);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);

  const inherits = objectSchema({ constructor: optional(stringValue), toString: optional(stringValue) });
  assert.deepEqual(inherits.parse({}), { constructor: undefined, toString: undefined });

  const declaresProto = objectSchema({ ["__proto__"]: optional(stringValue) });
  const withProto = declaresProto.parse(JSON.parse('{"__proto__":"kept as data"}'));
  assert.equal(Object.getPrototypeOf(withProto), Object.prototype);
  assert.equal(Object.getOwnPropertyDescriptor(withProto, "__proto__")?.value, "kept as data");
});

test("failures say which field, what was expected and what was received", () => {
  const result = calcSchema.safeParse({ a: "128", b: 64, op: "pow" });
  assert.equal(result.success, false);
  if (result.success) return;
  assert.ok(result.error instanceof SchemaError);
  assert.deepEqual(result.error.path, ["a"]);
  assert.deepEqual(result.error.expected, { kind: "number" });
  assert.equal(result.error.received, "128");
  assert.equal(result.error.message, "必须是 number");

  const missing = calcSchema.safeParse({ a: 128, op: "mul" });
  assert.ok(!missing.success && missing.error.received === undefined && missing.error.path[0] === "b");

  // "mod": an operator no exercise adds (the README's exercise 2 adds pow to calcOperators).
  const badOp = calcSchema.safeParse({ a: 1, b: 2, op: "mod" });
  assert.ok(!badOp.success);
  if (!badOp.success) assert.deepEqual(badOp.error.expected, { kind: "oneOf", values: [...calcOperators] });

  assert.deepEqual(calcSchema.safeParse({ a: 1, b: 2, op: "add", extra: 1 }), { success: true, value: { a: 1, b: 2, op: "add" } });
});

test("numbers are finite; enums and descriptions reach the JSON Schema", () => {
  assert.throws(() => numberValue(Number.NaN));
  assert.throws(() => numberValue(Number.POSITIVE_INFINITY));
  assert.equal(numberValue(-0), -0);
  const op = describe(enumValue(["add", "sub"]), "运算符");
  assert.deepEqual(op.jsonSchema, { type: "string", enum: ["add", "sub"], description: "运算符" });
  assert.equal(enumValue(["add"]).jsonSchema?.description, undefined, "describe does not touch the original");
  assert.deepEqual(calcSchema.jsonSchema.required, ["a", "b", "op"]);
});

test("nested validators report a JSON path from the root", () => {
  const block = taggedUnion<{ type: "text"; text: string } | { type: "n"; n: number }>("type", {
    text: objectValue({ type: literalValue("text"), text: stringValue }),
    n: objectValue({ type: literalValue("n"), n: numberValue }),
  });
  const doc = objectSchema({ items: arrayOf(objectValue({ blocks: arrayOf(block) })) });
  const result = doc.safeParse({ items: [{ blocks: [{ type: "text", text: "ok" }] }, { blocks: [{ type: "n", n: "1" }] }] });
  assert.ok(!result.success);
  if (!result.success) assert.equal(formatJsonPath(result.error.path), "$.items[1].blocks[0].n");
  const unknownTag = doc.safeParse({ items: [{ blocks: [{ type: "image" }] }] });
  assert.ok(!unknownTag.success);
  if (!unknownTag.success) assert.equal(formatJsonPath(unknownTag.error.path), "$.items[0].blocks[0].type");
  assert.equal(formatJsonPath(["a b", 0]), '$["a b"][0]');
});

test("a validator written elsewhere keeps its own message, with the path added", () => {
  const even = Object.assign(
    (value: unknown) => {
      if (typeof value !== "number" || value % 2 !== 0) throw new Error("must be even");
      return value;
    },
    { jsonSchema: { type: "number", multipleOf: 2 } },
  );
  const schema = objectSchema({ n: even });
  const result = schema.safeParse({ n: 3 });
  assert.ok(!result.success);
  if (!result.success) {
    assert.equal(result.error.message, "must be even");
    assert.deepEqual(result.error.path, ["n"]);
  }
});

test("a failure is returned, not thrown, down to the innermost check, and is one SchemaError with the whole path", () => {
  const doc = objectSchema({ items: arrayOf(objectValue({ blocks: arrayOf(describe(numberValue, "n")) })) });
  const bad = { items: [{ blocks: [1] }, { blocks: [2, "3"] }] };
  // Each nested check hands back FAILED; only `parse` throws.
  const nested = objectValue({ items: arrayOf(objectValue({ blocks: arrayOf(numberValue) })) });
  assert.equal(safeCheckOf(nested)(bad), FAILED);
  takeFailure();
  const result = doc.safeParse(bad);
  assert.ok(!result.success);
  assert.ok(result.error instanceof SchemaError && result.error instanceof Error);
  assert.deepEqual([result.error.path, result.error.expected, result.error.received], [["items", 1, "blocks", 1], { kind: "number" }, "3"]);
  assert.equal(String(result.error), "SchemaError: 必须是 number");
  assert.equal(result.error.stack, undefined, "no stack is captured");
  const thrown = (() => {
    try {
      doc.parse(bad);
    } catch (error) {
      return error;
    }
    return undefined;
  })();
  assert.ok(thrown instanceof SchemaError);
  assert.deepEqual(thrown.path, ["items", 1, "blocks", 1]);
  assert.notEqual(thrown, result.error, "each failure builds its own error");
});

test("a failure's message is worded once per expectation, on first read, and the cache is invisible", () => {
  const schema = objectSchema({ op: enumValue(["add", "mul"]), n: numberValue });
  const first = schema.safeParse({ op: "pow", n: 1 });
  assert.ok(!first.success);
  const slot = first.error.expected[WORDING];
  assert.ok(slot, "a built-in expectation carries a place for its wording");
  assert.equal(slot.text, undefined, "nothing is worded on the rejecting path");
  assert.equal(first.error.message, '必须是 "add" | "mul" 之一');
  assert.equal(slot.text, first.error.message, "the first read keeps the wording");
  const second = schema.safeParse({ op: "div", n: 1 });
  assert.ok(!second.success);
  assert.equal(second.error.expected, first.error.expected, "the field's rejections share one expectation");
  assert.equal(second.error.message, first.error.message);
  assert.deepEqual(Object.keys(first.error.expected), ["kind", "values"]);
  assert.equal(JSON.stringify(first.error.expected), '{"kind":"oneOf","values":["add","mul"]}');
  assert.deepEqual(first.error.expected, { kind: "oneOf", values: ["add", "mul"] });
  // One made elsewhere has no slot and is worded on every read, the same text.
  assert.equal(new SchemaError({ kind: "number" }, "x").message, "必须是 number");
});

test("an array shorter than its minItems is refused, saying how many it needs; one long enough passes element by element", () => {
  const pair = objectSchema({ pair: arrayOf(numberValue, { minItems: 2 }) });
  const short = pair.safeParse({ pair: [1] });
  assert.ok(!short.success);
  if (!short.success) {
    assert.deepEqual(short.error.path, ["pair"]);
    assert.deepEqual(short.error.expected, { kind: "minItems", count: 2 });
  }
  assert.deepEqual(pair.parse({ pair: [1, 2, 3] }), { pair: [1, 2, 3] });
  const badElement = pair.safeParse({ pair: [1, "2"] });
  assert.ok(!badElement.success && badElement.error.path.join(".") === "pair.1");
});
