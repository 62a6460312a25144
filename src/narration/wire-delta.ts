// What one request body adds to the previous one. Every request repeats the whole history, so
// printing each body whole makes the --wire output grow with turns²; this says instead which
// top-level parts changed, and for an array that kept its start (`messages`, `input`,
// `contents`), only the items from where it stopped being the same. The parts come in the body's
// own key order, so the previous body and the delta give back this body exactly (`applyWireDelta`).
//
// Values are compared by their JSON text. The history is the one part that grows with the run, so
// it is not compared whole: a renderer that grows with the history (providers/shared/wire-renderer.ts)
// hands each request its settled items, the same items as the previous request's, and a short
// tail; only the items after the previous request's settled ones get a JSON text, each once. A
// request's cost is then what it adds, not the history before it.

import type { WireNote } from "../providers/shared/wire-note.ts";
import type { GrowingList, GrowingRequest } from "../providers/shared/wire-renderer.ts";

export type WirePart =
  /** This key's value is exactly the previous body's. */
  | { kind: "same"; key: string }
  /** A new or changed value. */
  | { kind: "set"; key: string; value: unknown }
  /** An array whose first `kept` items are the previous body's; `items` follow them. */
  | { kind: "splice"; key: string; kept: number; items: unknown[] };

export interface WireDelta {
  parts: WirePart[];
  /** Keys of the previous body this one does not have. */
  removed: string[];
}

/** A request as the next comparison needs it: its keys in order, each other key's JSON text (an
 *  array's by item), and its history as the renderer handed it, with the texts made so far. */
export interface WireSnapshot {
  keys: string[];
  texts: Map<string, string | string[]>;
  historyKey: string;
  history: GrowingList<unknown>;
  historyTexts: Map<number, string>;
}

export function wireSnapshot(request: GrowingRequest<string, object>, historyKey: string): WireSnapshot {
  return snapshotOf(request.body([]), request, historyKey);
}

/** `body`: the request's body around a stand-in history; only the other keys are read from it. */
function snapshotOf(body: object, request: GrowingRequest<string, object>, historyKey: string): WireSnapshot {
  const texts = new Map<string, string | string[]>();
  const keys: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    keys.push(key);
    if (key !== historyKey) texts.set(key, Array.isArray(value) ? value.map(jsonText) : jsonText(value));
  }
  return { keys, texts, historyKey, history: request.history, historyTexts: new Map() };
}

/** This request against the previous one; `next` is this request's snapshot, for the one after it. */
export function wireDelta(previous: WireSnapshot, request: GrowingRequest<string, object>): { delta: WireDelta; next: WireSnapshot } {
  const body = request.body([]);
  const next = snapshotOf(body, request, previous.historyKey);
  const parts: WirePart[] = [];
  for (const key of next.keys) {
    if (key === next.historyKey) {
      parts.push(historyPart(key, previous, next));
      continue;
    }
    const value: unknown = Reflect.get(body, key);
    const text = next.texts.get(key);
    const before = previous.texts.get(key);
    if (text === undefined) continue;
    if (typeof text === "string" || !Array.isArray(value) || !Array.isArray(before)) {
      if (typeof text === "string" && text === before) parts.push({ kind: "same", key });
      else parts.push({ kind: "set", key, value });
      continue;
    }
    let kept = 0;
    while (kept < text.length && kept < before.length && text[kept] === before[kept]) kept++;
    parts.push(arrayPart(key, kept, text.length, before.length, (from) => value.slice(from)));
  }
  const removed = previous.keys.filter((key) => !next.keys.includes(key));
  return { delta: { parts, removed }, next };
}

/** The history part: items the two requests share as settled are the same items, so the
 *  comparison by text starts after the previous request's settled ones. */
