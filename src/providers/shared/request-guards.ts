// Guards for reading an untrusted request body: each either returns the narrowed value or throws an
// ImportError naming the JSON pointer and what was expected there, so the command can print one
// line with file:line:column. Also lists the keys a reader did not use, for the report.

import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { pointer } from "../../json/json-locations.ts";
import type { ImageContent } from "../../protocol/types.ts";
import type { ConversationBuilder } from "./conversation-builder.ts";
import { ImportError } from "./imported-conversation.ts";
import { kindOf, type Subject } from "./malformed-source.ts";

/** `what`: a field as the source names it (`"messages"`), or a thing of the format (`{ thing: "tool" }`). */
export function expectObject(value: unknown, at: string, what: string | Subject): JsonObject {
  if (!isRecord(value)) throw new ImportError(at, { kind: "wrongType", what: subject(what), expected: "object", found: kindOf(value) });
  return value;
}

export function expectArray(value: unknown, at: string, what: string | Subject): unknown[] {
  if (!Array.isArray(value)) throw new ImportError(at, { kind: "wrongType", what: subject(what), expected: "array", found: kindOf(value) });
  return value;
}

export function expectString(value: unknown, at: string, what: string | Subject): string {
  if (typeof value !== "string") throw new ImportError(at, { kind: "wrongType", what: subject(what), expected: "string", found: kindOf(value) });
  return value;
}

/** A call id: present, a string, not empty — without one a result could never be paired with it. */
export function expectId(value: unknown, at: string, what: string | Subject): string {
  if (value === undefined || value === null || value === "") throw new ImportError(at, { kind: "missingCallId", what: subject(what) });
  return expectString(value, at, what);
}

function subject(what: string | Subject): Subject {
  return typeof what === "string" ? { field: what } : what;
}

/** Every key of `object` outside `used` becomes a "fieldDropped" note: nothing disappears unsaid. */
export function noteUnusedKeys(builder: ConversationBuilder, object: JsonObject, at: string, used: readonly string[]): void {
  // Own keys in Object.keys order, without making its array: every message and call of a long log is asked.
  for (const key in object) {
    if (!Object.hasOwn(object, key) || used.includes(key)) continue;
    builder.note(pointer(at, key), "fieldDropped", { about: "unusedField", key, value: preview(object[key]) });
  }
}

export function preview(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 60 ? `${json.slice(0, 57)}…` : json;
}

/** Arguments carried as a JSON string (OpenAI): parsed when they hold JSON, else kept as the string. */
export function parseArgumentsString(text: string, builder: ConversationBuilder, at: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    if (JSON.stringify(value) !== text) builder.note(at, "formChanged", { about: "argumentsReformatted" });
    return value;
  } catch {
    builder.note(at, "formChanged", { about: "argumentsNotJson" });
    return text;
  }
}

/** `data:image/png;base64,…` → an image block; any other URL cannot be held (the types keep base64 only). */
export function dataUrlImage(url: string): ImageContent | undefined {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  return match?.[1] && match[2] !== undefined ? { type: "image", mimeType: match[1], data: match[2] } : undefined;
}
