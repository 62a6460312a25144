// Validation: this project's objectSchema (chapter 06's plain per-field parse) against ajv, TypeBox
// (TypeCompiler, as Pi uses it: Check, and Decode which returns a value as `parse` does) and zod 4,
// on calc's arguments and on a larger schema (10 fields, a nested object and an array): valid
// input, a wrong type, a missing field and extra keys to drop. Run on its own (`node --import tsx scripts/bench-validation.ts
// invalid`), it measures only the invalid-input cases and prints them as JSON: scripts/bench.ts
// does that in a fresh process, so no JIT state from the valid rows can flatter the failure path.
import { type TSchema, Type } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { Ajv } from "ajv";
import { z } from "zod";
import { isRecord } from "../src/json/is-record.ts";
import { arrayOf } from "../src/schema/collections.ts";
import { type ObjectSchema, objectSchema, objectValue } from "../src/schema/object-schema.ts";
import { booleanValue, describe, enumValue, numberValue, optionalPositiveInteger, optionalString, stringValue } from "../src/schema/validator.ts";
import { calcOperators, calcSchema } from "../src/tools/calc.ts";

/** calc's fields as calcSchema declares them (same validators, same descriptions). */
const calcShape = {
  a: describe(numberValue, "左操作数"),
  b: describe(numberValue, "右操作数"),
  op: describe(enumValue(calcOperators), "运算符"),
};

import { compareRates, type SyncSubject } from "./bench-harness.ts";

export interface ValidationCase {
  name: string;
  input: string;
  /** What ours must match: "fastest" of the marked subjects (valid input) or "each" of them (invalid). */
  target: "fastest" | "each";
  /** The subjects' labels and their median operations per second, ours first; `target` marks
   *  the library subjects the target compares against. */
  rates: { label: string; perSecond: number; target: boolean }[];
}

interface CaseDefinition {
  name: string;
  /** The arguments as a model sends them: each input is a fresh JSON.parse of this value's text. */
  value: Record<string, unknown>;
  accepted: boolean;
  subjects: (SyncSubject & { target?: true; mutates?: true })[];
}

/** A distinct object per input, made by JSON.parse as a model's arguments are (an object literal
 *  with a key overwritten would be a slow dictionary-mode object no model ever produces). */
const POOL = 4096;

/** The same schema four times: ours, TypeBox, zod, and ajv compiled from our JSON Schema. */
interface Contenders {
  ours: ObjectSchema<unknown>;
  typebox: TSchema;
  zod: z.ZodType;
  /** What ours returns, built by hand from an input already checked: TypeBox's Check followed by
   *  this is the same work as ours (a check, then a new object of the declared keys only). */
  copy: (input: unknown) => unknown;
}

/** calcSchema's twin, checked to declare exactly what calcSchema declares. */
function freshCalcSchema(): ObjectSchema<unknown> {
  const fresh = objectSchema(calcShape);
  if (JSON.stringify(fresh.jsonSchema) !== JSON.stringify(calcSchema.jsonSchema)) throw new Error("the bench's calc shape drifted from calcSchema");
  return fresh;
}

function calcContenders(): Contenders {
  return {
    // calc's own shape, made afresh for each case as every other subject is: one schema shared by
    // every case would carry the earlier cases' input shapes in its inline caches, the others not.
    ours: freshCalcSchema(),
    typebox: Type.Object({ a: Type.Number(), b: Type.Number(), op: Type.Union(calcOperators.map((op) => Type.Literal(op))) }),
    zod: z.object({ a: z.number(), b: z.number(), op: z.enum(calcOperators) }),
    copy: copyCalc,
  };
}

const modes = ["fast", "slow", "auto"] as const;
const largeShape = {
  id: stringValue,
  title: stringValue,
  count: numberValue,
  price: numberValue,
  active: booleanValue,
  mode: enumValue(modes),
  limit: optionalPositiveInteger,
  note: optionalString,
  tags: arrayOf(stringValue),
  owner: objectValue({ name: stringValue, email: stringValue, age: numberValue }),
};

