// objectSchema: one shape of field validators gives both halves of a tool's parameters — the JSON
// Schema the model is shown and the parse that checks what the model actually sent. The parse is
// compiled once per schema (compile-object-parse.ts), when it is made or, if asked, once it has
// parsed enough inputs to repay compiling; `loopParse` below parses until then, and is the
// reference the compiled parse must match and the fallback where code generation is not allowed.
// Both report a failure by returning it; `parse` throws it and `safeParse` hands it back, so
// neither path pays for an exception inside.

import { isRecord } from "../json/is-record.ts";
import type { Coercion, Schema } from "../protocol/types.ts";
import { compileObjectEntries, type ParseFunction } from "./compile-object-parse.ts";
import { type Expectation, expectation, FAILED, fail, failAt, type PathSegment, type SchemaError, takeFailure } from "./schema-error.ts";
import { type Fields, fromSafeCheck, type SafeCheck, safeCheckOf, type Validator } from "./validator.ts";

export type Shape = Record<string, Validator<unknown>>;

/** `{ value: stringValue }` parses to `{ value: string }`; optional fields stay present as undefined. */
export type Parsed<TShape extends Shape> = { [TKey in keyof TShape]: ReturnType<TShape[TKey]> };

export type SafeParseResult<T> = { success: true; value: T } | { success: false; error: SchemaError };

export interface ObjectSchema<T> extends Schema<T> {
  jsonSchema: Record<string, unknown>;
  /** The same check as `parse`, returning the failure instead of throwing it. */
  safeParse(value: unknown): SafeParseResult<T>;
  coerce(value: unknown): Coercion;
}

/** The parts objectSchema and objectValue share: the plain loop's entries, the compiled ones (made
 *  when asked), the coercion and the JSON Schema. */
function objectParts<TShape extends Shape>(shape: TShape) {
  // Fixed once: parse reads exactly these keys and nothing else the input happens to carry.
  const fields: Fields = Object.entries(shape);
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [key, check] of fields) {
    defineOwn(properties, key, check.jsonSchema ?? {});
    if (!check.optional) required.push(key);
  }
  // The output holds exactly the shape's keys, each set from its own validator's return value:
  // that is what Parsed<TShape> says, and the one place the parses' type is asserted.
  const typed = (entries: Entries<Record<string, unknown>>) => entries as Entries<Parsed<TShape>>;
  const loop = typed(loopEntries(loopParse(fields)));
  return {
    fields,
    loop,
    /** The compiled entries, or the loop's where code generation is not allowed. */
    compile: () => {
      const compiled = compileObjectEntries(fields);
      return compiled ? typed(compiled) : loop;
    },
    coerce: (input: unknown) => coerceFields(fields, input),
    jsonSchema: { type: "object", properties, required, additionalProperties: false },
  };
}

/** The safe parse and the two public entries around it, for one schema. */
interface Entries<T> {
  safe: SafeCheck<T>;
  parse(input: unknown): T;
  safeParse(input: unknown): SafeParseResult<T>;
}

/** The entries around the plain loop, where code generation is not allowed (the compiled parse
 *  writes its own, compile-object-parse.ts says why). */
function loopEntries(safe: ParseFunction): Entries<Record<string, unknown>> {
  return {
    safe,
    parse(input) {
      const result = safe(input);
      if (result === FAILED) throw takeFailure();
      return result;
    },
    safeParse(input) {
      const result = safe(input);
      return result === FAILED ? { success: false, error: takeFailure() } : { success: true, value: result };
    },
  };
}

/**
 * Inputs a schema parses with the plain loop before its parse is compiled. Compiling one costs
 * about as much as 70 of the loop's parses (~70 µs against ~1 µs for calc's shape, measured on this
 * project's machine), and most schemas parse a handful of inputs: the fixture format once per file
 * read (38 of the 45 schemas the walkthrough made; compiling them when made was ~10 ms of its
 * start), a declared schema of an imported log its recorded calls. A tool that validates every
 * call asks for `compile: "now"`, as the built-in tools do: a parse swapped in after the schema
 * is made measured slower at its callers (the validation rows of `npm run bench`: ~105 against
 * ~160 million calc parses a second).
 */
export const COMPILE_AFTER_PARSES = 64;

export interface ObjectSchemaOptions {
  /** "whenUsed" (the default): the parse is compiled once the schema has parsed
   *  COMPILE_AFTER_PARSES inputs with the loop; "now": when the schema is made. */
  compile?: "now" | "whenUsed";
}

/** The loop's entries for the first COMPILE_AFTER_PARSES parses, then the compiled ones, made once
 *  (`onCompiled` told then); where code generation is refused, the loop's for good. */
