// Where two JSON values differ, as RFC 6901 pointers: key order does not matter (objects compare by
// key), array order does. Import uses it to list exactly where the replay's last request is not the
// logged body, so the report's "differences" are measured, never guessed. Iterative, so a deeply
// nested argument cannot overflow the stack.

import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { toJsonPointer } from "../../json/json-locations.ts";

export interface JsonDifference {
  pointer: string;
  /** In the source; undefined when the replay added it. */
  source: unknown;
  /** In the replay; undefined when the replay left it out. */
  replay: unknown;
}

/** A pair of containers being compared, its children one at a time: depth first, in the
 *  source's key order, so the frames on the stack are the path to the pair being looked at and
 *  a pair of equal values (nearly every pair of a body that matches its replay) makes nothing. */
type Frame = (
  | { a: unknown[]; b: unknown[]; keys: undefined }
  /** An object's keys: the source's, then the replay's own. */
  | { a: JsonObject; b: JsonObject; keys: string[] }
) & {
  length: number;
  next: number;
  /** Where this pair is in the one it is inside ("" for the root). */
  key: string | number;
};

export function diffJson(source: unknown, replay: unknown, limit = 1000): JsonDifference[] {
  const differences: JsonDifference[] = [];
  const frames: Frame[] = [];
  const compare = (a: unknown, b: unknown, key: string | number): void => {
    if (Object.is(a, b)) return;
    if (Array.isArray(a) && Array.isArray(b)) frames.push({ a, b, keys: undefined, length: Math.max(a.length, b.length), next: 0, key });
    else if (isRecord(a) && isRecord(b)) {
      const keys = Object.keys(a);
      for (const own in b) if (Object.hasOwn(b, own) && !Object.hasOwn(a, own)) keys.push(own);
      frames.push({ a, b, keys, length: keys.length, next: 0, key });
    } else differences.push({ pointer: pointerTo(frames, key), source: a, replay: b });
  };
  compare(source, replay, "");
  while (frames.length > 0 && differences.length < limit) {
    const frame = frames[frames.length - 1];
    if (frame === undefined || frame.next >= frame.length) {
      frames.pop();
      continue;
    }
    const index = frame.next++;
    if (frame.keys === undefined) compare(frame.a[index], frame.b[index], index);
    else {
      const { a, b } = frame;
      const key = frame.keys[index] ?? "";
      compare(Object.hasOwn(a, key) ? a[key] : undefined, Object.hasOwn(b, key) ? b[key] : undefined, key);
    }
  }
  return differences;
}

/** The pointer of `key` in the pair on top of `frames`: the frames' own keys, the root's left out. */
function pointerTo(frames: readonly Frame[], key: string | number): string {
  if (frames.length === 0) return "";
  const keys: (string | number)[] = [];
  for (let index = 1; index < frames.length; index++) keys.push(frames[index]?.key ?? "");
  keys.push(key);
  return toJsonPointer(keys);
}
