// Which provider a logged request body is for, read from its shape alone: each API names its
// history differently (`contents`, `input`, `messages`), and OpenAI Chat and Anthropic, which both
// say `messages`, differ in the marks their messages and tools carry.
import type { WireProvider } from "./shared/wire-request.ts";
import { arrayAt, objectsIn } from "./shared/json-shape.ts";
import { isRecord, type JsonObject } from "../json/is-record.ts";

export type Detection = { provider: WireProvider } | { provider: undefined; why: string };

export function detectProvider(body: unknown): Detection {
  if (!isRecord(body)) {
    const kind = Array.isArray(body) ? "an array" : body === null ? "null" : `a ${typeof body}`;
    return { provider: undefined, why: `the top level is ${kind}; a request body is a JSON object` };
  }
  if (Array.isArray(body.contents)) return { provider: "gemini" };
  if ("input" in body && !("messages" in body)) return { provider: "openai-responses" };
  if (Array.isArray(body.messages)) return { provider: anthropicMarks(body) > chatMarks(body) ? "anthropic" : "openai-chat" };
  return {
    provider: undefined,
    why: "no `messages` (OpenAI Chat, Anthropic), `input` (OpenAI Responses) or `contents` (Gemini) at the top level",
  };
}

/** Shapes only Anthropic uses: max_tokens beside a top-level system, tool_use/tool_result blocks, input_schema. */
function anthropicMarks(body: JsonObject): number {
  let marks = "max_tokens" in body ? 1 : 0;
  if ("system" in body) marks++;
  for (const [, message] of objectsIn(arrayAt(body, "messages"))) {
    for (const [, block] of objectsIn(arrayAt(message, "content"))) if (block.type === "tool_use" || block.type === "tool_result" || block.type === "image") marks++;
  }
  for (const [, tool] of objectsIn(arrayAt(body, "tools"))) if ("input_schema" in tool) marks++;
  return marks;
}

/** Shapes only OpenAI Chat uses: system/tool/developer roles, tool_calls, function tools. */
function chatMarks(body: JsonObject): number {
  let marks = 0;
  for (const [, message] of objectsIn(arrayAt(body, "messages"))) {
    if (message.role === "system" || message.role === "tool" || message.role === "developer") marks++;
    if ("tool_calls" in message || "tool_call_id" in message) marks++;
  }
  for (const [, tool] of objectsIn(arrayAt(body, "tools"))) if (tool.type === "function" && "function" in tool) marks++;
  return marks;
}