function largeContenders(): Contenders {
  return {
    ours: objectSchema(largeShape),
    typebox: Type.Object({
      id: Type.String(),
      title: Type.String(),
      count: Type.Number(),
      price: Type.Number(),
      active: Type.Boolean(),
      mode: Type.Union(modes.map((mode) => Type.Literal(mode))),
      limit: Type.Optional(Type.Integer({ minimum: 1 })),
      note: Type.Optional(Type.String()),
      tags: Type.Array(Type.String()),
      owner: Type.Object({ name: Type.String(), email: Type.String(), age: Type.Number() }),
    }),
    zod: z.object({
      id: z.string(),
      title: z.string(),
      count: z.number(),
      price: z.number(),
      active: z.boolean(),
      mode: z.enum(modes),
      limit: z.number().int().min(1).optional(),
      note: z.string().optional(),
      tags: z.array(z.string()),
      owner: z.object({ name: z.string(), email: z.string(), age: z.number() }),
    }),
    copy: copyLarge,
  };
}

const largeValid = () => ({
  id: "req-1",
  title: "weekly report",
  count: 12,
  price: 9.5,
  active: true,
  mode: "auto",
  limit: 3,
  tags: ["a", "b", "c"],
  owner: { name: "Ada", email: "ada@example.com", age: 36 },
});

/** Cases whose input is valid: every subject returns (or answers for) the value. */
function acceptedSubjects(contenders: Contenders, stripping: boolean): CaseDefinition["subjects"] {
  const { ours, typebox, zod, copy } = contenders;
  // Ours accepts extra keys (and leaves them out of its output); ajv compiled from ours' JSON
  // Schema refuses them (additionalProperties: false), more work than ours does. ajv compiled
  // from TypeBox's schema allows them, as ours does: that is the equal-work comparison.
  const ajvStrict = new Ajv(stripping ? { removeAdditional: "all" } : {}).compile(ours.jsonSchema);
  const ajvPermissive = new Ajv({ strict: false }).compile(typebox);
  const compiled = TypeCompiler.Compile(typebox);
  return [
    { label: `ours: parse${stripping ? " (drops)" : ""}`, run: (input) => ours.parse(input) },
    stripping
      ? { label: "ajv removeAdditional:all (strips)", run: (input) => ajvStrict(input), target: true, mutates: true }
      : { label: "ajv, extra keys refused ⁶", run: (input) => ajvStrict(input) },
    { label: "ajv, extra keys allowed (as ours) ⁶", run: (input) => ajvPermissive(input), target: true },
    { label: "TypeBox Check + the same copy ³", run: (input) => compiled.Check(input) && copy(input), target: true },
    { label: "TypeBox Check alone ¹", run: (input) => compiled.Check(input) },
    { label: "TypeBox Decode ⁴", run: (input) => compiled.Decode(input) },
    { label: `zod 4: .parse${stripping ? " (drops)" : ""}`, run: (input) => zod.parse(input), target: true },
  ];
}

/** Cases whose input is invalid: each subject rejects it and reads its first error's place and
 *  message, as a caller must to tell the model what was wrong. */
function rejectedSubjects(contenders: Contenders): CaseDefinition["subjects"] {
  const { ours, typebox, zod } = contenders;
  const ajv = new Ajv().compile(ours.jsonSchema);
  const compiled = TypeCompiler.Compile(typebox);
  return [
    {
      label: "ours: safeParse, path + message read ²",
      run: (input) => {
        const result = ours.safeParse(input);
        return result.success || result.error.path.length < 0 || result.error.message.length === 0;
      },
    },
    {
      label: "ajv (compiled), errors[0] path + message read",
      run: (input) => {
        if (ajv(input)) return true;
        const first = ajv.errors?.[0];
        return first === undefined || first.instancePath.length < 0 || (first.message ?? "").length === 0;
      },
      target: true,
    },
    {
      label: "TypeBox Check + Errors().First() path + message",
      run: (input) => {
        if (compiled.Check(input)) return true;
        const first = compiled.Errors(input).First();
        return first === undefined || first.path.length < 0 || first.message.length === 0;
      },
      target: true,
    },
    {
      label: "TypeBox Decode (throws) ⁴",
      run: (input) => {
        try {
          return compiled.Decode(input);
        } catch {
          return false;
        }
      },
    },
    {
      label: "zod 4: .safeParse, issue read ²",
      run: (input) => {
        const result = zod.safeParse(input);
        return result.success || result.error.issues[0] === undefined;
      },
    },
  ];
}

