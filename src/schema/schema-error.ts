// The one error a schema throws: which field failed, what it expected and what it got, so a
// narrator or a CLI can word it in any language while the message stays the library's contract.

export type PathSegment = string | number;

/** What a validator wanted, as data (the wording lives with whoever shows it). */
export type Expectation =
  | { kind: "string" }
  | { kind: "number" }
  | { kind: "boolean" }
  | { kind: "positiveInteger" }
  | { kind: "object" }
  | { kind: "array" }
  | { kind: "minItems"; count: number }
  | { kind: "oneOf"; values: readonly Literal[] }
  /** Any JSON value at all, as long as there is one (the key is not missing). */
  | { kind: "any" }
  /** A validator written outside this module threw a message of its own. */
  | { kind: "custom"; message: string };

export type Literal = string | number | boolean | null;

export class SchemaError extends Error {
  override readonly name = "SchemaError";
  constructor(
    readonly expected: Expectation,
    /** The offending value itself; `undefined` means the key was missing. */
    readonly received: unknown,
    /** From the outermost value inward: ["episodes", 0, "user"]. */
    readonly path: PathSegment[] = [],
    message: string = defaultMessage(expected),
  ) {
    // A failed validation is data about model output, not a bug: a stack trace would tell no one
    // anything, and capturing one is most of the cost of rejecting bad arguments.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

/** The library's message for each expectation, in the style the course fixes ("必须是 string"). */
function defaultMessage(expected: Expectation): string {
  switch (expected.kind) {
    case "positiveInteger":
      return "必须是正整数";
    case "minItems":
      return `至少需要 ${expected.count} 项`;
    case "oneOf":
      return `必须是 ${expected.values.map((value) => JSON.stringify(value)).join(" | ")} 之一`;
    case "custom":
      return expected.message;
    case "any":
      return "必须有值";
    default:
      return `必须是 ${expected.kind}`;
  }
}

/** Adds the parent's key in front of an error raised by a nested validator. */
export function atPath(error: unknown, segment: PathSegment, received: unknown): SchemaError {
  if (error instanceof SchemaError) {
    error.path.unshift(segment);
    return error;
  }
  const message = error instanceof Error ? error.message : String(error);
  return new SchemaError({ kind: "custom", message }, received, [segment], message);
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
