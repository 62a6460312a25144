// The one guard for "a JSON object": what every reader of untrusted JSON (fixtures, request
// bodies, captured streams, schemas) asks before it reads a key. Arrays are objects to
// `typeof` but never a record here.

export type JsonObject = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
