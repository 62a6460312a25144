// Small guards for walking a parsed request body that may be anything: the rule tables read
// untrusted JSON, so every step checks the shape instead of assuming it.
import { toJsonPointer } from "../json/json-locations.ts";

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The array at `key`, or an empty one when the key is missing or holds something else. */
export function arrayAt(object: JsonObject, key: string): readonly unknown[] {
  const value = object[key];
  return Array.isArray(value) ? value : [];
}

export function stringAt(object: JsonObject, key: string): string | undefined {
  const value = object[key];
  return typeof value === "string" ? value : undefined;
}

/** Each element of `array` that is an object, with its index. */
export function objectsIn(array: readonly unknown[]): [number, JsonObject][] {
  const found: [number, JsonObject][] = [];
  array.forEach((item, index) => {
    if (isObject(item)) found.push([index, item]);
  });
  return found;
}

export const pointer = (...path: (string | number)[]): string => toJsonPointer(path);
