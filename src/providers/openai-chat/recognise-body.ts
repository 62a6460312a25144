// Whether a logged body is a Chat Completions request: `messages`, like Anthropic, so the shapes
// only Chat uses decide — system / tool / developer roles, tool_calls, function tools.
// Plain loops over the arrays, not index-and-object pairs: detection reads every message of a
// 10 MB body, and a pair per message was most of what it allocated.
import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { arrayAt } from "../shared/json-shape.ts";

export function recogniseOpenAIChatBody(body: JsonObject): number {
  if (!Array.isArray(body.messages)) return 0;
  let marks = 1;
  for (const message of arrayAt(body, "messages")) {
    if (!isRecord(message)) continue;
    if (message.role === "system" || message.role === "tool" || message.role === "developer") marks++;
    if ("tool_calls" in message || "tool_call_id" in message) marks++;
  }
  for (const tool of arrayAt(body, "tools")) if (isRecord(tool) && tool.type === "function" && "function" in tool) marks++;
  return marks;
}
