// Field validators: each is a function (unknown in, checked value out, SchemaError on failure)
// that also carries the JSON Schema a provider shows the model, so the two never drift apart.
import { SchemaError, type Literal } from "./schema-error.ts";

export type Validator<T> = ((value: unknown) => T) & {
  jsonSchema?: Record<string, unknown>;
  /** Optional fields accept undefined and are left out of the object's `required`. */
  optional?: boolean;
  /** The lenient "coerce" policy's conversion toward T ("128" → 128), applied before the check;
   *  it returns the value unchanged when it has nothing sensible to offer. */
  coerce?: (value: unknown) => unknown;
};

interface Metadata {
  optional?: true;
  coerce?: (value: unknown) => unknown;
}

/** What a built-in validator checks, as data, so objectSchema can compile the same check inline
 *  instead of calling it. Each kind must throw exactly what the function below it throws. */
export type BuiltinCheck =
  | { readonly kind: "string" | "number" | "boolean" | "unknown" }
  /** optionalPositiveInteger: undefined passes, otherwise an integer ≥ 1. */
  | { readonly kind: "optionalPositiveInteger" }
  /** enumValue: `allowed` is the snapshot the function tests; `values` is what its error reports. */
  | { readonly kind: "enum"; readonly allowed: readonly unknown[]; readonly values: readonly Literal[] }
  | { readonly kind: "literal"; readonly literal: Literal }
  /** optional(inner) where inner is itself a built-in. */
  | { readonly kind: "optional"; readonly inner: BuiltinCheck };

// Keyed by the function itself: a function's behaviour cannot be changed after the fact, while
// its properties (jsonSchema, optional) can, so only identity is trusted. Private to this module.
const builtinChecks = new WeakMap<object, BuiltinCheck>();

/** The check a validator is known to perform, or undefined for any validator written elsewhere. */
export function builtinCheckOf(check: unknown): BuiltinCheck | undefined {
  return typeof check === "function" ? builtinChecks.get(check) : undefined;
}

function builtin<T>(check: Validator<T>, spec: BuiltinCheck | undefined): Validator<T> {
  if (spec) builtinChecks.set(check, Object.freeze(spec));
  return check;
}

/** Attaches metadata without touching the original (validators are shared between fields). */
function validator<T>(check: (value: unknown) => T, jsonSchema: Record<string, unknown>, metadata: Metadata = {}): Validator<T> {
  return Object.assign(check, { jsonSchema, ...metadata });
}

// The conversions Pi's validation applies to model arguments (TypeBox's Value.Convert, in part):
// numeric strings to numbers, "true"/"false" to booleans, numbers and booleans to strings.
const numericString = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

export function toNumber(value: unknown): unknown {
  return typeof value === "string" && numericString.test(value) ? Number(value) : value;
}

export function toBoolean(value: unknown): unknown {
  return value === "true" ? true : value === "false" ? false : value;
}

export function toText(value: unknown): unknown {
  return typeof value === "number" || typeof value === "boolean" ? String(value) : value;
}

export const stringValue: Validator<string> = builtin(validator((value: unknown) => {
  if (typeof value !== "string") throw new SchemaError({ kind: "string" }, value);
  return value;
}, { type: "string" }, { coerce: toText }), { kind: "string" });

/** JSON has no NaN or Infinity, and neither does a sensible argument: only finite numbers pass. */
export const numberValue: Validator<number> = builtin(validator((value: unknown) => {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new SchemaError({ kind: "number" }, value);
  return value;
}, { type: "number" }, { coerce: toNumber }), { kind: "number" });

export const booleanValue: Validator<boolean> = builtin(validator((value: unknown) => {
  if (typeof value !== "boolean") throw new SchemaError({ kind: "boolean" }, value);
  return value;
}, { type: "boolean" }, { coerce: toBoolean }), { kind: "boolean" });

export const optionalString: Validator<string | undefined> = optional(stringValue);

export const optionalPositiveInteger: Validator<number | undefined> = builtin(validator(
  (value: unknown) => {
    if (value === undefined) return undefined;
    if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
      throw new SchemaError({ kind: "positiveInteger" }, value);
    }
    return value;
  },
  { type: "integer", minimum: 1 },
  { optional: true, coerce: toNumber },
), { kind: "optionalPositiveInteger" });

/** One of a fixed list of strings, such as calc's `op`. */
export function enumValue<const V extends string>(values: readonly V[]): Validator<V> {
  const allowed: ReadonlySet<unknown> = new Set(values);
  const isAllowed = (value: unknown): value is V => allowed.has(value);
  return builtin(validator((value: unknown) => {
    if (!isAllowed(value)) throw new SchemaError({ kind: "oneOf", values }, value);
    return value;
  }, { type: "string", enum: [...values] }), { kind: "enum", allowed: Object.freeze([...allowed]), values });
}

/** Exactly one value: the tag of a tagged union, for instance. */
export function literalValue<const V extends Literal>(literal: V): Validator<V> {
  return builtin(validator((value: unknown) => {
    if (value !== literal) throw new SchemaError({ kind: "oneOf", values: [literal] }, value);
    return literal;
  }, { const: literal }), { kind: "literal", literal });
}

/** Any JSON value, unchecked: for data whose checking is someone else's job (tool arguments). */
export const unknownValue: Validator<unknown> = builtin(validator((value: unknown) => {
  if (value === undefined) throw new SchemaError({ kind: "any" }, value);
  return value;
}, {}), { kind: "unknown" });

/** The same check, accepting undefined as well. */
export function optional<T>(inner: Validator<T>): Validator<T | undefined> {
  const spec = builtinCheckOf(inner);
  return builtin(validator(
    (value: unknown) => (value === undefined ? undefined : inner(value)),
    inner.jsonSchema ?? {},
    inner.coerce ? { optional: true, coerce: inner.coerce } : { optional: true },
  ), spec && { kind: "optional", inner: spec });
}

/** The same check with a description for the model (each field gets its own wording). */
export function describe<T>(inner: Validator<T>, description: string): Validator<T> {
  const described = (value: unknown) => inner(value);
  // It only forwards, so it checks exactly what inner checks.
  return builtin(validator(described, { ...inner.jsonSchema, description }, {
    ...(inner.optional ? { optional: true } : {}),
    ...(inner.coerce ? { coerce: inner.coerce } : {}),
  }), builtinCheckOf(inner));
}
