// A scripted reply as the body Chat Completions returns without streaming: the SDK's
// `ChatCompletion` (id `chatcmpl-…` from served-ids.ts, one choice whose message holds `content` and `tool_calls` with
// `arguments` as a JSON string, `finish_reason`, the model the request named, usage counts). Shape:
// https://platform.openai.com/docs/api-reference/chat/object and openai-node resources/chat/completions.
import type { ChatCompletion, ChatCompletionMessageToolCall } from "openai/resources/chat/completions";
import type { AssistantMessage } from "../../protocol/types.ts";
import type { ReplyAt } from "../shared/served-ids.ts";
import type { ServedMeta } from "../shared/served-reply.ts";
import { chatUsage } from "./render-stream.ts";
import { openAIChatIds } from "./served-ids.ts";
import { chatFinishReasons } from "./stream-events.ts";

/** `message` with its served call ids already (served-ids.ts); `at` names the completion's own. */
export function renderOpenAIChatResponse(message: AssistantMessage, at: ReplyAt, meta: ServedMeta): ChatCompletion {
  const texts: string[] = [];
  const toolCalls: ChatCompletionMessageToolCall[] = [];
  for (const block of message.content) {
    if (block.type === "text") texts.push(block.text);
    else if (block.type === "toolCall")
      toolCalls.push({ id: block.id, type: "function", function: { name: block.name, arguments: JSON.stringify(block.arguments) ?? "{}" } });
  }
  const reason = message.stopReason === "toolUse" || message.stopReason === "length" ? message.stopReason : "stop";
  return {
    id: openAIChatIds.response(at),
    object: "chat.completion",
    created: 0,
    model: meta.model,
    choices: [
      {
        index: 0,
        // Chat has no text block boundaries: several text blocks arrive as one string, none as null.
        message: {
          role: "assistant",
          content: texts.length > 0 ? texts.join("") : null,
          refusal: null,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: chatFinishReasons[reason],
        logprobs: null,
      },
    ],
    usage: chatUsage(meta),
  };
}
