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

/** A path as a link to its parent: a step costs one small object, not a copy of the whole path. */
interface Step {
  parent: Step | undefined;
  key: string | number;
}

interface Pending {
  a: unknown;
  b: unknown;
  path: Step | undefined;
}

export function diffJson(source: unknown, replay: unknown, limit = 1000): JsonDifference[] {
  const differences: JsonDifference[] = [];
  const stack: Pending[] = [{ a: source, b: replay, path: undefined }];
  // A pair that is one value (equal scalars, or the same object) holds no difference, so it is
  // never stacked: on a 10 MB body that matches its replay, that is nearly every pair.
  const visit = (a: unknown, b: unknown, parent: Step | undefined, key: string | number) => {
    if (!Object.is(a, b)) stack.push({ a, b, path: { parent, key } });
  };
  while (stack.length > 0 && differences.length < limit) {
    const { a, b, path } = stack.pop() ?? { a: undefined, b: undefined, path: undefined };
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let index = Math.max(a.length, b.length) - 1; index >= 0; index--) visit(a[index], b[index], path, index);
    } else if (isRecord(a) && isRecord(b)) {
      // Keys in the source's order, then the replay's own; stacked in reverse, so they come off in order.
      const keys = Object.keys(a);
      for (const key of Object.keys(b)) if (!Object.hasOwn(a, key)) keys.push(key);
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index] ?? "";
        visit(Object.hasOwn(a, key) ? a[key] : undefined, Object.hasOwn(b, key) ? b[key] : undefined, path, key);
      }
    } else if (!Object.is(a, b)) {
      differences.push({ pointer: toJsonPointer(pathOf(path)), source: a, replay: b });
    }
  }
  return differences;
}

function pathOf(step: Step | undefined): (string | number)[] {
  const keys: (string | number)[] = [];
  for (let at = step; at !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse();
}
