// The one error a schema throws: which field failed, what it expected and what it got, so a
// narrator or a CLI can word it in any language while the message stays the library's contract.
import { type SchemaWords, schemaText } from "../protocol/text.ts";

export type PathSegment = string | number;

/** Where an expectation made by `expectation()` keeps its message once worded: a key no JSON value
 *  can hold, on a property that is not enumerable, so JSON, Object.keys and deepEqual never see it. */
export const WORDING: unique symbol = Symbol("wording");

/** The one mutable part of a frozen expectation: its message, worded on first read. */
interface Wording {
  text: string | undefined;
}

/** What a validator wanted, as data (the wording lives with whoever shows it). */
export type Expectation = ExpectationKind & { readonly [WORDING]?: Wording };

type ExpectationKind =
  | { kind: "string" }
  | { kind: "number" }
  | { kind: "boolean" }
  | { kind: "positiveInteger" }
  /** A whole number ≥ 0 (an index). */
  | { kind: "nonNegativeInteger" }
  /** JSON Schema's "integer" and "null", which recorded tools' schemas use (from-json-schema.ts). */
  | { kind: "integer" }
  | { kind: "null" }
  | { kind: "object" }
  | { kind: "array" }
  | { kind: "minItems"; count: number }
  | { kind: "oneOf"; values: readonly Literal[] }
  /** Any JSON value at all, as long as there is one (the key is not missing). */
  | { kind: "any" }
  /** A validator written outside this module threw a message of its own. */
  | { kind: "custom"; message: string };

export type Literal = string | number | boolean | null;

/**
 * What `parse` throws and `safeParse` returns. It is an Error to every caller (`instanceof Error`,
 * `name`, `message`, `String(error)`), but it is built without calling the Error constructor: a
 * failed validation is data about model output, not a bug, so it has no stack, and the Error
 * constructor costs ~0.4 µs even without one — ten times everything else a rejection does. The
 * message is worded from `expected` when someone reads it, never on the rejecting path.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: deliberate; the interface below declares what the prototype link gives the class at run time.
export class SchemaError {
  readonly expected: Expectation;
  /** The offending value itself; `undefined` means the key was missing. */
  readonly received: unknown;
  /** From the outermost value inward: ["episodes", 0, "user"]. Each parent puts its key in
   *  front as the failure returns through it. */
  path: PathSegment[];

  constructor(expected: Expectation, received: unknown, path: PathSegment[] = []) {
    this.expected = expected;
    this.received = received;
    this.path = path;
  }

  /** Worded on first read, then kept with its expectation: a caller that tells the model what was
   *  wrong reads it, and the built-in checks share one frozen expectation per field and kind. */
  get message(): string {
    return messageOf(this.expected);
  }
}
// The declaration merge tells TypeScript what the prototype link below tells the runtime.
export interface SchemaError extends Error {
  readonly name: "SchemaError";
}
Object.setPrototypeOf(SchemaError.prototype, Error.prototype);
Object.defineProperty(SchemaError.prototype, "name", { value: "SchemaError", writable: true, configurable: true });

/** A frozen expectation that words its message once, on the first read of any error rejecting
 *  with it: the built-in checks make one per kind (per enum, per literal) and share it. */
export function expectation<const E extends ExpectationKind>(kind: E): Readonly<E> {
  Object.defineProperty(kind, WORDING, { value: { text: undefined } });
  return Object.freeze(kind);
}

/** An expectation made elsewhere, without a place to keep its wording, is worded on every read. */
function messageOf(expected: Expectation): string {
  if (expected.kind === "custom") return expected.message;
  const wording = expected[WORDING];
  if (wording === undefined) return expectationMessage(expected);
  wording.text ??= expectationMessage(expected);
  return wording.text;
}

/** The message for each expectation in the given words: by default the library's, in the style the
 *  course fixes ("必须是 string"). Contract text, not narration: it reaches the model inside the
 *  failed result; a registry with other words (English under --lang en) passes them in. */
export function expectationMessage(expected: Expectation, words: SchemaWords = schemaText): string {
  switch (expected.kind) {
    case "positiveInteger":
      return words.positiveInteger;
    case "nonNegativeInteger":
      return words.nonNegativeInteger;
    case "minItems":
      return words.minItems(expected.count);
    case "oneOf":
      return words.oneOf(expected.values.map((value) => JSON.stringify(value)));
    case "custom":
      return expected.message;
    case "any":
      return words.any;
    default:
      return words.mustBe(expected.kind);
  }
}

/** Whatever a validator written elsewhere threw, as a SchemaError (its own, when it is one). */
export function toSchemaError(error: unknown, received: unknown): SchemaError {
  if (error instanceof SchemaError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new SchemaError({ kind: "custom", message }, received);
}

/** `$.episodes[0].script[1].content[0].name`: the JSONPath form people paste into an editor. */
export function formatJsonPath(path: readonly PathSegment[]): string {
  return `$${path.map((segment) => pathSegment(segment, true)).join("")}`;
}

/** `a`, `items[0].name`: a field path as a tool's parameters are usually spoken of. */
export function formatFieldPath(path: readonly PathSegment[]): string {
  return path.map((segment, index) => pathSegment(segment, index > 0)).join("");
}

function pathSegment(segment: PathSegment, dotted: boolean): string {
  if (typeof segment === "number") return `[${segment}]`;
  if (/^[A-Za-z_$][\w$]*$/.test(segment)) return dotted ? `.${segment}` : segment;
  return `[${JSON.stringify(segment)}]`;
}

// --- Failure as a return value ----------------------------------------------------------------
// The schema's own checks report a failure by returning FAILED, with the one SchemaError waiting
// in `pending`, so a rejection is an ordinary return, not a throw every caller must catch. A sentinel
// no input can contain, rather than the SchemaError itself: `unknownValue` passes any value
// through, a SchemaError included. Whoever receives FAILED takes the error at once, before any
// other check can run, so one slot is enough.

export const FAILED: unique symbol = Symbol("schema failure");
export type Failed = typeof FAILED;
let pending: SchemaError | undefined;

/** Records the failure and returns FAILED: `return fail(…)` at the point of rejection. */
export function fail(expected: Expectation, received: unknown, path: PathSegment[] = []): Failed {
  pending = new SchemaError(expected, received, path);
  return FAILED;
}

/** The same for an error that already exists (a validator written elsewhere threw it). */
export function failWith(error: SchemaError): Failed {
  pending = error;
  return FAILED;
}

/** A nested check returned FAILED: puts the parent's key in front of the waiting error's path. */
export function failAt(segment: PathSegment): Failed {
  if (pending) pending.path = [segment, ...pending.path];
  return FAILED;
}

/** The error behind the FAILED just returned; the slot is emptied so it keeps nothing alive. */
export function takeFailure(): SchemaError {
  const error = pending ?? new SchemaError({ kind: "custom", message: "schema failure without an error" }, undefined);
  pending = undefined;
  return error;
}
