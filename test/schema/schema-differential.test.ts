// Differential tests of the schema: every schema the project defines against ajv compiled from its
// own `jsonSchema` — the model is shown the JSON Schema and the app runs `parse`, so the two must
// agree on what is valid — then the parse on hostile inputs: inherited keys, null prototypes,
// getters, proxies, a polluted Object.prototype, keys that look like code.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Ajv } from "ajv";
import fc from "fast-check";
import { fixtureSchema } from "../../src/fixture/fixture-format.ts";
import { type ObjectSchema, objectSchema } from "../../src/schema/object-schema.ts";
import { SchemaError } from "../../src/schema/schema-error.ts";
import * as v from "../../src/schema/validator.ts";
import { calcSchema } from "../../src/tools/calc.ts";
import { echoSchema } from "../../src/tools/echo.ts";
import { propertyRuns } from "../property-runs.ts";
import { normalized } from "./normalized-json.ts";

type JsonSchema = Record<string, unknown>;
const requestSchema = objectSchema({ value: v.stringValue, label: v.optionalString, limit: v.optionalPositiveInteger });
const schemas: [string, ObjectSchema<unknown>][] = [
  ["calc", calcSchema],
  ["echo", echoSchema],
  ["request (chapter 06)", requestSchema],
  ["fixture", fixtureSchema],
];
const runs = { numRuns: propertyRuns(300) };

/** Values that are wrong somewhere for nearly every field: wrong types, edge numbers, enum-ish words. */
const oddValues: unknown[] = [
  null,
  [],
  {},
  [1],
  "",
  "x",
  "128",
  "add",
  "text",
  "toolCall",
  0,
  -0,
  1,
  1.5,
  -1,
  2 ** 53 + 2,
  1e308,
  1e21,
  true,
  false,
  undefined,
];
const oddKeys = ["x", "extra", "constructor", "toString", "__proto__", "a b", "0"];

const record = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const schemaList = (value: unknown): JsonSchema[] => list(value).filter(record);

