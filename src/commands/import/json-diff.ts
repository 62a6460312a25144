// Where two JSON values differ, as RFC 6901 pointers: key order does not matter (objects compare by
// key), array order does. Import uses it to list exactly where the replay's last request is not the
// logged body, so the report's "differences" are measured, never guessed. Iterative, so a deeply
// nested argument cannot overflow the stack.

import { isRecord } from "../../json/is-record.ts";
import { toJsonPointer } from "../../json/json-locations.ts";

export interface JsonDifference {
  pointer: string;
  /** In the source; undefined when the replay added it. */
  source: unknown;
  /** In the replay; undefined when the replay left it out. */
  replay: unknown;
}

/** A pair still to compare, linked to the pair it is inside: its path costs no copy, and is
 *  spelled out only for a difference. */
interface Pending {
  a: unknown;
  b: unknown;
  parent: Pending | undefined;
  key: string | number;
}

export function diffJson(source: unknown, replay: unknown, limit = 1000): JsonDifference[] {
  const differences: JsonDifference[] = [];
  const stack: Pending[] = [{ a: source, b: replay, parent: undefined, key: "" }];
  // A pair that is one value (equal scalars, or the same object) holds no difference, so it is
  // never stacked: on a 10 MB body that matches its replay, that is nearly every pair.
  const visit = (a: unknown, b: unknown, parent: Pending, key: string | number) => {
    if (!Object.is(a, b)) stack.push({ a, b, parent, key });
  };
  for (let pair = stack.pop(); pair !== undefined && differences.length < limit; pair = stack.pop()) {
    const { a, b } = pair;
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let index = Math.max(a.length, b.length) - 1; index >= 0; index--) visit(a[index], b[index], pair, index);
    } else if (isRecord(a) && isRecord(b)) {
      // Keys in the source's order, then the replay's own; stacked in reverse, so they come off in order.
      const keys = Object.keys(a);
      for (const key in b) if (Object.hasOwn(b, key) && !Object.hasOwn(a, key)) keys.push(key);
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index] ?? "";
        visit(Object.hasOwn(a, key) ? a[key] : undefined, Object.hasOwn(b, key) ? b[key] : undefined, pair, key);
      }
    } else if (!Object.is(a, b)) {
      differences.push({ pointer: toJsonPointer(pathOf(pair)), source: a, replay: b });
    }
  }
  return differences;
}

/** The keys from the root down to `pair` (the root pair itself has none). */
function pathOf(pair: Pending): (string | number)[] {
  const keys: (string | number)[] = [];
  for (let at: Pending | undefined = pair; at?.parent !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse();
}
