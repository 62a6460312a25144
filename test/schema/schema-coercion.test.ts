// The lenient "coerce" policy. (1) It converts at any depth — inside arrays, nested objects and
// tagged unions — and numbers or booleans to the string members of an enum or literal. (2) It is
// compared with Pi's validation, which is ajv with `coerceTypes: true` (and `allErrors`, `strict:
// false`) run on the same JSON Schema (badlogic/pi-mono, packages/ai/src/utils/validation.ts), over
// generated nested schemas and values: every disagreement must belong to one of the classes
// docs/design.md lists under "Choices this project made", and every class must be seen.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Ajv } from "ajv";
import fc from "fast-check";
import { arrayOf, recordValue, taggedUnion } from "../../src/schema/collections.ts";
import { type ObjectSchema, objectSchema, objectValue } from "../../src/schema/object-schema.ts";
import * as v from "../../src/schema/validator.ts";
import { calcSchema } from "../../src/tools/calc.ts";
import { propertyRuns } from "../property-runs.ts";
import { normalized } from "./normalized-json.ts";

/** Pi's validateToolArguments options (badlogic/pi-mono, packages/ai/src/utils/validation.ts), and
 *  no code optimiser: its passes only tidy the code ajv generates (ajv's "code.optimize" option;
 *  `gen.optimize` in ajv/dist/compile/index.js) and validate the same, and with a schema compiled
 *  per generated case they were a quarter of this file's CPU. */
const piAjvOptions = { allErrors: true, strict: false, coerceTypes: true, code: { optimize: false } } as const;

test("coercion converts inside arrays, nested objects and tagged unions, and reports each leaf", () => {
  const schema = objectSchema({
    list: arrayOf(v.numberValue),
    nested: objectValue({ x: v.numberValue, flags: arrayOf(v.booleanValue) }),
    block: taggedUnion<object>("type", {
      n: objectValue({ type: v.literalValue("n"), n: v.numberValue }),
      s: objectValue({ type: v.literalValue("s"), s: v.stringValue }),
    }),
    rest: recordValue,
  });
  const input = { list: ["1", 2, " 3.5 "], nested: { x: "5", flags: ["true", false] }, block: { type: "s", s: 7 }, rest: { keep: "1" } };
  const before = JSON.stringify(input);
  const { value, conversions } = schema.coerce(input);
  assert.equal(JSON.stringify(input), before, "the input is not touched");
  assert.deepEqual(schema.parse(value), { list: [1, 2, 3.5], nested: { x: 5, flags: [true, false] }, block: { type: "s", s: "7" }, rest: { keep: "1" } });
  assert.deepEqual(conversions, [
    { path: ["list", 0], from: "1", to: 1 },
    { path: ["list", 2], from: " 3.5 ", to: 3.5 },
    { path: ["nested", "x"], from: "5", to: 5 },
    { path: ["nested", "flags", 0], from: "true", to: true },
    { path: ["block", "s"], from: 7, to: "7" },
  ]);
  // Nothing to convert: the very same input comes back, and no copy is made.
  const clean = { list: [1], nested: { x: 1, flags: [] }, block: { type: "n", n: 1 }, rest: {} };
  assert.equal(schema.coerce(clean).value, clean);
});

test("coercion turns numbers and booleans into the string members of an enum or literal, and nothing else", () => {
  const schema = objectSchema({ level: v.enumValue(["1", "2", "true"]), tag: v.literalValue("1"), flag: v.optional(v.enumValue(["true"])) });
  assert.deepEqual(schema.parse(schema.coerce({ level: 2, tag: 1, flag: true }).value), { level: "2", tag: "1", flag: "true" });
  assert.deepEqual(schema.coerce({ level: true, tag: 1 }).value, { level: "true", tag: "1" });
  // Not a member: left as it was, so the error names the value the model sent.
  const wrong = schema.safeParse(schema.coerce({ level: 3, tag: 2 }).value);
  assert.ok(!wrong.success);
  assert.equal(wrong.error.received, 3);
  const union = objectSchema({ b: taggedUnion("kind", { "1": objectValue({ kind: v.literalValue("1"), x: v.numberValue }) }) });
  assert.deepEqual(union.parse(union.coerce({ b: { kind: 1, x: "2" } }).value), { b: { kind: "1", x: 2 } });
  assert.deepEqual(calcSchema.coerce({ a: "1", b: 2, op: "add" }).conversions, [{ path: ["a"], from: "1", to: 1 }]);
});

