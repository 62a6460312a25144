// OpenAI Chat Completions: the system prompt is the first message, a call's arguments travel as a
// JSON string, and each result is a `role: "tool"` message of its own. There is no error flag: a
// failed tool is told to the model only through the text. Reasoning is not sent back (the API has
// no input field for it) and a tool message carries text only, so a result's images are left out.
import type {
  ChatCompletionContentPart,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionFunctionTool,
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import type { Context } from "../../protocol/types.ts";
import { endpointLine, type RenderedRequest, WIRE_MODEL } from "../shared/provider.ts";
import { argumentsJson, dataUrl, prepareWireHistory, type WireEntry, type WireUserPart, wireSystemPrompt, wireTools } from "../shared/wire-history.ts";
import type { WireNote } from "../shared/wire-note.ts";
import { openaiChatEndpoints } from "./endpoints.ts";
import { openaiChatLimits } from "./limits.ts";

export function renderOpenAIChat(context: Context): RenderedRequest<"openai-chat", ChatCompletionCreateParamsNonStreaming> {
  const { entries, notes, toolNames } = prepareWireHistory(context, openaiChatLimits);
  const systemPrompt = wireSystemPrompt(context);
  const messages: ChatCompletionMessageParam[] = systemPrompt === undefined ? [] : [{ role: "system", content: systemPrompt }];
  for (const entry of entries) appendChatMessages(messages, entry, notes);

  const tools = wireTools(context, toolNames)?.map(
    (tool): ChatCompletionFunctionTool => ({ type: "function", function: { name: tool.name, description: tool.description, parameters: tool.parameters } }),
  );
  const body: ChatCompletionCreateParamsNonStreaming = { model: WIRE_MODEL, messages, ...(tools ? { tools } : {}) };
  return { provider: "openai-chat", endpoint: endpointLine(openaiChatEndpoints, "request"), body, notes };
}

/** An entry's messages: a user message, or an assistant message followed by one tool message per call. */
function appendChatMessages(messages: ChatCompletionMessageParam[], entry: WireEntry, notes: WireNote[]): void {
  if (entry.role === "user") {
    messages.push({ role: "user", content: userContent(entry.parts) });
    return;
  }
  const texts: string[] = [];
  for (const block of entry.blocks) {
    if (block.type === "text") texts.push(block.text);
    else if (block.type === "thinking") notes.push({ kind: "thinkingDropped", messageIndex: entry.messageIndex });
  }
  // A second pass, so an entry's notes keep their order: what was dropped, then what was replaced.
  const toolCalls: ChatCompletionMessageFunctionToolCall[] = [];
  for (const block of entry.blocks) {
    if (block.type === "toolCall") toolCalls.push({ id: block.id, type: "function", function: { name: block.name, arguments: argumentsJson(block, notes) } });
  }
  messages.push({
    role: "assistant",
    // null, not "", when the reply was only calls: that is what the API itself returns.
    content: texts.length === 0 ? null : stringOrParts(texts),
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
  });
  for (const result of entry.results) {
    for (const image of result.images) notes.push({ kind: "imageDropped", mimeType: image.mimeType, where: `result of ${result.toolCallId}` });
    messages.push({ role: "tool", tool_call_id: result.toolCallId, content: result.text });
  }
}

function userContent(parts: readonly WireUserPart[]): string | ChatCompletionContentPart[] {
  const [only, ...more] = parts;
  if (only?.type === "text" && more.length === 0) return only.text;
  return parts.map(
    (part): ChatCompletionContentPart => (part.type === "text" ? { type: "text", text: part.text } : { type: "image_url", image_url: { url: dataUrl(part) } }),
  );
}

/** One text stays a plain string, the common form; several keep their boundaries as text parts. */
function stringOrParts(texts: string[]): string | { type: "text"; text: string }[] {
  const [only, ...more] = texts;
  return only !== undefined && more.length === 0 ? only : texts.map((text) => ({ type: "text", text }));
}
