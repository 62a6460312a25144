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

export function diffJson(source: unknown, replay: unknown, limit = 1000): JsonDifference[] {
  const differences: JsonDifference[] = [];
  const stack: { a: unknown; b: unknown; path: (string | number)[] }[] = [{ a: source, b: replay, path: [] }];
  while (stack.length > 0 && differences.length < limit) {
    const { a, b, path } = stack.pop() ?? { a: undefined, b: undefined, path: [] };
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let index = Math.max(a.length, b.length) - 1; index >= 0; index--) stack.push({ a: a[index], b: b[index], path: [...path, index] });
    } else if (isRecord(a) && isRecord(b)) {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].reverse();
      for (const key of keys)
        stack.push({ a: Object.hasOwn(a, key) ? a[key] : undefined, b: Object.hasOwn(b, key) ? b[key] : undefined, path: [...path, key] });
    } else if (!Object.is(a, b)) {
      differences.push({ pointer: toJsonPointer(path), source: a, replay: b });
    }
  }
  return differences;
}