// --- Against ajv in coercion mode (Pi's validateToolArguments) -------------------------------------

/** A generated schema: leaves, arrays, nested objects and two-variant tagged unions. */
type Node =
  | { kind: "string" | "number" | "boolean" | "positiveInteger" | "optionalString" | "enum" | "literal" | "unknown" | "record" }
  | { kind: "array"; item: Node }
  | { kind: "object"; fields: [string, Node][] }
  | { kind: "union"; variants: [Node, Node] };

const leafKinds = ["string", "number", "boolean", "positiveInteger", "optionalString", "enum", "literal", "unknown", "record"] as const;
const enumMembers = ["1", "2", "add", "true"] as const;
const unionTags = ["1", "b"] as const;
const leaf = fc.constantFrom(...leafKinds).map((kind): Node => ({ kind }));
const nodeAt: fc.Arbitrary<Node>[] = [leaf];
for (let depth = 1; depth <= 3; depth++) {
  const inner = nodeAt[depth - 1] ?? leaf;
  nodeAt.push(
    fc.oneof(
      { weight: 3, arbitrary: leaf },
      inner.map((item): Node => ({ kind: "array", item })),
      fc
        .uniqueArray(fc.tuple(fc.constantFrom("a", "b", "c", "x"), inner), { selector: ([key]) => key, minLength: 1, maxLength: 4 })
        .map((fields): Node => ({ kind: "object", fields })),
      fc.tuple(inner, inner).map((variants): Node => ({ kind: "union", variants })),
    ),
  );
}
const rootFields = fc.uniqueArray(fc.tuple(fc.constantFrom("a", "b", "c", "d", "e"), nodeAt[3] ?? leaf), {
  selector: ([key]) => key,
  minLength: 1,
  maxLength: 5,
});

function validatorFor(node: Node): v.Validator<unknown> {
  switch (node.kind) {
    case "string":
      return v.stringValue;
    case "number":
      return v.numberValue;
    case "boolean":
      return v.booleanValue;
    case "positiveInteger":
      return v.optionalPositiveInteger;
    case "optionalString":
      return v.optionalString;
    case "enum":
      return v.enumValue(enumMembers);
    case "literal":
      return v.literalValue("1");
    case "unknown":
      return v.unknownValue;
    case "record":
      return recordValue;
    case "array":
      return arrayOf(validatorFor(node.item));
    case "object":
      return objectValue(Object.fromEntries(node.fields.map(([key, field]) => [key, validatorFor(field)])));
    case "union": {
      const [first, second] = node.variants;
      return taggedUnion<object>("type", {
        [unionTags[0]]: objectValue({ type: v.literalValue(unionTags[0]), x: validatorFor(first) }),
        [unionTags[1]]: objectValue({ type: v.literalValue(unionTags[1]), x: validatorFor(second) }),
      });
    }
  }
}

/** What a model might send where a leaf is expected: the conversions both sides make, the ones
 *  only Pi makes, and values no one converts. */
const oddLeaves: unknown[] = [
  null,
  true,
  false,
  0,
  1,
  2,
  -0,
  1.5,
  1e21,
  "",
  " ",
  "1",
  "2",
  " 12 ",
  "1.50",
  "1e3",
  ".5",
  "-0",
  "+5",
  "0x10",
  "0b11",
  "0o7",
  "Infinity",
  "1e400",
  "true",
  "false",
  "abc",
  "add",
  [],
  {},
  ["1"],
];

