// Small helpers for pointing into a rendered JSON body: find a value, name its path the way a
// reader would write it (`messages[2].tool_calls[0]`), and print a shortened snippet of it. The
// wire table uses them so its cells come from the bodies themselves, not from prose.
import { isRecord } from "../src/json/is-record.ts";

export type JsonPath = readonly (string | number)[];

/** The first path, in document order, whose value satisfies `matches`. */
export function findPath(root: unknown, matches: (value: unknown) => boolean, from: JsonPath = []): JsonPath | undefined {
  return findAllPaths(root, matches, from)[0];
}

export function findAllPaths(root: unknown, matches: (value: unknown) => boolean, from: JsonPath = []): JsonPath[] {
  const found: JsonPath[] = matches(root) ? [from] : [];
  for (const [key, child] of children(root)) found.push(...findAllPaths(child, matches, [...from, key]));
  return found;
}

export function valueAt(root: unknown, path: JsonPath): unknown {
  let value = root;
  for (const key of path) value = children(value).find(([childKey]) => childKey === key)?.[1];
  return value;
}

/** The path itself, then every ancestor, nearest first. */
export function selfAndAncestors(path: JsonPath): JsonPath[] {
  return path.map((_, index) => path.slice(0, path.length - index)).concat([[]]);
}

export function formatPath(path: JsonPath): string {
  const text = path.map((key) => (typeof key === "number" ? `[${key}]` : `.${key}`)).join("");
  return text.startsWith(".") ? text.slice(1) : text || "(body)";
}

export interface SnippetOptions {
  /** Objects and arrays nested deeper than this print as `{…}` / `[…]`. */
  maxDepth: number;
  /** Longer strings are cut and end in `…`. */
  maxStringLength: number;
  /** Values to print as `{…}` / `[…]` wherever they are (say, a bulky schema). */
  elide?: (value: unknown) => boolean;
}

/** Compact JSON of `value`, shortened by `options`. */
export function snippet(value: unknown, options: SnippetOptions, depth = 0): string {
  if (typeof value === "string") {
    const characters = [...value];
    return JSON.stringify(characters.length > options.maxStringLength ? `${characters.slice(0, options.maxStringLength).join("")}…` : value);
  }
  const elided = depth > 0 && options.elide?.(value) === true;
  if (Array.isArray(value)) {
    if ((elided || depth >= options.maxDepth) && value.length > 0) return "[…]";
    return `[${value.map((item) => snippet(item, options, depth + 1)).join(",")}]`;
  }
  if (isRecord(value)) {
    if ((elided || depth >= options.maxDepth) && Object.keys(value).length > 0) return "{…}";
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${snippet(item, options, depth + 1)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "undefined";
}

/** Every leaf of `value` with its path (an empty object or array counts as a leaf). */
export function leaves(value: unknown, from: JsonPath = []): [JsonPath, unknown][] {
  const entries = children(value);
  if (entries.length === 0) return [[from, value]];
  return entries.flatMap(([key, child]) => leaves(child, [...from, key]));
}

function children(value: unknown): [string | number, unknown][] {
  if (Array.isArray(value)) return value.map((item: unknown, index) => [index, item]);
  if (isRecord(value)) return Object.entries(value);
  return [];
}
