// Two JSON values compared with key order and `undefined` members aside: how the schema tests
// compare a parse output with ajv's.
import { isRecord } from "../../src/json/is-record.ts";

/** Key order and `undefined` members aside, the same JSON. */
export function normalized(value: unknown): string {
  const sort = (item: unknown): unknown =>
    Array.isArray(item)
      ? item.map(sort)
      : isRecord(item)
        ? Object.fromEntries(
            Object.keys(item)
              .sort()
              .map((key) => [key, sort(item[key])]),
          )
        : item;
  return JSON.stringify(sort(value)) ?? "undefined";
}
