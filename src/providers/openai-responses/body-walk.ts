// What every Responses rule walks: the items of `input` and the function calls among them, each
// with its place, read once per body (perBody) and shared by both tables — the pairing rules
// (rules.ts) and the shape rules (shape-rules.ts) — so one lint walks the input once.
import type { JsonObject } from "../../json/is-record.ts";
import { arrayAt, objectsIn, perBody } from "../shared/json-shape.ts";
import { parsedArguments } from "../shared/openai-conventions.ts";

/** Every object among `input`, with its index. */
export const itemsOf = perBody((body: JsonObject): readonly [number, JsonObject][] => objectsIn(arrayAt(body, "input")));

/** The function_call items, each with its arguments parsed once for the rules that read them. */
export const callsOf = perBody((body: JsonObject): [number, JsonObject, unknown][] =>
  itemsOf(body).flatMap(([index, item]): [number, JsonObject, unknown][] =>
    item.type === "function_call" ? [[index, item, parsedArguments(item.arguments)]] : [],
  ),
);