function validLeaf(kind: (typeof leafKinds)[number]): fc.Arbitrary<unknown> {
  switch (kind) {
    case "string":
    case "optionalString":
      return fc.string({ maxLength: 4 });
    case "number":
      return fc.oneof(fc.integer({ min: -100, max: 100 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case "boolean":
      return fc.boolean();
    case "positiveInteger":
      return fc.integer({ min: 1, max: 100 });
    case "enum":
      return fc.constantFrom(...enumMembers);
    case "literal":
      return fc.constant("1");
    case "unknown":
      return fc.jsonValue({ maxDepth: 1 });
    case "record":
      return fc.dictionary(fc.constantFrom("p", "q"), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 });
  }
}

const isOptional = (node: Node) => node.kind === "positiveInteger" || node.kind === "optionalString";

function valueFor(node: Node): fc.Arbitrary<unknown> {
  const odd = fc.constantFrom(...oddLeaves);
  switch (node.kind) {
    case "array":
      return fc.oneof({ weight: 6, arbitrary: fc.array(valueFor(node.item), { maxLength: 3 }) }, odd);
    case "object":
      return fc.oneof({ weight: 6, arbitrary: objectFor(node.fields) }, odd);
    case "union":
      return fc.oneof(
        {
          weight: 6,
          arbitrary: fc.oneof(
            ...node.variants.map((variant, index) =>
              objectFor([["x", variant]]).chain((body) => fc.constantFrom<unknown>(unionTags[index], index === 0 ? 1 : "b").map((type) => ({ type, ...body }))),
            ),
          ),
        },
        odd,
      );
    default:
      return fc.oneof(validLeaf(node.kind), odd);
  }
}

function objectFor(fields: [string, Node][]): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, field] of fields) model[key] = valueFor(field);
  // Required keys are nearly always there; optional ones come and go.
  return fc.record(model, { requiredKeys: fields.filter(([, field]) => !isOptional(field)).map(([key]) => key) });
}

/** The documented classes, in the order of docs/design.md. `ajv` means Pi accepts and this project refuses. */
const classes = {
  /** null → 0 / false / "" */
  nullToPrimitive: "ajv",
  /** true → 1 for a number or an integer */
  booleanToNumber: "ajv",
  /** 1 / 0 → true / false */
  numberToBoolean: "ajv",
  /** "0x10", "0b11", "0o7", "  " → numbers, as JavaScript's Number() reads them */
  nonDecimalString: "ajv",
  /** "Infinity", "1e400" → Infinity, which ajv's own type check would refuse */
  nonFiniteString: "ajv",
  /** 1 → "1" for a `const` (literalValue), which has no `type` for ajv to convert toward */
  literalFromNumber: "ours",
  /** ajv converts inside every `oneOf` branch it tries, in place, so a branch the tag rules out
   *  can change a value before the right branch sees it ("1.50" → 1.5 → "1.5"); found by running
   *  ajv again on the branch the tag names */
  oneOfBranchCoercion: "either",
} as const;
type DisagreementClass = keyof typeof classes;

type JsonSchema = Record<string, unknown>;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const decimal = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

/** Every class whose trigger occurs somewhere in `value`, walking it along its JSON Schema. */
function triggers(schema: JsonSchema, value: unknown, found: Set<DisagreementClass>): void {
  if (Array.isArray(schema.oneOf)) {
    const branches = schema.oneOf.filter(isRecord);
    if (isRecord(value)) for (const branch of branches) triggers(branch, value, found);
    return;
  }
  if ("const" in schema && typeof schema.const === "string" && (typeof value === "number" || typeof value === "boolean") && String(value) === schema.const) {
    found.add("literalFromNumber");
  }
  const type = schema.type;
  if (type === "object" && isRecord(value) && isRecord(schema.properties)) {
    for (const [key, property] of Object.entries(schema.properties)) if (isRecord(property) && Object.hasOwn(value, key)) triggers(property, value[key], found);
  } else if (type === "array" && Array.isArray(value) && isRecord(schema.items)) {
    for (const item of value) triggers(schema.items, item, found);
  } else if (type === "string" || type === "number" || type === "integer" || type === "boolean") {
    if (value === null) found.add("nullToPrimitive");
    if ((type === "number" || type === "integer") && typeof value === "boolean") found.add("booleanToNumber");
    if (type === "boolean" && (value === 0 || value === 1)) found.add("numberToBoolean");
    if ((type === "number" || type === "integer") && typeof value === "string" && value !== "" && !Number.isNaN(Number(value))) {
      if (!decimal.test(value)) found.add("nonDecimalString");
      else if (!Number.isFinite(Number(value))) found.add("nonFiniteString");
    }
  }
}

