// A declared JSON Schema as the project's validators: the subset is enforced with the same
// SchemaError (path, expectation) a built-in tool's schema throws, anything outside it is named
// with its pointer, and the model is shown the declared schema verbatim.
import assert from "node:assert/strict";
import { test } from "node:test";
import { schemaFromJsonSchema } from "../../src/schema/from-json-schema.ts";
import { SchemaError } from "../../src/schema/schema-error.ts";
import { calc, calcOperators } from "../../src/tools/calc.ts";

const declared = {
  type: "object",
  description: "Book a table",
  properties: {
    city: { type: "string", description: "Where" },
    people: { type: "integer", minimum: 1 },
    when: { type: "object", properties: { day: { type: "string", enum: ["sat", "sun"] }, late: { type: "boolean" } }, required: ["day"] },
    tags: { type: "array", items: { type: "string" } },
    note: { type: ["string", "null"] },
  },
  required: ["city", "people"],
  additionalProperties: false,
};

function failure(run: () => unknown): SchemaError {
  try {
    run();
  } catch (error) {
    if (error instanceof SchemaError) return error;
    throw error;
  }
  assert.fail("expected a SchemaError");
}

test("the subset is enforced: types, required, enum, items, nested objects", () => {
  const { schema } = schemaFromJsonSchema(declared);
  assert.deepEqual(schema.parse({ city: "Porto", people: 2, when: { day: "sat" }, tags: ["a"] }), {
    city: "Porto",
    people: 2,
    when: { day: "sat", late: undefined },
    tags: ["a"],
    note: undefined,
  });
  assert.deepEqual(failure(() => schema.parse({ city: "Porto" })).path, ["people"]);
  assert.deepEqual(failure(() => schema.parse({ city: "Porto", people: 2.5 })).path, ["people"]);
  assert.deepEqual(failure(() => schema.parse({ city: 1, people: 2 })).expected, { kind: "string" });
  const enumFailure = failure(() => schema.parse({ city: "P", people: 2, when: { day: "mon" } }));
  assert.deepEqual(enumFailure.path, ["when", "day"]);
  assert.deepEqual(enumFailure.expected, { kind: "oneOf", values: ["sat", "sun"] });
  assert.deepEqual(failure(() => schema.parse({ city: "P", people: 2, tags: ["a", 3] })).path, ["tags", 1]);
  assert.deepEqual(failure(() => schema.parse("oops")).expected, { kind: "object" });
});

test("a failure is the same SchemaError a built-in tool throws for the same mistake", () => {
  const { schema } = schemaFromJsonSchema({
    type: "object",
    // calc's own operators, whatever an exercise added to them; "mod" is one none adds.
    properties: { a: { type: "number" }, b: { type: "number" }, op: { type: "string", enum: [...calcOperators] } },
    required: ["a", "b", "op"],
  });
  for (const input of [{ a: "128", b: 64, op: "mul" }, { a: 1, b: 2, op: "mod" }, { b: 2, op: "add" }, [1, 2]]) {
    const ours = failure(() => schema.parse(input));
    const builtin = failure(() => calc.schema.parse(input));
    assert.deepEqual([ours.path, ours.expected, ours.message], [builtin.path, builtin.expected, builtin.message], JSON.stringify(input));
  }
});

test("keywords outside the subset are named with their pointer; the declared schema is what the model sees", () => {
  const { schema, unsupported } = schemaFromJsonSchema(declared);
  assert.deepEqual(unsupported, ["/properties/people minimum", '/properties/note type ["string","null"]']);
  assert.equal(schema.jsonSchema, declared);
  const refs = schemaFromJsonSchema({
    type: "object",
    properties: { x: { $ref: "#/defs/x" }, y: { anyOf: [{ type: "string" }] } },
    additionalProperties: { type: "string" },
  });
  assert.deepEqual(refs.unsupported, ["/ additionalProperties (a schema)", "/properties/x $ref", "/properties/y anyOf"]);
});

test("an open object schema keeps every argument; coercion works as for built-ins", () => {
  assert.deepEqual(schemaFromJsonSchema({ type: "object" }).schema.parse({ command: "ls", n: 1 }), { command: "ls", n: 1 });
  const { schema } = schemaFromJsonSchema({ type: "object", properties: { n: { type: "number" } }, required: ["n"] });
  assert.deepEqual(schema.coerce?.({ n: "128" }).value, { n: 128 });
});
