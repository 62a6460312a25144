// Field validators: each is a function (unknown in, checked value out, SchemaError on failure)
// that also carries the JSON Schema a provider shows the model, so the two never drift apart.
// Each built here also keeps a safe form that returns its failure instead of throwing it (see
// schema-error.ts); objectSchema and the collections call that one, so a rejection never throws
// until the public `parse` does.
import { type Expectation, expectation, FAILED, type Failed, fail, failWith, type Literal, takeFailure, toSchemaError } from "./schema-error.ts";

/** A check that returns FAILED (its SchemaError waiting in schema-error.ts) instead of throwing. */
export type SafeCheck<T> = (value: unknown) => T | Failed;

/** Where a validator made by this module keeps its safe form: a key no JSON value can hold, on a
 *  property that is neither writable, enumerable nor configurable, so it cannot drift from the function. */
export const SAFE_CHECK: unique symbol = Symbol("safe check");

export type Validator<T> = ((value: unknown) => T) & {
  jsonSchema?: Record<string, unknown>;
  /** Optional fields accept undefined and are left out of the object's `required`. */
  optional?: boolean;
  /** The lenient "coerce" policy's conversion toward T ("128" → 128), applied before the check;
   *  it returns the value itself when it has nothing to offer, and a copy of a container only
   *  when something inside it changed. */
  coerce?: (value: unknown) => unknown;
  readonly [SAFE_CHECK]?: SafeCheck<T>;
};

interface Metadata {
  optional?: true;
  coerce?: (value: unknown) => unknown;
}

/** An object's fields in shape order, fixed when the schema is made. */
export type Fields = readonly (readonly [string, Validator<unknown>])[];

/** The validator's safe form: its own when it was made here, else a call that catches what it throws. */
export function safeCheckOf<T>(check: Validator<T>): SafeCheck<T> {
  const own = check[SAFE_CHECK];
  if (own) return own;
  return (value) => {
    try {
      return check(value);
    } catch (error) {
      return failWith(toSchemaError(error, value));
    }
  };
}

/** The public, throwing validator built around a safe check, with its metadata attached. */
export function fromSafeCheck<T>(safe: SafeCheck<T>, jsonSchema: Record<string, unknown>, metadata: Metadata = {}): Validator<T> {
  const check = (value: unknown): T => {
    const result = safe(value);
    if (result === FAILED) throw takeFailure();
    return result;
  };
  Object.defineProperty(check, SAFE_CHECK, { value: safe });
  return Object.assign(check, { jsonSchema, ...metadata });
}

// One frozen expectation per kind: a rejection allocates its SchemaError and nothing more.
const expect = {
  string: expectation({ kind: "string" }),
  number: expectation({ kind: "number" }),
  boolean: expectation({ kind: "boolean" }),
  positiveInteger: expectation({ kind: "positiveInteger" }),
  nonNegativeInteger: expectation({ kind: "nonNegativeInteger" }),
  any: expectation({ kind: "any" }),
} satisfies Record<string, Expectation>;

// The conversions the lenient policy applies, the common ground of Pi's (ajv's coerceTypes) and
// TypeBox's Value.Convert: decimal numeric strings to numbers, "true"/"false" to booleans, numbers
// and booleans to strings. Where Pi goes further (null, booleans as numbers, hex strings), docs/design.md
// ("Choices this project made") says what it does and why this project does not.
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

export const stringValue: Validator<string> = fromSafeCheck(
  (value) => (typeof value === "string" ? value : fail(expect.string, value)),
  { type: "string" },
  { coerce: toText },
);

/** JSON has no NaN or Infinity, and neither does a sensible argument: only finite numbers pass. */
export const numberValue: Validator<number> = fromSafeCheck(
  (value) => (typeof value === "number" && Number.isFinite(value) ? value : fail(expect.number, value)),
  { type: "number" },
  { coerce: toNumber },
);

export const booleanValue: Validator<boolean> = fromSafeCheck(
  (value) => (typeof value === "boolean" ? value : fail(expect.boolean, value)),
  { type: "boolean" },
  { coerce: toBoolean },
);

export const optionalString: Validator<string | undefined> = optional(stringValue);

export const optionalPositiveInteger: Validator<number | undefined> = fromSafeCheck(
  (value) => (value === undefined || (typeof value === "number" && Number.isInteger(value) && value >= 1) ? value : fail(expect.positiveInteger, value)),
  { type: "integer", minimum: 1 },
  { optional: true, coerce: toNumber },
);

/** A whole number from 0: a fixture's milliseconds, a stream's block index. */
export const nonNegativeInteger: Validator<number> = fromSafeCheck(
  (value) => (typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : fail(expect.nonNegativeInteger, value)),
  { type: "integer", minimum: 0 },
);

/** One of a fixed list of strings, such as calc's `op`. Coercion turns 1 into "1" when "1" is a member. */
export function enumValue<const V extends string>(values: readonly V[]): Validator<V> {
  const allowed: ReadonlySet<unknown> = new Set(values);
  const isAllowed = (value: unknown): value is V => allowed.has(value);
  const expected: Expectation = expectation({ kind: "oneOf", values });
  const coerce = (value: unknown) => {
    const text = toText(value);
    return text !== value && allowed.has(text) ? text : value;
  };
  return fromSafeCheck((value) => (isAllowed(value) ? value : fail(expected, value)), { type: "string", enum: [...values] }, { coerce });
}

/** Exactly one value: the tag of a tagged union, for instance. A string literal also accepts, when
 *  coercing, the number or boolean that reads as it (1 for "1"). */
export function literalValue<const V extends Literal>(literal: V): Validator<V> {
  const expected: Expectation = expectation({ kind: "oneOf", values: [literal] });
  const coerce = (value: unknown) => (typeof literal === "string" && toText(value) === literal ? literal : value);
  // The literal, not the input, is returned: for 0 the input may have been -0.
  return fromSafeCheck((value) => (value === literal ? literal : fail(expected, value)), { const: literal }, { coerce });
}

/** Any JSON value, unchecked: for data whose checking is someone else's job (tool arguments). */
export const unknownValue: Validator<unknown> = fromSafeCheck((value) => (value === undefined ? fail(expect.any, value) : value), {});

/** The same check, accepting undefined as well. */
export function optional<T>(inner: Validator<T>): Validator<T | undefined> {
  const safe = safeCheckOf(inner);
  return fromSafeCheck(
    (value) => (value === undefined ? undefined : safe(value)),
    inner.jsonSchema ?? {},
    inner.coerce ? { optional: true, coerce: inner.coerce } : { optional: true },
  );
}

/** The same check with a description for the model (each field gets its own wording). */
export function describe<T>(inner: Validator<T>, description: string): Validator<T> {
  // The same safe check, so it fails exactly as inner fails.
  return fromSafeCheck(
    safeCheckOf(inner),
    { ...inner.jsonSchema, description },
    {
      ...(inner.optional ? { optional: true } : {}),
      ...(inner.coerce ? { coerce: inner.coerce } : {}),
    },
  );
}
