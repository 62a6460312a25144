// What every Gemini rule walks: the contents, their parts and the calls and responses among them,
// each with the pointer that names it, read once per body (perBody) and through body-fields.ts,
// so a body written with proto names or single values is walked like any other.
import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { pointer } from "../../json/json-locations.ts";
import { perBody } from "../shared/json-shape.ts";
import { type Element, keyOf, repeated } from "./body-fields.ts";

export interface ContentAt {
  /** Position in the contents: neighbours are index ± 1 of `contentsList`. */
  index: number;
  at: string;
  content: JsonObject;
}

export interface PartAt {
  content: ContentAt;
  at: string;
  part: JsonObject;
}

/** A functionCall or functionResponse part: the value and its own pointer. */
export interface FunctionPartAt extends PartAt {
  value: JsonObject;
  valueAt: string;
}

/** Every element of `contents`, objects or not: the neighbours the pairing rules look at. */
export const contentsList = perBody((body: JsonObject): Element[] => repeated(body, "contents", ""));

export const contentsOf = perBody((body: JsonObject): ContentAt[] => {
  const found: ContentAt[] = [];
  contentsList(body).forEach(({ at, value }, index) => {
    if (isRecord(value)) found.push({ index, at, content: value });
  });
  return found;
});

/** The object parts of a content (whatever it is). */
export function partsIn(content: unknown, at: string): { at: string; part: JsonObject }[] {
  if (!isRecord(content)) return [];
  return repeated(content, "parts", at).flatMap(({ at: partAt, value }) => (isRecord(value) ? [{ at: partAt, part: value }] : []));
}

export const partsOf = perBody((body: JsonObject): PartAt[] => {
  // Straight into one list, without a list per content and a second entry per part.
  const found: PartAt[] = [];
  for (const content of contentsOf(body)) {
    for (const { at, value } of repeated(content.content, "parts", content.at)) if (isRecord(value)) found.push({ content, at, part: value });
  }
  return found;
});

function functionParts(body: JsonObject, name: "functionCall" | "functionResponse"): FunctionPartAt[] {
  const found: FunctionPartAt[] = [];
  for (const at of partsOf(body)) {
    const key = keyOf(at.part, name);
    const value = key === undefined ? undefined : at.part[key];
    // A proto field name: no escaping needed (see repeated()).
    if (key !== undefined && isRecord(value)) found.push({ content: at.content, at: at.at, part: at.part, value, valueAt: `${at.at}/${key}` });
  }
  return found;
}

export const functionCalls = perBody((body: JsonObject) => functionParts(body, "functionCall"));
export const functionResponses = perBody((body: JsonObject) => functionParts(body, "functionResponse"));

/** Per element of `contents` (by its index there), how many function calls and responses its parts carry. */
export const turnCounts = perBody((body: JsonObject): { calls: number; responses: number }[] => {
  const counts = contentsList(body).map(() => ({ calls: 0, responses: 0 }));
  for (const { content } of functionCalls(body)) {
    const entry = counts[content.index];
    if (entry) entry.calls++;
  }
  for (const { content } of functionResponses(body)) {
    const entry = counts[content.index];
    if (entry) entry.responses++;
  }
  return counts;
});

/** The pointer of `key` in `object` at `at`, under the name the body writes it with. */
export function fieldPointer(object: JsonObject, at: string, jsonName: string): string {
  return pointer(at, keyOf(object, jsonName) ?? jsonName);
}
