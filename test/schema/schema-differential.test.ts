// Differential tests of the schema. (1) Every schema the project defines against ajv compiled from
// its own `jsonSchema`: the model is shown the JSON Schema and the app runs `parse`, so the two must
// agree on what is valid. (2) The compiled parse against the plain per-field loop it replaces, on
// random shapes and hostile inputs: same output, same SchemaError, same getter calls. (3) The
// fallback when code generation is refused.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { Ajv } from "ajv";
import fc from "fast-check";
import { projectRoot } from "../../scripts/goldens.ts";
import { fixtureSchema } from "../../src/fixture/fixture-format.ts";
import { arrayOf } from "../../src/schema/collections.ts";
import { compileObjectParse, type ParseFunction } from "../../src/schema/compile-object-parse.ts";
import { loopParse, type ObjectSchema, objectSchema, objectValue } from "../../src/schema/object-schema.ts";
import { FAILED, SchemaError, takeFailure } from "../../src/schema/schema-error.ts";
import * as v from "../../src/schema/validator.ts";
import { calcSchema } from "../../src/tools/calc.ts";
import { echoSchema } from "../../src/tools/echo.ts";
import { normalized } from "./normalized-json.ts";

type JsonSchema = Record<string, unknown>;
const requestSchema = objectSchema({ value: v.stringValue, label: v.optionalString, limit: v.optionalPositiveInteger });
const schemas: [string, ObjectSchema<unknown>][] = [
  ["calc", calcSchema],
  ["echo", echoSchema],
  ["request (chapter 06)", requestSchema],
  ["fixture", fixtureSchema],
];
const runs = { numRuns: 300 };

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

// --- The compiled parse against the loop it replaces -------------------------------------------

const even = Object.assign(
  (value: unknown) => {
    if (typeof value !== "number" || value % 2 !== 0) throw new Error("must be even");
    return value;
  },
  { jsonSchema: { type: "number", multipleOf: 2 } },
);
const throwsText = Object.assign(
  (value: unknown) => {
    if (value !== "ok") throw "not ok";
    return value;
  },
  { jsonSchema: { const: "ok" } },
);
const validators: v.Validator<unknown>[] = [
  v.stringValue,
  v.numberValue,
  v.booleanValue,
  v.optionalString,
  v.optionalPositiveInteger,
  v.unknownValue,
  v.enumValue(["x", "y"]),
  v.enumValue([]),
  v.literalValue("k"),
  v.literalValue(0),
  v.literalValue(null),
  v.optional(v.numberValue),
  v.describe(v.stringValue, "d"),
  v.describe(v.optionalPositiveInteger, "d"),
  v.optional(v.describe(v.enumValue(["x"]), "d")),
  even,
  throwsText,
  v.optional(even),
  v.describe(even, "d"),
  objectValue({ value: v.stringValue }),
  // Nested objects are written inline by the compiled parse: deeper paths, a foreign validator inside.
  objectValue({ a: v.numberValue, inner: objectValue({ x: even, value: v.optionalString }) }),
  v.optional(v.describe(objectValue({ value: v.optionalString }), "d")),
  // Arrays of a single-value built-in are checked inline too, element by element; of anything else, through the closure.
  arrayOf(v.stringValue),
  arrayOf(v.numberValue, { minItems: 2 }),
  arrayOf(v.optionalPositiveInteger),
  arrayOf(v.literalValue(0)),
  v.optional(arrayOf(v.enumValue(["x", "y"]))),
  objectValue({ list: arrayOf(v.unknownValue, { minItems: 1 }) }),
  arrayOf(even),
];
const shapeKeys = [
  "a",
  "b",
  "value",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "a b",
  "0",
  "12",
  "",
  "\u2028",
  '"q"',
  "back\\slash",
  "$",
  "é",
  "x",
];
const fieldValues: unknown[] = [
  ...oddValues,
  "ok",
  "k",
  "y",
  2,
  4,
  { value: "v" },
  { value: 1 },
  ["ok", "k"],
  [2, 4, 1.5],
  [2, "4"],
  [0, -0],
  [1, undefined, 3],
  Object.assign(new Array(2), { 1: 2 }),
  ["x", "z"],
  { list: [] },
  { list: [null, "a"] },
  { list: [undefined] },
  Number.NaN,
  Number.POSITIVE_INFINITY,
  { a: 1, inner: { x: 2 } },
  { a: 1, inner: { x: 3 } },
  { a: 1, inner: { x: 2, value: 1 } },
  { a: 1, inner: 5 },
  { a: "1", inner: { x: 2 } },
];

