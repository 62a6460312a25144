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
  | { a: unknown[]; b: unknown[]; keys: undefined; sourceKeys: 0 }
  /** An object's keys: the source's, then (once those are compared) the replay's own. */
  | { a: JsonObject; b: JsonObject; keys: string[]; sourceKeys: number }
) & {
  length: number;
  next: number;
  /** How many of the source's keys the replay has too: fewer than the replay's own count means it has keys of its own. */
  shared: number;
  replayKeys: number;
  /** Whether the replay's own keys have been added to `keys`. */
  ownKeysAdded: boolean;
  /** Where this pair is in the one it is inside ("" for the root). */
  key: string | number;
};

export function diffJson(source: unknown, replay: unknown, limit = 1000): JsonDifference[] {
  const differences: JsonDifference[] = [];
  const frames: Frame[] = [];
  compare(source, replay, "", frames, differences);
  while (frames.length > 0 && differences.length < limit) {
    const frame = frames[frames.length - 1];
    if (frame === undefined) break;
    if (frame.next >= frame.length) {
      // The source's keys are done: the replay's own keys, where it has some, come after them.
      if (frame.keys !== undefined && !frame.ownKeysAdded && frame.shared < frame.replayKeys) {
        frame.ownKeysAdded = true;
        for (const own in frame.b) if (Object.hasOwn(frame.b, own) && !Object.hasOwn(frame.a, own)) frame.keys.push(own);
        frame.length = frame.keys.length;
        continue;
      }
      frames.pop();
      continue;
    }
    const index = frame.next++;
    if (frame.keys === undefined) compare(frame.a[index], frame.b[index], index, frames, differences);
    else if (index < frame.sourceKeys) {
      const key = frame.keys[index] ?? "";
      const inReplay = Object.hasOwn(frame.b, key);
      if (inReplay) frame.shared++;
      compare(frame.a[key], inReplay ? frame.b[key] : undefined, key, frames, differences);
    } else {
      const key = frame.keys[index] ?? "";
      compare(undefined, frame.b[key], key, frames, differences);
    }
  }
  return differences;
}

/** A pair that holds a difference: two containers of one kind to look into, or a difference itself. */
function compare(a: unknown, b: unknown, key: string | number, frames: Frame[], differences: JsonDifference[]): void {
  if (Object.is(a, b)) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    frames.push({ a, b, keys: undefined, sourceKeys: 0, length: Math.max(a.length, b.length), next: 0, shared: 0, replayKeys: 0, ownKeysAdded: true, key });
  } else if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    frames.push({ a, b, keys, sourceKeys: keys.length, length: keys.length, next: 0, shared: 0, replayKeys: Object.keys(b).length, ownKeysAdded: false, key });
  } else differences.push({ pointer: pointerTo(frames, key), source: a, replay: b });
}

/** The pointer of `key` in the pair on top of `frames`: the frames' own keys, the root's left out. */
function pointerTo(frames: readonly Frame[], key: string | number): string {
  if (frames.length === 0) return "";
  const keys: (string | number)[] = [];
  for (let index = 1; index < frames.length; index++) keys.push(frames[index]?.key ?? "");
  keys.push(key);
  return toJsonPointer(keys);
}
