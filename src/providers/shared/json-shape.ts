// Small guards for walking a parsed request body that may be anything: the rule tables read
// untrusted JSON, so every step checks the shape instead of assuming it. Ten rules walk the same
// arrays of a 10 MB body, so what they derive from it is computed once per body and shared.
import { isRecord, type JsonObject } from "../../json/is-record.ts";

const EMPTY: readonly unknown[] = Object.freeze([]);

/** The array at `key`, or an empty one when the key is missing or holds something else. */
export function arrayAt(object: JsonObject, key: string): readonly unknown[] {
  const value = object[key];
  return Array.isArray(value) ? value : EMPTY;
}

export function stringAt(object: JsonObject, key: string): string | undefined {
  const value = object[key];
  return typeof value === "string" ? value : undefined;
}

/** Each element of `array` that is an object, with its index. */
export function objectsIn(array: readonly unknown[]): readonly [number, JsonObject][] {
  const found: [number, JsonObject][] = [];
  for (let index = 0; index < array.length; index++) {
    const item = array[index];
    if (isRecord(item)) found.push([index, item]);
  }
  return found;
}

/** `derive`, computed once per body and then shared by every rule that asks. */
export function perBody<T>(derive: (body: JsonObject) => T): (body: JsonObject) => T {
  const cache = new WeakMap<JsonObject, { value: T }>();
  return (body) => {
    const cached = cache.get(body);
    if (cached) return cached.value;
    const value = derive(body);
    cache.set(body, { value });
    return value;
  };
}
