// objectSchema: one shape of field validators gives both halves of a tool's parameters — the JSON
// Schema the model is shown and the parse that checks what the model actually sent. The parse is
// chapter 06's: it walks the declared fields in order, checks each with its validator, and builds
// a new object of those fields alone. A failure is returned, not thrown, down to the public
// entries: `parse` throws it and `safeParse` hands it back, so neither path pays for an exception
// inside (schema-error.ts).

import { isRecord } from "../json/is-record.ts";
import type { Coercion, Schema } from "../protocol/types.ts";
import { type Expectation, expectation, FAILED, type Failed, fail, failAt, type PathSegment, type SchemaError, takeFailure } from "./schema-error.ts";
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

/** The parse and the JSON Schema one shape gives, for objectSchema and objectValue alike. */
function objectParts<TShape extends Shape>(shape: TShape) {
  // Fixed once: parse reads exactly these keys and nothing else the input happens to carry.
  const fields: Fields = Object.entries(shape);
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [key, check] of fields) {
    defineOwn(properties, key, check.jsonSchema ?? {});
    if (!check.optional) required.push(key);
  }
  const parse = fieldsParse(fields);
  // The output holds exactly the shape's keys, each set from its own validator's return value:
  // that is what Parsed<TShape> says, and the one place the parse's type is asserted.
  const safe = parse as SafeCheck<Parsed<TShape>>;
  return {
    fields,
    safe,
    coerce: (input: unknown) => coerceFields(fields, input),
    jsonSchema: { type: "object", properties, required, additionalProperties: false },
  };
}

export function objectSchema<TShape extends Shape>(shape: TShape): ObjectSchema<Parsed<TShape>> {
  const { safe, coerce, jsonSchema } = objectParts(shape);
  return {
    parse(input) {
      const result = safe(input);
      if (result === FAILED) throw takeFailure();
      return result;
    },
    safeParse(input) {
      const result = safe(input);
      return result === FAILED ? { success: false, error: takeFailure() } : { success: true, value: result };
    },
    /** A copy of the input with the declared fields converted, at any depth, where a validator knows how. */
    coerce(input) {
      const value = coerce(input);
      const conversions: Coercion["conversions"] = [];
      collectConversions(input, value, [], conversions);
      return { value, conversions };
    },
    jsonSchema,
  };
}

/** A nested object field, checked by the same rules (for formats such as the fixture file). */
export function objectValue<TShape extends Shape>(shape: TShape): Validator<Parsed<TShape>> {
  const { safe, coerce, jsonSchema } = objectParts(shape);
  return fromSafeCheck(safe, jsonSchema, { coerce });
}

const expectObject: Expectation = expectation({ kind: "object" });

/** The parse of an object with these fields: a new object of the declared fields, each checked in
 *  order, or FAILED at the first that fails (its key put in front of the failure's path). */
function fieldsParse(fields: Fields): (input: unknown) => Record<string, unknown> | Failed {
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
