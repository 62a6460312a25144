// Reading a Gemini body the way Google's REST front end reads it, not the way @google/genai writes
// it. The front end applies the proto3 JSON mapping (https://protobuf.dev/programming-guides/json/):
// a field may be written with its lowerCamelCase JSON name or its proto name (`functionDeclarations`
// or `function_declarations`), and — beyond the mapping, as Google's own cookbook shows with 200
// answers (google-gemini/cookbook quickstarts/rest/Function_calling_REST.ipynb, the single-turn
// body) — a repeated field may hold one value instead of a list (`"contents": {…}`, `"parts": {…}`).
// Lint and import read through these helpers, so a body the API takes is never "not a body".
import { isRecord, type JsonObject } from "../../json/is-record.ts";

/** One element of a repeated field, with the pointer that names it in the body. */
export interface Element {
  at: string;
  value: unknown;
}

const protoNames = new Map<string, string>();

/** `functionDeclarations` → `function_declarations`: the proto name of a JSON name (worked out once per name). */
function protoName(jsonName: string): string {
  let name = protoNames.get(jsonName);
  if (name === undefined) {
    name = jsonName.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    protoNames.set(jsonName, name);
  }
  return name;
}

/** The key `object` writes the field under: its JSON name, else its proto name, else undefined. */
export function keyOf(object: JsonObject, jsonName: string): string | undefined {
  if (Object.hasOwn(object, jsonName)) return jsonName;
  const proto = protoName(jsonName);
  return proto !== jsonName && Object.hasOwn(object, proto) ? proto : undefined;
}

/** The field's value under either name (undefined when absent). */
export function field(object: JsonObject, jsonName: string): unknown {
  const key = keyOf(object, jsonName);
  return key === undefined ? undefined : object[key];
}

/**
 * The elements of a repeated field at `at` (the object's own pointer): each item of a list, or the
 * one value written without a list. Absent or null: none.
 */
export function repeated(object: JsonObject, jsonName: string, at: string): Element[] {
  const key = keyOf(object, jsonName);
  if (key === undefined) return [];
  const value = object[key];
  if (value === null || value === undefined) return [];
  // `key` is a field name of the protos (letters and _), so it needs no RFC 6901 escaping; a
  // 10 MB body has a million parts, and each pointer is made here.
  const base = `${at}/${key}`;
  if (Array.isArray(value)) return value.map((item, index) => ({ at: `${base}/${index}`, value: item }));
  return [{ at: base, value }];
}

/** Whether the field holds a list or a single object: what a Gemini body's `contents` may be. */
export function isRepeatedValue(value: unknown): boolean {
  return Array.isArray(value) || isRecord(value);
}
