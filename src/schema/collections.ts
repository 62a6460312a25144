// Validators for composite JSON values: arrays, free-form objects and unions tagged by a key.
// The fixture format is written with these, so its JSON Schema comes from the same code. Each
// checks through its members' safe forms, so a failure deep inside is still one returned
// SchemaError, its path grown on the way out; each coerces through its members as well.

import { isRecord } from "../json/is-record.ts";
import { type Expectation, expectation, FAILED, fail, failAt } from "./schema-error.ts";
import { fromSafeCheck, safeCheckOf, type Validator } from "./validator.ts";

const expectArray: Expectation = expectation({ kind: "array" });
const expectObject: Expectation = expectation({ kind: "object" });

export function arrayOf<T>(item: Validator<T>, { minItems = 0 } = {}): Validator<T[]> {
  const safeItem = safeCheckOf(item);
  const expectLength: Expectation = expectation({ kind: "minItems", count: minItems });
  const coerceItem = item.coerce;
  return fromSafeCheck(
    (value) => {
      if (!Array.isArray(value)) return fail(expectArray, value);
      if (value.length < minItems) return fail(expectLength, value);
      const output: T[] = new Array(value.length);
      for (let index = 0; index < value.length; index++) {
        const element = safeItem(value[index]);
        if (element === FAILED) return failAt(index);
        output[index] = element;
      }
      return output;
    },
    { type: "array", items: item.jsonSchema ?? {}, ...(minItems > 0 ? { minItems } : {}) },
    coerceItem
      ? {
          // A copy only when an element changed, as objectSchema's coercion does.
          coerce: (value) => {
            if (!Array.isArray(value)) return value;
            let copy: unknown[] | undefined;
            value.forEach((element: unknown, index) => {
              const converted = coerceItem(element);
              if (Object.is(element, converted)) return;
              copy ??= [...value];
              copy[index] = converted;
            });
            return copy ?? value;
          },
        }
      : {},
  );
}

/** Any JSON object, kept as it is: the keys are someone else's to check, so there is nothing
 *  declared inside to convert toward (ajv, and so Pi, converts nothing inside `{ type: "object" }` either). */
export const recordValue: Validator<Record<string, unknown>> = fromSafeCheck((value) => (isRecord(value) ? value : fail(expectObject, value)), {
  type: "object",
});

/** `{ "type": "text", … } | { "type": "toolCall", … }`: the tag picks the validator. */
export function taggedUnion<T extends object>(tagKey: string, variants: Record<string, Validator<T>>): Validator<T> {
  const tags = Object.keys(variants);
  const expectTag: Expectation = expectation({ kind: "oneOf", values: tags });
  const safeVariants = new Map(Object.entries(variants).map(([tag, variant]) => [tag, safeCheckOf(variant)]));
  /** The variant the value's tag names, if it names one (own keys only, on both sides). */
  const variantOf = <V>(value: Record<string, unknown>, table: ReadonlyMap<string, V>): V | undefined => {
    const tag = Object.hasOwn(value, tagKey) ? value[tagKey] : undefined;
    return typeof tag === "string" ? table.get(tag) : undefined;
  };
  const coercers = new Map(Object.entries(variants).map(([tag, variant]) => [tag, variant.coerce]));
  return fromSafeCheck(
    (value) => {
      if (!isRecord(value)) return fail(expectObject, value);
      const variant = variantOf(value, safeVariants);
      if (!variant) return fail(expectTag, Object.hasOwn(value, tagKey) ? value[tagKey] : undefined, [tagKey]);
      return variant(value);
    },
    { oneOf: Object.values(variants).map((variant) => variant.jsonSchema ?? {}) },
    {
      // The tag itself may need converting (1 for "1") before it can pick the variant that converts the rest.
      coerce: (value) => {
        if (!isRecord(value)) return value;
        const tag = Object.hasOwn(value, tagKey) ? value[tagKey] : undefined;
        const text = typeof tag === "number" || typeof tag === "boolean" ? String(tag) : tag;
        const coerce = typeof text === "string" ? coercers.get(text) : undefined;
        return coerce ? coerce(value) : value;
      },
    },
  );
}
