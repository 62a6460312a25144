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
import { argumentsJson, dataUrl, type WireEntry, type WireHead, type WireUserPart, wireSystemPrompt, wireTools } from "../shared/wire-history.ts";
import type { WireNote } from "../shared/wire-note.ts";
import { entryByEntry, growingRenderer, type RequestShape, renderWhole, type WireRenderer } from "../shared/wire-renderer.ts";
import { openaiChatEndpoints } from "./endpoints.ts";
import { openaiChatLimits } from "./limits.ts";

type Body = ChatCompletionCreateParamsNonStreaming;

const shape: RequestShape<"openai-chat", Body, ChatCompletionMessageParam> = {
  provider: "openai-chat",
  endpoint: endpointLine(openaiChatEndpoints, "request"),
  limits: openaiChatLimits,
  stage(head, items) {
    const systemPrompt = wireSystemPrompt(head);
    if (systemPrompt !== undefined) items.push({ role: "system", content: systemPrompt });
    return entryByEntry((entry, messages, notes) => appendChatMessages(messages, entry, notes));
  },
  body(head, toolNames, messages) {
    const tools = wireTools(head, toolNames)?.map(
      (tool): ChatCompletionFunctionTool => ({ type: "function", function: { name: tool.name, description: tool.description, parameters: tool.parameters } }),
    );
    return { model: WIRE_MODEL, messages, ...(tools ? { tools } : {}) };
  },
};

/** The request as its history grows (wire-renderer.ts); `renderOpenAIChat` is it fed a whole history. */
export function openOpenAIChat(head: WireHead): WireRenderer<"openai-chat", Body, ChatCompletionMessageParam> {
  return growingRenderer(shape, head);
}

export function renderOpenAIChat(context: Context): RenderedRequest<"openai-chat", Body> {
  return renderWhole(openOpenAIChat, context);
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
  // Read by index, not by destructuring the rest: that made an array per message.
  const only = parts[0];
  if (only?.type === "text" && parts.length === 1) return only.text;
  return parts.map(
    (part): ChatCompletionContentPart => (part.type === "text" ? { type: "text", text: part.text } : { type: "image_url", image_url: { url: dataUrl(part) } }),
  );
}

/** One text stays a plain string, the common form; several keep their boundaries as text parts. */
function stringOrParts(texts: string[]): string | { type: "text"; text: string }[] {
  const only = texts[0];
  return only !== undefined && texts.length === 1 ? only : texts.map((text) => ({ type: "text", text }));
}