/** Values the JSON Schema accepts, generated from the JSON Schema itself. */
function arbitraryFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const branches = schemaList(schema.anyOf ?? schema.oneOf);
  if (branches.length > 0) return fc.oneof(...branches.map(arbitraryFor));
  switch (schema.type) {
    case "string":
      return fc.string({ maxLength: 8 });
    case "number":
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(-0, 0, 1e308, -1e-308));
    case "integer":
      return fc.oneof(fc.integer({ min: typeof schema.minimum === "number" ? schema.minimum : -1000, max: 10_000 }), fc.constant(2 ** 53));
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(record(schema.items) ? arbitraryFor(schema.items) : fc.jsonValue(), { minLength: Number(schema.minItems ?? 0), maxLength: 3 });
    case "object": {
      const properties = record(schema.properties) ? schema.properties : {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) model[key] = record(property) ? arbitraryFor(property) : fc.jsonValue();
      return fc.record(model, { requiredKeys: list(schema.required).map(String) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Every object or array inside `value`, with the keys that lead to it (the root is []). */
function containers(value: unknown, path: (string | number)[] = []): { node: object; path: (string | number)[] }[] {
  if (typeof value !== "object" || value === null) return [];
  const inner = Object.entries(value).flatMap(([key, child]) => containers(child, [...path, Array.isArray(value) ? Number(key) : key]));
  return [{ node: value, path }, ...inner];
}

type Mutation = { kind: "replace" | "delete" | "extraKey"; at: number; odd: unknown; key: string };
const mutation = fc.record({
  kind: fc.constantFrom("replace", "delete", "extraKey"),
  at: fc.nat(),
  odd: fc.constantFrom(...oddValues),
  key: fc.constantFrom(...oddKeys),
});

/** Applies mutations to a deep copy: a wrong value, a removed key or an undeclared key, anywhere. */
function mutate(value: unknown, mutations: readonly Mutation[]): { input: unknown; extraKeys: boolean } {
  let input = structuredClone(value);
  let extraKeys = false;
  for (const { kind, at, odd: shared, key } of mutations) {
    const odd = structuredClone(shared); // the pool's {} and [] must stay empty
    const targets = containers(input);
    const target = targets[at % Math.max(1, targets.length)];
    if (!target) {
      input = odd;
      continue;
    }
    const { node } = target;
    const keys = Object.keys(node);
    const chosen = keys[at % Math.max(1, keys.length)];
    if (kind === "extraKey" && !Array.isArray(node)) {
      Object.defineProperty(node, `${key}_extra`, { value: odd ?? 1, enumerable: true, writable: true, configurable: true });
      extraKeys = true;
    } else if (kind === "delete" && chosen !== undefined && !Array.isArray(node)) {
      Reflect.deleteProperty(node, chosen);
    } else if (chosen !== undefined) {
      Reflect.set(node, chosen, odd);
    } else if (at % 3 === 0) {
      input = odd;
    }
  }
  return { input, extraKeys };
}

for (const [name, schema] of schemas) {
  // Strict ajv (additionalProperties: false enforced) judges inputs without undeclared keys. For
  // inputs with them our parse drops the keys while the JSON Schema rejects them, so those go to
  // ajv with removeAdditional: "all", which strips too — except for the fixture format, whose oneOf
  // blocks make ajv strip keys of the wrong branch before trying the right one (a documented ajv
  // caveat); there, undeclared keys are checked by comparing with the same input without them.
  const strict = new Ajv({ strict: false }).compile(schema.jsonSchema);
  const stripping = new Ajv({ strict: false, removeAdditional: "all" }).compile(schema.jsonSchema);
  const valid = arbitraryFor(schema.jsonSchema);

  test(`${name}: parse and ajv agree on generated valid and mutated inputs`, () => {
    fc.assert(
      fc.property(valid, fc.array(mutation, { maxLength: 3 }), (value, mutations) => {
        const { input, extraKeys } = mutate(value, mutations);
        if (name === "fixture" && extraKeys) return;
        const ours = schema.safeParse(input);
        const copy = structuredClone(input);
        const theirs = (extraKeys ? stripping : strict)(copy);
        assert.equal(
          ours.success,
          theirs,
          `parse ${ours.success ? "accepts" : `rejects (${ours.error.message})`}, ajv ${theirs ? "accepts" : "rejects"}: ${normalized(input)}`,
        );
        if (ours.success) assert.equal(normalized(ours.value), normalized(copy), "the output is what ajv kept");
      }),
      runs,
    );
  });
}

test("fixture: undeclared keys at any declared object change nothing but are dropped", () => {
  const valid = arbitraryFor(fixtureSchema.jsonSchema);
  fc.assert(
    fc.property(valid, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...oddKeys)), { minLength: 1, maxLength: 3 }), (value, extras) => {
      const input = structuredClone(value);
      // Declared objects only: `arguments` is model data and `parameters` a logged tool's own JSON
      // Schema, both passed on as they are.
      const declared = containers(input).filter(({ node, path }) => !Array.isArray(node) && !path.includes("arguments") && !path.includes("parameters"));
      for (const [at, key] of extras) {
        const target = declared[at % declared.length];
        if (target) Object.defineProperty(target.node, `${key}_extra`, { value: 1, enumerable: true, writable: true, configurable: true });
      }
      assert.equal(normalized(fixtureSchema.parse(input)), normalized(fixtureSchema.parse(value)));
    }),
    runs,
  );
});

// --- The parse on hostile inputs ------------------------------------------------------------

const even = Object.assign(
  (value: unknown) => {
    if (typeof value !== "number" || value % 2 !== 0) throw new Error("must be even");
    return value;
  },
  { jsonSchema: { type: "number", multipleOf: 2 } },
);

/** Whatever a parse did, in a form deepStrictEqual can compare (it tells -0 from 0). */
function outcome(parse: (input: unknown) => unknown, input: unknown) {
  try {
    const output = parse(input);
    return { ok: true, output, prototype: record(output) ? Object.getPrototypeOf(output) : undefined };
  } catch (error) {
    if (!(error instanceof SchemaError)) return { ok: false, thrown: error };
    return { ok: false, message: error.message, path: error.path, received: error.received };
  }
}

const passed = (output: object) => ({ ok: true, output, prototype: Object.prototype });
const failedAt = (path: string[], message: string, received: unknown = undefined) => ({ ok: false, message, path, received });

/** An object with these own keys in this order, a `__proto__` key as data like any other. */
function ownKeys(entries: [string, unknown][]): object {
  const made = {};
  for (const [key, value] of entries) Object.defineProperty(made, key, { value, enumerable: true, writable: true, configurable: true });
  return made;
}

