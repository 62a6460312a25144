// What every Anthropic rule walks: the messages and their content blocks, each with its place,
// read once per body (perBody) and shared by both tables — the pairing rules (rules.ts) and the
// shape rules (shape-rules.ts) — so one lint walks a body's messages once, not once per rule.
import type { JsonObject } from "../../json/is-record.ts";
import { arrayAt, objectsIn, perBody } from "../shared/json-shape.ts";

export interface Block {
  messageIndex: number;
  blockIndex: number;
  block: JsonObject;
}

/** Every object among `messages`, with its index. */
export const messagesOf = perBody((body: JsonObject): readonly [number, JsonObject][] => objectsIn(arrayAt(body, "messages")));

/** Every object block of every message's content, in document order. */
export const blocksOf = perBody((body: JsonObject): Block[] => {
  const found: Block[] = [];
  for (const [messageIndex, message] of messagesOf(body))
    for (const [blockIndex, block] of objectsIn(arrayAt(message, "content"))) found.push({ messageIndex, blockIndex, block });
  return found;
});
