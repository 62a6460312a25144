// Whether a logged body is a Chat Completions request: `messages`, like Anthropic, so the shapes
// only Chat uses decide — system / tool / developer roles, tool_calls, function tools.
import type { JsonObject } from "../../json/is-record.ts";
import { arrayAt, objectsIn } from "../shared/json-shape.ts";

export function recogniseOpenAIChatBody(body: JsonObject): number {
  if (!Array.isArray(body.messages)) return 0;
  let marks = 1;
  for (const [, message] of objectsIn(arrayAt(body, "messages"))) {
    if (message.role === "system" || message.role === "tool" || message.role === "developer") marks++;
    if ("tool_calls" in message || "tool_call_id" in message) marks++;
  }
  for (const [, tool] of objectsIn(arrayAt(body, "tools"))) if (tool.type === "function" && "function" in tool) marks++;
  return marks;
}