/** The schema as it applies to this value: each oneOf replaced by the branch whose `type` tag the
 *  value names (as this project's taggedUnion picks it, 1 naming "1"), each array's items listed
 *  one by one, since elements may name different branches. */
function resolveUnions(schema: JsonSchema, value: unknown): JsonSchema {
  if (Array.isArray(schema.oneOf)) {
    if (!isRecord(value)) return schema;
    const tag = typeof value.type === "number" || typeof value.type === "boolean" ? String(value.type) : value.type;
    const branch = schema.oneOf
      .filter(isRecord)
      .find((candidate) => isRecord(candidate.properties) && isRecord(candidate.properties.type) && candidate.properties.type.const === tag);
    return branch ? resolveUnions(branch, value) : schema;
  }
  if (schema.type === "object" && isRecord(value) && isRecord(schema.properties)) {
    const properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, property]) => [key, isRecord(property) ? resolveUnions(property, value[key]) : property]),
    );
    return { ...schema, properties };
  }
  if (schema.type === "array" && Array.isArray(value) && value.length > 0 && isRecord(schema.items)) {
    const items = schema.items;
    return { ...schema, items: value.map((item) => resolveUnions(items, item)), additionalItems: false };
  }
  return schema;
}

test("coerce mode against Pi's validation (ajv, coerceTypes) on six values for each of 200 generated nested schemas: every disagreement is a documented class", (t) => {
  const seen: Record<DisagreementClass, number> = {
    nullToPrimitive: 0,
    booleanToNumber: 0,
    numberToBoolean: 0,
    nonDecimalString: 0,
    nonFiniteString: 0,
    literalFromNumber: 0,
    oneOfBranchCoercion: 0,
  };
  let pairs = 0;
  let agreed = 0;
  let nested = 0;
  const ajv = new Ajv(piAjvOptions);
  // Six values per schema: compiling a schema (ajv's and ours) costs far more than checking a value.
  const schemaAndValues = rootFields.chain((fields) => fc.array(objectFor(fields), { minLength: 6, maxLength: 6 }).map((inputs) => ({ fields, inputs })));
  fc.assert(
    fc.property(schemaAndValues, ({ fields, inputs }) => {
      const schema: ObjectSchema<unknown> = objectSchema(Object.fromEntries(fields.map(([key, field]) => [key, validatorFor(field)])));
      const pi = ajv.compile(schema.jsonSchema);
      const isNested = fields.some(([, field]) => field.kind === "array" || field.kind === "object" || field.kind === "union");
      for (const input of inputs) comparePair(schema, pi, input, isNested);
    }),
    // A fixed seed: the assertions below ask that every class be seen, and some classes come from
    // a few schemas of the 200 (booleanToNumber twice, nonFiniteString once), so a random draw
    // would miss one now and then and fail a clean tree.
    { numRuns: propertyRuns(400), seed: 20_261_202 },
  );

  function jsonCopy(value: Record<string, unknown>): unknown {
    return JSON.parse(JSON.stringify(value));
  }

  function comparePair(schema: ObjectSchema<unknown>, pi: (data: unknown) => boolean, input: Record<string, unknown>, isNested: boolean): void {
    pairs++;
    if (isNested) nested++;
    const coerced = schema.safeParse(schema.coerce(input).value);
    const ours = coerced.success ? { accepts: true, value: normalized(coerced.value) } : { accepts: false, value: "" };
    // Each side gets its own copy as parsed JSON, which is how a model's arguments arrive: no value
    // in two places. structuredClone would keep the generator's shared instances (one array drawn
    // for two fields), and ajv's in-place coercion of one would then show in the other.
    const piArguments = jsonCopy(input);
    const piResult = pi(piArguments) ? { accepts: true, value: normalized(piArguments) } : { accepts: false, value: "" };
    const same = (left: typeof ours, right: typeof ours) => left.accepts === right.accepts && left.value === right.value;
    if (same(ours, piResult)) {
      agreed++;
      return;
    }
    const detail = `${normalized(input)} against ${JSON.stringify(schema.jsonSchema)}: ours ${coerced.success ? ours.value : `rejects (${coerced.error.message})`}, Pi ${piResult.accepts ? piResult.value : "rejects"}`;
    // First the union class, measured rather than guessed: ajv again, on the schema with each
    // oneOf replaced by the branch the tag names. If that changes Pi's answer, trying the other
    // branches was the cause; whatever remains must be explained by a leaf class.
    let reference = piResult;
    const resolvedArguments = jsonCopy(input);
    const resolved = ajv.compile(resolveUnions(schema.jsonSchema, input));
    const resolvedResult = resolved(resolvedArguments) ? { accepts: true, value: normalized(resolvedArguments) } : { accepts: false, value: "" };
    if (!same(resolvedResult, piResult)) {
      seen.oneOfBranchCoercion++;
      if (same(ours, resolvedResult)) return;
      reference = resolvedResult;
    }
    const found = new Set<DisagreementClass>();
    triggers(schema.jsonSchema, input, found);
    // Which side is more lenient decides which classes can explain it.
    const side = ours.accepts && reference.accepts ? "either" : reference.accepts ? "ajv" : "ours";
    const explaining = [...found].filter((name) => name !== "oneOfBranchCoercion" && classes[name] === side);
    assert.ok(explaining.length > 0, `an undocumented disagreement: ${detail}`);
    for (const name of explaining) seen[name]++;
  }
  t.diagnostic(`${pairs} pairs (${nested} nested), ${agreed} agreed; disagreements by class: ${JSON.stringify(seen)}`);
  assert.ok(pairs >= 1200 && nested >= pairs / 2, `${pairs} pairs, ${nested} with nesting`);
  for (const [name, count] of Object.entries(seen)) assert.ok(count > 0, `class ${name} was never seen: the generator no longer exercises it`);
  assert.ok(agreed > pairs / 2, `only ${agreed} of ${pairs} agreed`);
});