function cases(only: "all" | "invalid"): CaseDefinition[] {
  checkStripping(calcContenders(), largeContenders());
  const valid: CaseDefinition[] = [
    { name: "valid", value: { a: 128, b: 64, op: "mul" }, accepted: true, subjects: acceptedSubjects(calcContenders(), false) },
    { name: "valid, 10 fields", value: largeValid(), accepted: true, subjects: acceptedSubjects(largeContenders(), false) },
  ];
  const invalid: CaseDefinition[] = [
    { name: "wrong type", value: { a: "128", b: 64, op: "mul" }, accepted: false, subjects: rejectedSubjects(calcContenders()) },
    { name: "missing field", value: { a: 128, op: "mul" }, accepted: false, subjects: rejectedSubjects(calcContenders()) },
    {
      name: "wrong type, 10 fields (nested)",
      value: { ...largeValid(), owner: { name: "Ada", email: "ada@example.com", age: "36" } },
      accepted: false,
      subjects: rejectedSubjects(largeContenders()),
    },
  ];
  const extra: CaseDefinition[] = [
    { name: "extra keys", value: { a: 1, b: 2, op: "add", x: 1, y: 2, z: 3 }, accepted: true, subjects: acceptedSubjects(calcContenders(), true) },
    {
      name: "extra keys, 10 fields",
      value: { ...largeValid(), x: 1, y: 2, owner: { name: "Ada", email: "ada@example.com", age: 36, z: 3 } },
      accepted: true,
      subjects: acceptedSubjects(largeContenders(), true),
    },
  ];
  return only === "invalid" ? invalid : [...valid, ...invalid, ...extra];
}

export function runValidationBench(only: "all" | "invalid" = "all"): ValidationCase[] {
  return cases(only).map(({ name, value, accepted, subjects }) => {
    const text = JSON.stringify(value);
    const parsePool = () => Array.from({ length: POOL }, (): unknown => JSON.parse(text));
    // One pool for the subjects that leave their input alone; a fresh one each pass for the one
    // that deletes keys (JSON.parse of 4,096 inputs costs more than most subjects' whole pass).
    const shared = parsePool();
    const rates = compareRates(subjects, {
      inputs: (index) => (subjects[index]?.mutates ? parsePool() : shared),
      expectAccepted: accepted ? POOL : 0,
    });
    return {
      name,
      input: text,
      target: accepted ? "fastest" : "each",
      rates: subjects.map((subject, index) => ({ label: subject.label, perSecond: rates[index] ?? 0, target: subject.target === true })),
    };
  });
}

/** What ours returns, built after TypeBox's check: the same work, to show where the gap lies. */
function copyCalc(input: unknown): { a: unknown; b: unknown; op: unknown } | undefined {
  if (typeof input !== "object" || input === null || !("a" in input) || !("b" in input) || !("op" in input)) return undefined;
  return { a: input.a, b: input.b, op: input.op };
}

/** The same for the 10-field schema: every declared key, the array and the nested object copied
 *  as ours copies them (optional keys present, as undefined when absent). */
function copyLarge(input: unknown): Record<string, unknown> | undefined {
  if (!isRecord(input)) return undefined;
  const { tags, owner } = input;
  if (!Array.isArray(tags) || !isRecord(owner)) return undefined;
  const copiedTags: unknown[] = new Array(tags.length);
  for (let index = 0; index < tags.length; index++) copiedTags[index] = tags[index];
  return {
    id: input.id,
    title: input.title,
    count: input.count,
    price: input.price,
    active: input.active,
    mode: input.mode,
    limit: input.limit,
    note: input.note,
    tags: copiedTags,
    owner: { name: owner.name, email: owner.email, age: owner.age },
  };
}

/** The extra-keys rows compare like with like only if each stripping subject really strips. */
function checkStripping(...all: Contenders[]): void {
  const hasExtra = (value: unknown) => typeof value === "object" && value !== null && "x" in value;
  for (const { ours, zod, copy } of all) {
    const ajvStrip = new Ajv({ removeAdditional: "all" }).compile(ours.jsonSchema);
    const input = () => ({ ...(copy === copyCalc ? { a: 1, b: 2, op: "add" } : largeValid()), x: 1 });
    const stripped = input();
    ajvStrip(stripped);
    if (hasExtra(stripped) || hasExtra(zod.parse(input())) || hasExtra(ours.parse(input()))) {
      throw new Error("a subject of the extra-keys rows kept an undeclared key");
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(runValidationBench(process.argv[2] === "invalid" ? "invalid" : "all"))}\n`);
}