function entriesWhenUsed<T>(loop: Entries<T>, compile: () => Entries<T>, onCompiled?: (compiled: Entries<T>) => void): () => Entries<T> {
  let current = loop;
  let parses = 0;
  return () => {
    if (parses <= COMPILE_AFTER_PARSES && ++parses > COMPILE_AFTER_PARSES) {
      current = compile();
      onCompiled?.(current);
    }
    return current;
  };
}

export function objectSchema<TShape extends Shape>(shape: TShape, { compile: when = "whenUsed" }: ObjectSchemaOptions = {}): ObjectSchema<Parsed<TShape>> {
  const { loop, compile, coerce, jsonSchema } = objectParts(shape);
  /** A copy of the input with the declared fields converted, at any depth, where a validator knows how. */
  const coerceWithConversions = (input: unknown): Coercion => {
    const value = coerce(input);
    const conversions: Coercion["conversions"] = [];
    collectConversions(input, value, [], conversions);
    return { value, conversions };
  };
  if (when === "now") {
    const entries = compile();
    return { parse: entries.parse, safeParse: entries.safeParse, coerce: coerceWithConversions, jsonSchema };
  }
  // Callers read `schema.parse` at each call, so once compiled they call the compiled function
  // itself; one that kept the first function goes on through it, to the same result.
  const entries = entriesWhenUsed(loop, compile, (compiled) => {
    schema.parse = compiled.parse;
    schema.safeParse = compiled.safeParse;
  });
  const schema: ObjectSchema<Parsed<TShape>> = {
    parse: (input) => entries().parse(input),
    safeParse: (input) => entries().safeParse(input),
    coerce: coerceWithConversions,
    jsonSchema,
  };
  return schema;
}

/** A nested object field, checked by the same rules (for formats such as the fixture file). */
export function objectValue<TShape extends Shape>(shape: TShape, { compile: when = "whenUsed" }: ObjectSchemaOptions = {}): Validator<Parsed<TShape>> {
  const { fields, loop, compile, coerce, jsonSchema } = objectParts(shape);
  // Registered as a built-in, so an enclosing compiled parse writes these checks inline; its own
  // check runs where it is not inlined (an array's items, an enclosing schema still on its loop).
  if (when === "now") return fromSafeCheck(compile().safe, jsonSchema, { coerce }, { kind: "object", fields });
  // "whenUsed": one more call on each check where it is not inlined, instead of compiling every
  // nested object of the fixture format or of a declared tool when made.
  const entries = entriesWhenUsed(loop, compile);
  const safe: SafeCheck<Parsed<TShape>> = (input) => entries().safe(input);
  return fromSafeCheck(safe, jsonSchema, { coerce }, { kind: "object", fields });
}

const expectObject: Expectation = expectation({ kind: "object" });

/** The plain per-field parse: the behaviour the compiled one reproduces, and its fallback. */
export function loopParse(fields: Fields): ParseFunction {
  const checks = fields.map(([key, check]) => [key, safeCheckOf(check)] as const);
  return (input) => {
    if (!isRecord(input)) return fail(expectObject, input);
    const output: Record<string, unknown> = {};
    for (const [key, check] of checks) {
      // Own keys only: an inherited `constructor` or a polluted prototype is not an argument.
      const value = check(Object.hasOwn(input, key) ? input[key] : undefined);
      if (value === FAILED) return failAt(key);
      defineOwn(output, key, value);
    }
    return output;
  };
}

/** The input with each declared field converted; the input itself when nothing changed. */
function coerceFields(fields: Fields, input: unknown): unknown {
  if (!isRecord(input)) return input;
  let copy: Record<string, unknown> | undefined;
  for (const [key, check] of fields) {
    if (!check.coerce || !Object.hasOwn(input, key)) continue;
    const from = input[key];
    const to = check.coerce(from);
    if (Object.is(from, to)) continue;
    copy ??= { ...input };
    defineOwn(copy, key, to);
  }
  return copy ?? input;
}

/** Each leaf that differs between the input and its coerced copy. Coercion copies a container
 *  only when something inside it changed, so this walks the changed branches and nothing else. */
function collectConversions(from: unknown, to: unknown, path: PathSegment[], out: Coercion["conversions"]): void {
  if (Object.is(from, to)) return;
  const bothArrays = Array.isArray(from) && Array.isArray(to);
  if (bothArrays || (isRecord(from) && isRecord(to))) {
    for (const key of Object.keys(to)) {
      const index = bothArrays ? Number(key) : key;
      collectConversions(Object.hasOwn(from, key) ? Reflect.get(from, key) : undefined, Reflect.get(to, key), [...path, index], out);
    }
    return;
  }
  out.push({ path, from, to });
}

/** `output[key] = value` would turn a declared "__proto__" key into a prototype swap. */
function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}
