// objectSchema: one shape of field validators gives both halves of a tool's parameters — the JSON
// Schema the model is shown and the parse that checks what the model actually sent. The parse is
// compiled once per schema (compile-object-parse.ts); `loopParse` below is the reference it must
// match and the fallback where code generation is not allowed.
import type { Coercion, Schema } from "../types.ts";
import { compileObjectParse, type ParseFunction } from "./compile-object-parse.ts";
import { SchemaError, atPath } from "./schema-error.ts";
import type { Validator } from "./validator.ts";

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

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function objectSchema<TShape extends Shape>(shape: TShape): ObjectSchema<Parsed<TShape>> {
  // Fixed once: parse reads exactly these keys and nothing else the input happens to carry.
  const fields = Object.entries(shape);
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [key, check] of fields) {
    defineOwn(properties, key, check.jsonSchema ?? {});
    if (!check.optional) required.push(key);
  }

  const parseFields = compileObjectParse(fields) ?? loopParse(fields);
  function parse(input: unknown): Parsed<TShape> {
    // The output holds exactly the shape's keys, each set from its own validator's return value.
    return parseFields(input) as Parsed<TShape>;
  }

  /** A copy of the input with the declared fields converted where a validator knows how. */
  function coerce(input: unknown): Coercion {
    if (!isPlainObject(input)) return { value: input, conversions: [] };
    const value: Record<string, unknown> = { ...input };
    const conversions: Coercion["conversions"] = [];
    for (const [key, check] of fields) {
      if (!check.coerce || !Object.hasOwn(input, key)) continue;
      const from = input[key];
      const to = check.coerce(from);
      if (Object.is(from, to)) continue;
      conversions.push({ path: [key], from, to });
      defineOwn(value, key, to);
    }
    return { value, conversions };
  }

  return {
    parse,
    coerce,
    safeParse(value) {
      try {
        return { success: true, value: parse(value) };
      } catch (error) {
        if (error instanceof SchemaError) return { success: false, error };
        throw error;
      }
    },
    jsonSchema: { type: "object", properties, required, additionalProperties: false },
  };
}

/** The plain per-field parse: the behaviour the compiled one reproduces, and its fallback. */
export function loopParse(fields: readonly (readonly [string, Validator<unknown>])[]): ParseFunction {
  return (input) => {
    if (!isPlainObject(input)) throw new SchemaError({ kind: "object" }, input);
    const output: Record<string, unknown> = {};
    for (const [key, check] of fields) {
      // Own keys only: an inherited `constructor` or a polluted prototype is not an argument.
      const raw = Object.hasOwn(input, key) ? input[key] : undefined;
      let value: unknown;
      try {
        value = check(raw);
      } catch (error) {
        throw atPath(error, key, raw);
      }
      defineOwn(output, key, value);
    }
    return output;
  };
}

/** A nested object field, checked by the same rules (for formats such as the fixture file). */
export function objectValue<TShape extends Shape>(shape: TShape): Validator<Parsed<TShape>> {
  const schema = objectSchema(shape);
  return Object.assign((value: unknown) => schema.parse(value), { jsonSchema: schema.jsonSchema });
}

/** `output[key] = value` would turn a declared "__proto__" key into a prototype swap. */
function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}
