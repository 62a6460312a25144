// Whether a logged body is an Anthropic Messages request: `messages`, like OpenAI Chat, so the
// shapes only Anthropic uses decide — max_tokens beside a top-level system, tool_use /
// tool_result / image blocks, tools with an input_schema.
// Plain loops over the arrays, not index-and-object pairs: detection reads every block of a
// 10 MB body, and a pair per block was most of what it allocated.
import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { arrayAt } from "../shared/json-shape.ts";

export function recogniseAnthropicBody(body: JsonObject): number {
  if (!Array.isArray(body.messages)) return 0;
  let marks = 1 + ("max_tokens" in body ? 1 : 0);
  if ("system" in body) marks++;
  for (const message of arrayAt(body, "messages")) {
    if (!isRecord(message)) continue;
    for (const block of arrayAt(message, "content"))
      if (isRecord(block) && (block.type === "tool_use" || block.type === "tool_result" || block.type === "image")) marks++;
  }
  for (const tool of arrayAt(body, "tools")) if (isRecord(tool) && "input_schema" in tool) marks++;
  return marks;
}
