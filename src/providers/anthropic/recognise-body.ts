// Whether a logged body is an Anthropic Messages request: `messages`, like OpenAI Chat, so the
// shapes only Anthropic uses decide — max_tokens beside a top-level system, tool_use /
// tool_result / image blocks, tools with an input_schema.
import type { JsonObject } from "../../json/is-record.ts";
import { arrayAt, objectsIn } from "../shared/json-shape.ts";

export function recogniseAnthropicBody(body: JsonObject): number {
  if (!Array.isArray(body.messages)) return 0;
  let marks = 1 + ("max_tokens" in body ? 1 : 0);
  if ("system" in body) marks++;
  for (const [, message] of objectsIn(arrayAt(body, "messages"))) {
    for (const [, block] of objectsIn(arrayAt(message, "content")))
      if (block.type === "tool_use" || block.type === "tool_result" || block.type === "image") marks++;
  }
  for (const [, tool] of objectsIn(arrayAt(body, "tools"))) if ("input_schema" in tool) marks++;
  return marks;
}
