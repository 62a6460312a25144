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

const NO_OBJECTS: readonly [number, JsonObject][] = Object.freeze([]);

/** Each element of `array` that is an object, with its index. */
export function objectsIn(array: readonly unknown[]): readonly [number, JsonObject][] {
  // Most replies make no call: their missing tool_calls need no list of their own.
  if (array.length === 0) return NO_OBJECTS;
  const found: [number, JsonObject][] = [];
  for (let index = 0; index < array.length; index++) {
    const item = array[index];
    if (isRecord(item)) found.push([index, item]);
  }
  return found;
}

/** What one run of the rules shares: the body, and each derivation filled for it (emptied after). */
interface Run {
  body: JsonObject;
  filled: { clear(): void }[];
}
let running: Run | undefined;

/** Runs `rules` over `body` with every `perBody` derivation computed at most once for it and shared
 *  by every rule that asks; what was derived is let go when the run ends, so nothing outlives it. */
export function sharedDerivations<T>(body: JsonObject, rules: () => T): T {
  const outer = running;
  const run: Run = { body, filled: [] };
  running = run;
  try {
    return rules();
  } finally {
    for (const slot of run.filled) slot.clear();
    running = outer;
  }
}

/**
 * `derive`, computed once per body within a run of the rules (sharedDerivations) and then shared
 * by every rule that asks; outside a run it is computed afresh. One slot per derivation, not a
 * WeakMap: a WeakMap entry per derivation per body cost more than most rules (and the collector
 * pays for each entry again), for a cache that is only ever asked about the body being linted.
 */
export function perBody<T>(derive: (body: JsonObject) => T): (body: JsonObject) => T {
  let cached: { body: JsonObject; value: T } | undefined;
  const slot = {
    clear() {
      cached = undefined;
    },
  };
  return (body) => {
    const run = running;
    if (run?.body !== body) return derive(body);
    if (cached?.body === body) return cached.value;
    const value = derive(body);
    cached = { body, value };
    run.filled.push(slot);
    return value;
  };
}