/** One example per class, spelled out: what Pi returns and what this project does. */
test("each documented difference from Pi, as docs/design.md lists it", () => {
  const ajv = new Ajv(piAjvOptions);
  const pi = (schema: ObjectSchema<unknown>, input: Record<string, unknown>) => {
    const copy = structuredClone(input);
    return ajv.validate(schema.jsonSchema, copy) ? copy : "rejects";
  };
  const ours = (schema: ObjectSchema<unknown>, input: Record<string, unknown>) => {
    const result = schema.safeParse(schema.coerce(input).value);
    return result.success ? result.value : "rejects";
  };
  const number = objectSchema({ n: v.numberValue });
  const flag = objectSchema({ f: v.booleanValue });
  const text = objectSchema({ s: v.stringValue });
  const tag = objectSchema({ t: v.literalValue("1") });
  const cases: [ObjectSchema<unknown>, Record<string, unknown>, unknown, unknown][] = [
    [number, { n: null }, { n: 0 }, "rejects"],
    [flag, { f: null }, { f: false }, "rejects"],
    [text, { s: null }, { s: "" }, "rejects"],
    [number, { n: true }, { n: 1 }, "rejects"],
    [flag, { f: 1 }, { f: true }, "rejects"],
    [number, { n: "0x10" }, { n: 16 }, "rejects"],
    [number, { n: "0b11" }, { n: 3 }, "rejects"],
    [number, { n: " " }, { n: 0 }, "rejects"],
    [number, { n: "1e400" }, { n: Number.POSITIVE_INFINITY }, "rejects"],
    [tag, { t: 1 }, "rejects", { t: "1" }],
    // The conversions both make.
    [number, { n: " 12 " }, { n: 12 }, { n: 12 }],
    [text, { s: 1e21 }, { s: "1e+21" }, { s: "1e+21" }],
    [flag, { f: "false" }, { f: false }, { f: false }],
  ];
  for (const [schema, input, piResult, ourResult] of cases) {
    assert.deepEqual(pi(schema, input), piResult, `Pi on ${JSON.stringify(input)}`);
    assert.deepEqual(ours(schema, input), ourResult, `ours on ${JSON.stringify(input)}`);
  }
});