const shapeArbitrary = fc.uniqueArray(fc.tuple(fc.constantFrom(...shapeKeys), fc.nat(validators.length - 1)), { selector: ([key]) => key, maxLength: 6 });
const inputArbitrary = fc.oneof(
  fc.dictionary(fc.constantFrom(...shapeKeys), fc.constantFrom(...fieldValues), { maxKeys: 8 }),
  fc.constantFrom<unknown>(null, [], "text", 1, undefined),
);

/** Whatever a parse did, in a form deepStrictEqual can compare (it tells -0 from 0). */
function outcome(parse: (input: unknown) => unknown, input: unknown) {
  try {
    const output = parse(input);
    return {
      ok: true,
      output,
      prototype: record(output) ? Object.getPrototypeOf(output) : undefined,
      descriptors: record(output) ? Object.getOwnPropertyDescriptors(output) : undefined,
    };
  } catch (error) {
    if (!(error instanceof SchemaError)) return { ok: false, thrown: error };
    return { ok: false, type: error.constructor, message: error.message, path: error.path, expected: error.expected, received: error.received };
  }
}

/** A safe parse as a throwing one, the way objectSchema's `parse` wraps it. */
function throwing(parse: ParseFunction) {
  return (input: unknown) => {
    const result = parse(input);
    if (result === FAILED) throw takeFailure();
    return result;
  };
}

function compiledAndLoop(shape: readonly (readonly [string, v.Validator<unknown>])[]) {
  const compiled = compileObjectParse(shape);
  assert.ok(compiled, "code generation works here");
  return { compiled: throwing(compiled), loop: throwing(loopParse(shape)) };
}

test("compiled parse = plain loop for every validator alone against every field value", () => {
  // Exhaustive where the random shapes below are sparse: a check the compiled parse writes inline
  // (an array's length and each element, say) meets every value at least once.
  for (const validator of validators) {
    const { compiled, loop } = compiledAndLoop([["a", validator]]);
    for (const value of fieldValues) {
      const input = { a: value };
      assert.deepStrictEqual(outcome(compiled, input), outcome(loop, input), normalized(input));
    }
  }
});

test("compiled parse = plain loop: output, SchemaError and prototype, on random shapes and inputs", () => {
  fc.assert(
    fc.property(shapeArbitrary, fc.array(inputArbitrary, { minLength: 1, maxLength: 4 }), (picks, inputs) => {
      const { compiled, loop } = compiledAndLoop(picks.map(([key, index]) => [key, validators[index] ?? v.unknownValue] as const));
      for (const input of inputs) {
        const before = normalized(input);
        assert.deepStrictEqual(outcome(compiled, input), outcome(loop, input), before);
        assert.equal(normalized(input), before, "the input is not mutated");
      }
    }),
    runs,
  );
});

