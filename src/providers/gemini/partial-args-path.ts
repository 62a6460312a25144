// The RFC 9535 JSON Paths Gemini's streamed arguments use (`$.foo.bar[0].data`): each leaf of an
// arguments object as a path, and a path back into segments. Names that are not plain identifiers
// use the bracketed, quoted form (`$["a b"]`), whose escapes are JSON's.
// Source: https://datatracker.ietf.org/doc/html/rfc9535 (name and index selectors).

import type { PathSegment } from "../../schema/schema-error.ts";

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function formatPartialArgsPath(path: readonly PathSegment[]): string {
  return `$${path.map((segment) => (typeof segment === "number" ? `[${segment}]` : IDENTIFIER.test(segment) ? `.${segment}` : `[${JSON.stringify(segment)}]`)).join("")}`;
}

/** Segments of a path in the forms above (and single-quoted names); undefined when it is not one. */
export function parsePartialArgsPath(path: string): PathSegment[] | undefined {
  if (!path.startsWith("$")) return undefined;
  const segments: PathSegment[] = [];
  let index = 1;
  while (index < path.length) {
    const character = path[index];
    if (character === ".") {
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(path.slice(index + 1));
      if (!match) return undefined;
      segments.push(match[0]);
      index += 1 + match[0].length;
    } else if (character === "[") {
      const rest = path.slice(index + 1);
      const number = /^(0|[1-9]\d*)\]/.exec(rest);
      if (number?.[1] !== undefined) {
        segments.push(Number(number[1]));
        index += 1 + number[0].length;
        continue;
      }
      const quote = rest[0];
      if (quote !== '"' && quote !== "'") return undefined;
      let end = 1;
      while (end < rest.length && rest[end] !== quote) end += rest[end] === "\\" ? 2 : 1;
      if (rest[end + 1] !== "]") return undefined;
      const body = rest.slice(1, end);
      let name: unknown;
      try {
        name = JSON.parse(`"${quote === "'" ? body.replace(/\\'/g, "'").replace(/"/g, '\\"') : body}"`);
      } catch {
        return undefined;
      }
      if (typeof name !== "string") return undefined;
      segments.push(name);
      index += 1 + end + 2;
    } else return undefined;
  }
  return segments;
}

/** Every scalar leaf of a value with its path, in key order; empty objects and arrays have none. */
export function jsonLeaves(
  value: unknown,
  path: PathSegment[] = [],
  into: { path: PathSegment[]; value: unknown }[] = [],
): { path: PathSegment[]; value: unknown }[] {
  if (Array.isArray(value)) value.forEach((item: unknown, index) => jsonLeaves(item, [...path, index], into));
  else if (typeof value === "object" && value !== null) for (const [key, item] of Object.entries(value)) jsonLeaves(item, [...path, key], into);
  else into.push({ path, value });
  return into;
}

/** Writes `value` at `path` inside `root`, making objects and arrays on the way. */
export function setAtPath(root: Record<string, unknown>, path: readonly PathSegment[], value: unknown): void {
  let container: Record<string, unknown> | unknown[] = root;
  path.forEach((segment, position) => {
    const last = position === path.length - 1;
    const next = path[position + 1];
    // A member is read and defined as the object's own: `__proto__` is a name like any other in a
    // JSON object, and reading or assigning it would reach the object's prototype instead.
    const read = (): unknown =>
      Array.isArray(container)
        ? typeof segment === "number"
          ? container[segment]
          : undefined
        : typeof segment === "string"
          ? Object.getOwnPropertyDescriptor(container, segment)?.value
          : undefined;
    const write = (item: unknown) => {
      if (Array.isArray(container)) {
        if (typeof segment === "number") container[segment] = item;
      } else Object.defineProperty(container, String(segment), { value: item, writable: true, enumerable: true, configurable: true });
    };
    if (last) return write(value);
    let child = read();
    if (typeof child !== "object" || child === null) {
      child = typeof next === "number" ? [] : {};
      write(child);
    }
    if (isContainer(child)) container = child;
  });
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === "object" && value !== null;
}
