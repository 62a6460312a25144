// OpenAI Chat Completions: the system prompt is the first message, a call's arguments travel as a
// JSON string, and each result is a `role: "tool"` message of its own. There is no error flag: a
// failed tool is told to the model only through the text.
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import type { Context } from "../../types.ts";
import { safeIdRule } from "../../wire/tool-call-ids.ts";
import { argumentsJson, prepareWireHistory, wireSystemPrompt, wireTools, type WireEntry } from "../../wire/wire-history.ts";
import { WIRE_MODEL, type WireRequest } from "../../wire/wire-request.ts";

/**
 * OpenAI's own ids (`call_…`) fit easily, but the endpoint refuses a `tool_calls[].id` longer than
 * 40 characters, and OpenAI-compatible servers are stricter about characters than OpenAI itself;
 * ids from other providers (Responses' `call_…|fc_…`, long Anthropic ids) are rewritten.
 */
export const openaiChatIdRule = safeIdRule(40);

export function renderOpenAIChat(context: Context): WireRequest<"openai-chat"> {
  const { entries, notes } = prepareWireHistory(context.messages, openaiChatIdRule);
  const systemPrompt = wireSystemPrompt(context);
  const messages: ChatCompletionMessageParam[] = systemPrompt === undefined ? [] : [{ role: "system", content: systemPrompt }];
  for (const entry of entries) messages.push(...chatMessages(entry));

  const tools = wireTools(context)?.map(
    (tool): ChatCompletionFunctionTool => ({ type: "function", function: { name: tool.name, description: tool.description, parameters: tool.parameters } }),
  );
  const body: ChatCompletionCreateParamsNonStreaming = { model: WIRE_MODEL, messages, ...(tools ? { tools } : {}) };
  return { provider: "openai-chat", endpoint: "POST https://api.openai.com/v1/chat/completions", body, notes };
}

function chatMessages(entry: WireEntry): ChatCompletionMessageParam[] {
  if (entry.role === "user") return [{ role: "user", content: stringOrParts(entry.texts) }];
  const texts = entry.blocks.flatMap((block) => (block.type === "text" ? [block.text] : []));
  const toolCalls = entry.blocks.flatMap((block) =>
    block.type === "toolCall" ? [{ id: block.id, type: "function" as const, function: { name: block.name, arguments: argumentsJson(block.arguments) } }] : [],
  );
  const assistant: ChatCompletionAssistantMessageParam = {
    role: "assistant",
    // null, not "", when the reply was only calls: that is what the API itself returns.
    content: texts.length === 0 ? null : stringOrParts(texts),
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
  };
  const results = entry.results.map((result): ChatCompletionMessageParam => ({ role: "tool", tool_call_id: result.toolCallId, content: result.text }));
  return [assistant, ...results];
}

/** One text stays a plain string, the common form; several keep their boundaries as text parts. */
function stringOrParts(texts: string[]): string | { type: "text"; text: string }[] {
  const [only, ...more] = texts;
  return only !== undefined && more.length === 0 ? only : texts.map((text) => ({ type: "text", text }));
}
