// Validation of calc's arguments: this project's compiled `calcSchema.parse` against ajv, TypeBox
// (TypeCompiler, as Pi uses it) and zod 4, on valid input, a wrong type and extra keys to drop.
// Also the plain per-field loop that is the fallback where code generation is not allowed.
import { Type } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { Ajv } from "ajv";
import { z } from "zod";
import { loopParse } from "../src/schema/object-schema.ts";
import { enumValue, numberValue } from "../src/schema/validator.ts";
import { calcOperators, calcSchema } from "../src/tools/calc.ts";
import { compareRates, type SyncSubject } from "./bench-harness.ts";

export interface ValidationCase {
  name: string;
  input: string;
  /** The subjects' labels and their median operations per second, ours first; `library` marks
   *  ajv, TypeBox and zod, the three the target compares against. */
  rates: { label: string; perSecond: number; library: boolean }[];
}

interface CaseDefinition {
  name: string;
  make: () => Record<string, unknown>;
  accepted: boolean;
  subjects: (SyncSubject & { library?: true })[];
}

/** A fresh object per input: a model's arguments are a new object on every call, and ajv's
 *  removeAdditional deletes keys from the very object it is given. */
const POOL = 4096;

export function runValidationBench(): ValidationCase[] {
  const ajv = new Ajv().compile(calcSchema.jsonSchema);
  // Strips like our parse does, but in place: the input loses its extra keys.
  const ajvStrip = new Ajv({ removeAdditional: "all" }).compile(calcSchema.jsonSchema);
  const typebox = TypeCompiler.Compile(
    Type.Object({ a: Type.Number(), b: Type.Number(), op: Type.Union(calcOperators.map((op) => Type.Literal(op))) }),
  );
  const zod = z.object({ a: z.number(), b: z.number(), op: z.enum(calcOperators) });
  // The same validators calc.ts uses, run by the plain loop instead of the compiled function.
  const loop = loopParse(Object.entries({ a: numberValue, b: numberValue, op: enumValue(calcOperators) }));
  const safeLoop = (input: unknown) => {
    try {
      return loop(input);
    } catch {
      return undefined;
    }
  };

  const cases: CaseDefinition[] = [
    {
      name: "valid",
      make: () => ({ a: 128, b: 64, op: "mul" }),
      accepted: true,
      subjects: [
        { label: "ours: calcSchema.parse", run: (input) => calcSchema.parse(input) },
        { label: "ajv (compiled)", run: (input) => ajv(input), library: true },
        { label: "TypeBox (TypeCompiler) ¹", run: (input) => typebox.Check(input), library: true },
        { label: "zod 4: .parse", run: (input) => zod.parse(input), library: true },
        { label: "ours, plain loop (fallback)", run: (input) => loop(input) },
        { label: "TypeBox Check + copy of a, b, op ³", run: (input) => typebox.Check(input) && copyCalc(input) },
      ],
    },
    {
      name: "wrong type",
      make: () => ({ a: "128", b: 64, op: "mul" }),
      accepted: false,
      subjects: [
        { label: "ours: calcSchema.safeParse ²", run: (input) => calcSchema.safeParse(input).success },
        { label: "ajv (compiled)", run: (input) => ajv(input), library: true },
        { label: "TypeBox (TypeCompiler) ¹", run: (input) => typebox.Check(input), library: true },
        { label: "zod 4: .safeParse ²", run: (input) => zod.safeParse(input).success, library: true },
        { label: "ours, plain loop (fallback) ²", run: safeLoop },
      ],
    },
    {
      name: "extra keys",
      make: () => ({ a: 1, b: 2, op: "add", x: 1, y: 2, z: 3 }),
      accepted: true,
      subjects: [
        { label: "ours: calcSchema.parse (drops)", run: (input) => calcSchema.parse(input) },
        { label: "ajv removeAdditional:all (strips)", run: (input) => ajvStrip(input), library: true },
        { label: "TypeBox (TypeCompiler) ¹", run: (input) => typebox.Check(input), library: true },
        { label: "zod 4: .parse (drops)", run: (input) => zod.parse(input), library: true },
        { label: "ours, plain loop (fallback)", run: (input) => loop(input) },
      ],
    },
  ];

  checkStripping(ajvStrip, zod);
  return cases.map(({ name, make, accepted, subjects }) => {
    const rates = compareRates(subjects, {
      inputs: () => Array.from({ length: POOL }, make),
      expectAccepted: accepted ? POOL : 0,
    });
    return {
      name,
      input: JSON.stringify(make()),
      rates: subjects.map((subject, index) => ({ label: subject.label, perSecond: rates[index] ?? 0, library: subject.library === true })),
    };
  });
}

/** What ours returns, built after TypeBox's check: the same work, to show where the gap lies. */
function copyCalc(input: unknown): { a: unknown; b: unknown; op: unknown } | undefined {
  if (typeof input !== "object" || input === null || !("a" in input) || !("b" in input) || !("op" in input)) return undefined;
  return { a: input.a, b: input.b, op: input.op };
}

/** The extra-keys row compares like with like only if each stripping subject really strips. */
function checkStripping(ajvStrip: (input: unknown) => boolean, zod: { parse(input: unknown): unknown }): void {
  const hasExtra = (value: unknown) => typeof value === "object" && value !== null && "x" in value;
  const stripped = { a: 1, b: 2, op: "add", x: 1 };
  ajvStrip(stripped);
  if (hasExtra(stripped) || hasExtra(zod.parse({ a: 1, b: 2, op: "add", x: 1 })) || hasExtra(calcSchema.parse({ a: 1, b: 2, op: "add", x: 1 }))) {
    throw new Error("a subject of the extra-keys row kept an undeclared key");
  }
}