function historyPart(key: string, previous: WireSnapshot, next: WireSnapshot): WirePart {
  const before = previous.history;
  const after = next.history;
  const beforeLength = before.settledLength + before.tail.length;
  const afterLength = after.settledLength + after.tail.length;
  let kept = before.settled === after.settled ? Math.min(before.settledLength, after.settledLength) : 0;
  while (kept < afterLength && kept < beforeLength && itemText(next, kept) === itemText(previous, kept)) kept++;
  return arrayPart(key, kept, afterLength, beforeLength, (from) => Array.from({ length: afterLength - from }, (_, index) => itemAt(after, from + index)));
}

/** An array whose first `kept` items are the previous one's: the same, set whole, or a splice. */
function arrayPart(key: string, kept: number, length: number, beforeLength: number, itemsFrom: (from: number) => unknown[]): WirePart {
  if (kept === length && kept === beforeLength) return { kind: "same", key };
  if (kept === 0) return { kind: "set", key, value: itemsFrom(0) };
  return { kind: "splice", key, kept, items: itemsFrom(kept) };
}

function itemAt(list: GrowingList<unknown>, index: number): unknown {
  return index < list.settledLength ? list.settled[index] : list.tail[index - list.settledLength];
}

function itemText(snapshot: WireSnapshot, index: number): string {
  let text = snapshot.historyTexts.get(index);
  if (text === undefined) {
    text = jsonText(itemAt(snapshot.history, index));
    snapshot.historyTexts.set(index, text);
  }
  return text;
}

/** A request's notes as the next request needs them: each section as it was, a count of each
 *  note's JSON text, and the texts of the notes only this request made (its tails). */
export interface NotesSeen {
  sections: readonly GrowingList<WireNote>[];
  counts: Map<string, number>;
  tailTexts: string[];
}

/** The notes of this request that the previous one did not have, in this request's order; `next`
 *  for the request after it. Settled notes the previous request had are not looked at again. */
export function addedNotes(previous: NotesSeen | undefined, sections: readonly GrowingList<WireNote>[]): { added: WireNote[]; next: NotesSeen } {
  const same =
    previous !== undefined &&
    sections.length === previous.sections.length &&
    sections.every((section, index) => section.settled === previous.sections[index]?.settled);
  const fresh: { note: WireNote; text: string }[] = [];
  const tailTexts: string[] = [];
  sections.forEach((section, index) => {
    const from = same ? (previous?.sections[index]?.settledLength ?? 0) : 0;
    for (let at = from; at < section.settledLength; at++) {
      const note = section.settled[at];
      if (note !== undefined) fresh.push({ note, text: jsonText(note) });
    }
    for (const note of section.tail) {
      const text = jsonText(note);
      fresh.push({ note, text });
      tailTexts.push(text);
    }
  });
  const before = previous?.counts;
  const added = fresh.filter(({ text }) => (before?.get(text) ?? 0) === 0).map(({ note }) => note);
  // The counts go on from the previous request's, less what only it had, when the settled notes are the same.
  const counts = same && before ? before : new Map<string, number>();
  if (same) for (const text of previous?.tailTexts ?? []) counts.set(text, (counts.get(text) ?? 1) - 1);
  for (const { text } of fresh) counts.set(text, (counts.get(text) ?? 0) + 1);
  return { added, next: { sections, counts, tailTexts } };
}

/** The body a delta describes, given the body before it: what a reader of `--json --wire` does. */
export function applyWireDelta(previous: object, delta: WireDelta): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const part of delta.parts) {
    const before: unknown = Object.hasOwn(previous, part.key) ? Reflect.get(previous, part.key) : undefined;
    const value =
      part.kind === "same" ? before : part.kind === "set" ? part.value : [...(Array.isArray(before) ? before.slice(0, part.kept) : []), ...part.items];
    Object.defineProperty(body, part.key, { value, enumerable: true, writable: true, configurable: true });
  }
  return body;
}

export function jsonText(value: unknown): string {
  return JSON.stringify(value) ?? "undefined";
}