test("compiled parse = plain loop on hostile objects: inherited keys, null prototype, getters, pollution, proxies", () => {
  const shape = [
    ["a", v.numberValue],
    ["constructor", v.optionalString],
    ["__proto__", v.optional(v.literalValue(1))],
    ["x", even],
  ] as const;
  const { compiled, loop } = compiledAndLoop(shape);
  const reads: string[] = [];
  const withGetter = {
    get a() {
      reads.push("a");
      return 1;
    },
    x: 2,
  };
  const throwingGetter = {
    get a(): number {
      throw new RangeError("getter");
    },
    x: 2,
  };
  const inherited = Object.create({ a: 1, x: 2 });
  const nullPrototype = Object.assign(Object.create(null), { a: 1, x: 2, constructor: "c" });
  const ownProto = JSON.parse('{"a":1,"x":2,"__proto__":1}');
  const lying = Object.create({ a: 1, x: 2, ["__proto__"]: Object.prototype });
  const inputs: unknown[] = [
    withGetter,
    throwingGetter,
    inherited,
    nullPrototype,
    ownProto,
    lying,
    new Proxy({ a: 1, x: 2 }, {}),
    { a: 1, x: 3 },
    { a: -0, x: 4 },
  ];
  for (const input of inputs) {
    reads.length = 0;
    const left = outcome(compiled, input);
    const leftReads = [...reads];
    reads.length = 0;
    assert.deepStrictEqual(left, outcome(loop, input));
    assert.deepStrictEqual(leftReads, reads, "the same getter calls");
  }
  // A getter, or a validator, that swaps the input's prototype halfway: each later key is judged
  // at the moment it is read, as the loop does, so an inherited `x` is still not an argument.
  const swapsPrototype = () => ({
    get a() {
      Object.setPrototypeOf(this, { x: 2, constructor: "inherited" });
      return 1;
    },
  });
  assert.deepStrictEqual(outcome(compiled, swapsPrototype()), outcome(loop, swapsPrototype()));
  const swapper = Object.assign(
    (value: unknown) => {
      if (typeof value === "object" && value !== null) Object.setPrototypeOf(value, { x: 5 });
      return "swapped";
    },
    { jsonSchema: {} },
  );
  const swapped = compiledAndLoop([
    ["first", swapper],
    ["a", v.numberValue],
    ["x", v.optional(v.numberValue)],
  ]);
  const selfReferencing = () => {
    const target: Record<string, unknown> = { a: 1 };
    target.first = target;
    return target;
  };
  assert.deepStrictEqual(outcome(swapped.compiled, selfReferencing()), outcome(swapped.loop, selfReferencing()));
  assert.deepStrictEqual(outcome(swapped.compiled, selfReferencing()), {
    ok: true,
    output: { first: "swapped", a: 1, x: undefined },
    prototype: Object.prototype,
    descriptors: Object.getOwnPropertyDescriptors({ first: "swapped", a: 1, x: undefined }),
  });
  // A key set on Object.prototype after the schema was compiled is still not an argument.
  for (const key of ["a", "x", "constructor"]) {
    Object.defineProperty(Object.prototype, key, { value: key === "x" ? 2 : 1, configurable: true, writable: true });
    try {
      for (const input of [{}, { a: 5 }, { x: 2 }, { a: 1, x: 2 }]) assert.deepStrictEqual(outcome(compiled, input), outcome(loop, input), `${key} polluted`);
    } finally {
      Reflect.deleteProperty(Object.prototype, key);
    }
  }
  const pollutedGetter = {
    configurable: true,
    get() {
      throw new Error("an inherited getter must never run");
    },
  };
  Object.defineProperty(Object.prototype, "a", pollutedGetter);
  try {
    assert.deepStrictEqual(outcome(compiled, { x: 2 }), outcome(loop, { x: 2 }));
  } finally {
    Reflect.deleteProperty(Object.prototype, "a");
  }
});

test("keys reach the generated code only as string literals", () => {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a key that looks like a template is the point.
  const keys = ["}); throw 1; ({", "\\", "\u2028\u2029", "`${x}`", "*/", "\ud800", "constructor", "__proto__", "\n\"'"];
  const shape = keys.map((key) => [key, v.optionalString] as const);
  const { compiled } = compiledAndLoop(shape);
  const input = Object.fromEntries(keys.map((key) => [key, key]));
  const output = compiled(input);
  assert.deepStrictEqual(Object.keys(output), Object.keys(input));
  for (const key of keys) assert.equal(Object.getOwnPropertyDescriptor(output, key)?.value, key);
  assert.equal(Object.getPrototypeOf(output), Object.prototype);
});

test("without code generation (--disallow-code-generation-from-strings) parse falls back to the loop", () => {
  const dir = mkdtempSync(join(tmpdir(), "tcp-nocodegen-"));
  const script = join(dir, "check.mts");
  const src = (file: string) => JSON.stringify(join(projectRoot, "src", file));
  writeFileSync(
    script,
    `import { compileObjectParse } from ${src("schema/compile-object-parse.ts")};
import { calcSchema } from ${src("tools/calc.ts")};
import { echoSchema } from ${src("tools/echo.ts")};
const failed = echoSchema.safeParse({ value: 1 });
console.log(JSON.stringify({
  compiled: compileObjectParse([]) !== undefined,
  parsed: calcSchema.parse({ a: 1, b: -0, op: "add", extra: 1 }),
  message: failed.success ? "" : failed.error.message,
  path: failed.success ? [] : failed.error.path,
}));
`,
  );
  const child = spawnSync(process.execPath, ["--disallow-code-generation-from-strings", "--import", join(projectRoot, "bin", "load-typescript.js"), script], {
    cwd: projectRoot,
    encoding: "utf8",
    timeout: 30_000,
  });
  assert.equal(child.status, 0, child.stderr);
  assert.deepEqual(JSON.parse(child.stdout), { compiled: false, parsed: { a: 1, b: 0, op: "add" }, message: "必须是 string", path: ["value"] });
});
