// Validators for composite JSON values: arrays, free-form objects and unions tagged by a key.
// The fixture format is written with these, so its JSON Schema comes from the same code.
import { SchemaError, atPath } from "./schema-error.ts";
import type { Validator } from "./validator.ts";
import { isPlainObject } from "./object-schema.ts";

export function arrayOf<T>(item: Validator<T>, { minItems = 0 } = {}): Validator<T[]> {
  return Object.assign(
    (value: unknown) => {
      if (!Array.isArray(value)) throw new SchemaError({ kind: "array" }, value);
      if (value.length < minItems) throw new SchemaError({ kind: "minItems", count: minItems }, value);
      return value.map((element: unknown, index) => {
        try {
          return item(element);
        } catch (error) {
          throw atPath(error, index, element);
        }
      });
    },
    { jsonSchema: { type: "array", items: item.jsonSchema ?? {}, ...(minItems > 0 ? { minItems } : {}) } },
  );
}

/** Any JSON object, kept as it is: the keys are someone else's to check. */
export const recordValue: Validator<Record<string, unknown>> = Object.assign(
  (value: unknown) => {
    if (!isPlainObject(value)) throw new SchemaError({ kind: "object" }, value);
    return value;
  },
  { jsonSchema: { type: "object" } },
);

/** `{ "type": "text", … } | { "type": "toolCall", … }`: the tag picks the validator. */
export function taggedUnion<T extends object>(tagKey: string, variants: Record<string, Validator<T>>): Validator<T> {
  const tags = Object.keys(variants);
  return Object.assign(
    (value: unknown) => {
      if (!isPlainObject(value)) throw new SchemaError({ kind: "object" }, value);
      const tag = Object.hasOwn(value, tagKey) ? value[tagKey] : undefined;
      const variant = typeof tag === "string" && Object.hasOwn(variants, tag) ? variants[tag] : undefined;
      if (!variant) throw new SchemaError({ kind: "oneOf", values: tags }, tag, [tagKey]);
      return variant(value);
    },
    { jsonSchema: { oneOf: Object.values(variants).map((variant) => variant.jsonSchema ?? {}) } },
  );
}
