// Why an importer refuses a source, as data: a value of the wrong type, a call without an id, a
// result for a call nobody made, a Pi session that is not one. `import` words it in the run's
// language (src/commands/import/import-messages-*.ts); serve answers a harness with the English
// words below, as an API answers in its own language, and import's English report uses the same.
import type { JsonSyntaxProblem } from "../../json/json-syntax.ts";

/** What a JSON value is, for "found …". `undefined`: the key is not there at all. */
export type JsonKind = "null" | "array" | "object" | "string" | "number" | "boolean" | "undefined";

/** What a guard expected: a field, named as the source names it (data: `messages`, `tool_calls[].id`),
 *  or a thing of the format that has no one name in the source. */
export type Subject = { field: string } | { thing: "contentBlock" | "contentPart" | "part" | "tool" | "toolCall" | "functionDeclaration" };

export type MalformedSource =
  | { kind: "wrongType"; what: Subject; expected: "object" | "array" | "string"; found: JsonKind }
  | { kind: "missingCallId"; what: Subject }
  /** A result names a call id that no earlier call has (`id` as JSON). */
  | { kind: "unknownCallId"; id: string }
  /** Gemini: a result without an id, and no earlier call of that name waits for one (`name` as JSON). */
  | { kind: "noWaitingCall"; name: string }
  // a Pi session
  | { kind: "notJson"; problem: JsonSyntaxProblem | undefined }
  | { kind: "secondHeader" }
  | { kind: "firstNotHeader" }
  | { kind: "emptySession" }
  | { kind: "lineNotObject" }
  /** --branch names no entry (`id` as JSON). */
  | { kind: "noSuchEntry"; id: string; leaves: string[] }
  | { kind: "parentCycle" }
  /** `parent` as JSON. */
  | { kind: "parentMissing"; parent: string };

export function kindOf(value: unknown): JsonKind {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "object") return "object";
  if (typeof value === "string") return "string";
  if (typeof value === "number") return "number";
  if (typeof value === "boolean") return "boolean";
  // JSON has nothing else: a key that is not there.
  return "undefined";
}

const englishKinds: Record<JsonKind, string> = {
  null: "null",
  array: "an array",
  object: "an object",
  string: "a string",
  number: "a number",
  boolean: "a boolean",
  undefined: "nothing",
};

const englishThings: Record<Extract<Subject, { thing: string }>["thing"], string> = {
  contentBlock: "a content block",
  contentPart: "a content part",
  part: "a part",
  tool: "a tool",
  toolCall: "a tool call",
  functionDeclaration: "a function declaration",
};

function englishSubject(what: Subject): string {
  return "field" in what ? what.field : englishThings[what.thing];
}

/** The English words: what serve answers a harness with, and what import's English report says. */
export function malformedText(reason: MalformedSource): string {
  switch (reason.kind) {
    case "wrongType":
      return `${englishSubject(reason.what)} must be ${englishKinds[reason.expected]}, found ${englishKinds[reason.found]}`;
    case "missingCallId":
      return `a call without an id: ${englishSubject(reason.what)} is missing`;
    case "unknownCallId":
      return `a result for an unknown call: no earlier tool call has the id ${reason.id}`;
    case "noWaitingCall":
      return `a result for an unknown call: no earlier call to ${reason.name} is waiting for one`;
    case "notJson":
      return `not valid JSON${reason.problem === undefined ? "" : ` (${reason.problem})`}`;
    case "secondHeader":
      return "a second session header";
    case "firstNotHeader":
      return 'the first entry is not a session header ({"type":"session",…})';
    case "emptySession":
      return "an empty session: no header line";
    case "lineNotObject":
      return "each line must hold one JSON object (a session entry)";
    case "noSuchEntry":
      return `no entry has the id ${reason.id} (branch leaves: ${reason.leaves.join(", ") || "none"})`;
    case "parentCycle":
      return "the parentId links form a cycle";
    case "parentMissing":
      return `the parent ${reason.parent} is not in the file`;
  }
}
