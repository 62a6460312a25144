// A declared JSON Schema (from a logged request, a Pi session) turned into the project's own
// validators, so a recorded tool rejects bad arguments with the same errors, narrated the same way,
// as a built-in tool. Only the subset those validators express is enforced: type, properties,
// required, enum, items, additionalProperties (true or false), nested objects and descriptions.
// Every other keyword is returned in `unsupported` with its pointer — the caller names them in its
// report; nothing is dropped silently. The schema a model sees stays the declared one, verbatim.

import { isRecord } from "../json/is-record.ts";
import { toJsonPointer } from "../json/json-locations.ts";
import type { Coercion, Schema } from "../protocol/types.ts";
import { arrayOf, recordValue } from "./collections.ts";
import { objectSchema, objectValue, type Shape } from "./object-schema.ts";
import { SchemaError } from "./schema-error.ts";
import { booleanValue, enumValue, numberValue, optional, stringValue, unknownValue, type Validator } from "./validator.ts";

export interface ConvertedSchema {
  schema: Schema<unknown>;
  /** Keywords outside the subset, as `pointer keyword` (the pointer inside the declared schema). */
  unsupported: readonly string[];
}

/** Deeper than any real tool's parameters; a hostile schema nested further is not enforced below it (no stack overflow). */
export const MAX_SCHEMA_DEPTH = 64;

/** Keywords that describe rather than constrain: accepted, and nothing to enforce. */
const descriptive = new Set(["description", "title", "$schema", "examples", "$comment"]);

/** Each declared JSON Schema, converted once: an import's check of the logged calls, the replay's
 *  recorded tools and the narration of every call to them ask for the same declaration's, and
 *  converting builds a parser (a narrated replay of an imported log built one per call).
 *  Keyed by the schema object — a fixture's are not changed once read, and the registry hands
 *  each tool's own on in its definitions — so a changed copy is converted anew, and a dropped one
 *  frees its entry. */
const converted = new WeakMap<Record<string, unknown>, ConvertedSchema>();

/** schemaFromJsonSchema, shared by every caller that holds the same declaration object. */
export function convertedSchemaOf(declared: Record<string, unknown>): ConvertedSchema {
  let found = converted.get(declared);
  if (found === undefined) {
    found = schemaFromJsonSchema(declared);
    converted.set(declared, found);
  }
  return found;
}

export function schemaFromJsonSchema(declared: Record<string, unknown>): ConvertedSchema {
  const unsupported: string[] = [];
  const convert = (node: unknown, path: (string | number)[]): Validator<unknown> => {
    const where = toJsonPointer(path) || "/";
    if (path.length > MAX_SCHEMA_DEPTH * 2) {
      unsupported.push(`${where} (nested deeper than ${MAX_SCHEMA_DEPTH} levels: not checked below here)`);
      return unknownValue;
    }
    if (node === true || (isRecord(node) && Object.keys(node).length === 0)) return unknownValue;
    if (!isRecord(node)) {
      unsupported.push(`${where} (a schema that is ${JSON.stringify(node)})`);
      return unknownValue;
    }
    const known = new Set(["type", "properties", "required", "enum", "items", "additionalProperties", ...descriptive]);
    for (const key of Object.keys(node)) if (!known.has(key)) unsupported.push(`${where} ${key}`);
    if (node.enum !== undefined) {
      if (Array.isArray(node.enum) && node.enum.length > 0 && node.enum.every((value): value is string => typeof value === "string"))
        return enumValue(node.enum);
      unsupported.push(`${where} enum (only a list of strings is enforced)`);
    }
    const type = node.type;
    switch (type) {
      case "string":
        return stringValue;
      case "number":
        return numberValue;
      case "integer":
        return integerValue;
      case "boolean":
        return booleanValue;
      case "null":
        return nullValue;
      case "array":
        return node.items === undefined ? arrayOf(unknownValue) : arrayOf(convert(node.items, [...path, "items"]));
      case "object":
        // No properties named: every object passes, kept whole (as the real tool received it).
        if (node.properties === undefined && node.required === undefined) return recordValue;
        return objectValue(shapeOf(node, path));
      case undefined:
        if (node.properties !== undefined) return objectValue(shapeOf(node, path));
        return unknownValue;
      default:
        unsupported.push(`${where} type ${JSON.stringify(type)}`);
        return unknownValue;
    }
  };
  const shapeOf = (node: Record<string, unknown>, path: (string | number)[]): Shape => {
    const where = toJsonPointer(path) || "/";
    const required = Array.isArray(node.required) ? node.required.filter((key): key is string => typeof key === "string") : [];
    if (node.required !== undefined && !Array.isArray(node.required)) unsupported.push(`${where} required (not a list)`);
    if (node.additionalProperties !== undefined && typeof node.additionalProperties !== "boolean") unsupported.push(`${where} additionalProperties (a schema)`);
    const shape: Shape = {};
    const properties = isRecord(node.properties) ? node.properties : {};
    for (const [key, property] of Object.entries(properties)) {
      const check = convert(property, [...path, "properties", key]);
      Object.defineProperty(shape, key, { value: required.includes(key) ? check : optional(check), enumerable: true, writable: true, configurable: true });
    }
    for (const key of required) {
      if (!Object.hasOwn(properties, key)) Object.defineProperty(shape, key, { value: unknownValue, enumerable: true, writable: true, configurable: true });
    }
    return shape;
  };

  const openObject = declared.type === "object" && declared.properties === undefined && declared.required === undefined;
  const root =
    !openObject && (declared.type === "object" || (declared.type === undefined && declared.properties !== undefined))
      ? // Compiled only if it is used enough to repay compiling: a log's tool parses its few recorded calls.
        objectSchema(shapeOf(declared, []))
      : undefined;
  const fallback = root ? undefined : convert(declared, []);
  const schema: Schema<unknown> = {
    // The model is shown exactly what the real harness declared, not this project's rendering of it.
    jsonSchema: declared,
    parse: (value) => (root ? root.parse(value) : (fallback ?? unknownValue)(value)),
    coerce: (value): Coercion => (root ? root.coerce(value) : { value, conversions: [] }),
  };
  return { schema, unsupported };
}

const integerValue: Validator<number> = Object.assign(
  (value: unknown): number => {
    if (typeof value !== "number" || !Number.isInteger(value)) throw new SchemaError({ kind: "integer" }, value);
    return value;
  },
  { jsonSchema: { type: "integer" }, coerce: (value: unknown) => numberValue.coerce?.(value) ?? value },
);

const nullValue: Validator<null> = Object.assign(
  (value: unknown): null => {
    if (value !== null) throw new SchemaError({ kind: "null" }, value);
    return null;
  },
  { jsonSchema: { type: "null" } },
);