test("parse reads own keys only, at the moment it reads each: inherited keys, null prototypes, getters, proxies, a swapped prototype", () => {
  const schema = objectSchema({ a: v.numberValue, constructor: v.optionalString, ["__proto__"]: v.optional(v.literalValue(1)), x: even });
  const parse = (input: unknown) => schema.parse(input);
  const parsed = (ownConstructor: unknown, proto: unknown) =>
    passed(
      ownKeys([
        ["a", 1],
        ["constructor", ownConstructor],
        ["__proto__", proto],
        ["x", 2],
      ]),
    );
  const reads: string[] = [];
  const withGetter = {
    get a() {
      reads.push("a");
      return 1;
    },
    x: 2,
  };
  assert.deepStrictEqual(outcome(parse, withGetter), parsed(undefined, undefined));
  assert.deepEqual(reads, ["a"], "each getter runs once");
  const throwing = outcome(parse, {
    get a(): number {
      throw new RangeError("getter");
    },
  });
  assert.ok(!throwing.ok && "thrown" in throwing && throwing.thrown instanceof RangeError, "a getter's own error passes through");
  const missingA = failedAt(["a"], "必须是 number");
  assert.deepStrictEqual(outcome(parse, Object.create({ a: 1, x: 2 })), missingA, "inherited keys are not arguments");
  assert.deepStrictEqual(outcome(parse, Object.create({ a: 1, x: 2, ["__proto__"]: Object.prototype })), missingA);
  assert.deepStrictEqual(outcome(parse, Object.assign(Object.create(null), { a: 1, x: 2, constructor: "c" })), parsed("c", undefined));
  assert.deepStrictEqual(outcome(parse, JSON.parse('{"a":1,"x":2,"__proto__":1}')), parsed(undefined, 1), "an own __proto__ key is data");
  assert.deepStrictEqual(outcome(parse, new Proxy({ a: 1, x: 2 }, {})), parsed(undefined, undefined));
  assert.deepStrictEqual(outcome(parse, { a: 1, x: 3 }), failedAt(["x"], "must be even", 3));
  assert.ok(Object.is(Reflect.get(schema.parse({ a: -0, x: 4 }), "a"), -0), "-0 stays -0");
  // A getter that swaps the input's prototype halfway: each later key is judged when it is read,
  // so an inherited `x` is still not an argument.
  const swapsPrototype = {
    get a() {
      Object.setPrototypeOf(this, { x: 2, constructor: "inherited" });
      return 1;
    },
  };
  assert.deepStrictEqual(outcome(parse, swapsPrototype), failedAt(["x"], "must be even"));
});

test("parse ignores a polluted Object.prototype, and never runs an inherited getter", () => {
  const schema = objectSchema({ a: v.numberValue, constructor: v.optionalString, x: v.optional(v.numberValue) });
  const parse = (input: unknown) => schema.parse(input);
  for (const key of ["a", "x", "constructor"]) {
    Object.defineProperty(Object.prototype, key, { value: key === "x" ? 2 : 1, configurable: true, writable: true });
    try {
      assert.deepStrictEqual(outcome(parse, {}), failedAt(["a"], "必须是 number"), `${key} polluted`);
      assert.deepStrictEqual(outcome(parse, { a: 5 }).output, { a: 5, constructor: undefined, x: undefined }, `${key} polluted`);
    } finally {
      Reflect.deleteProperty(Object.prototype, key);
    }
  }
  Object.defineProperty(Object.prototype, "a", {
    configurable: true,
    get() {
      throw new Error("an inherited getter must never run");
    },
  });
  try {
    assert.deepStrictEqual(outcome(parse, { x: 2 }), failedAt(["a"], "必须是 number"));
  } finally {
    Reflect.deleteProperty(Object.prototype, "a");
  }
});

test("a validator that swaps the input's prototype cannot make an inherited key an argument", () => {
  const swapper = Object.assign(
    (value: unknown) => {
      if (typeof value === "object" && value !== null) Object.setPrototypeOf(value, { x: 5 });
      return "swapped";
    },
    { jsonSchema: {} },
  );
  const schema = objectSchema({ first: swapper, a: v.numberValue, x: v.optional(v.numberValue) });
  const target: Record<string, unknown> = { a: 1 };
  target.first = target;
  assert.deepStrictEqual(
    outcome((input) => schema.parse(input), target),
    passed({ first: "swapped", a: 1, x: undefined }),
  );
});

test("any key is data: keys that look like code are copied as they are, each its own property", () => {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a key that looks like a template is the point.
  const keys = ["}); throw 1; ({", "\\", "\u2028\u2029", "`${x}`", "*/", "\ud800", "constructor", "__proto__", "\n\"'"];
  const schema = objectSchema(Object.fromEntries(keys.map((key) => [key, v.optionalString])));
  const input = Object.fromEntries(keys.map((key) => [key, key]));
  const output = schema.parse(input);
  assert.deepStrictEqual(Object.keys(output), Object.keys(input));
  for (const key of keys) assert.equal(Object.getOwnPropertyDescriptor(output, key)?.value, key);
  assert.equal(Object.getPrototypeOf(output), Object.prototype);
});
