// A scripted reply as the body Anthropic's Messages API returns without streaming: the SDK's
// `Message` (id `msg_…` from served-ids.ts, `content` blocks `text` / `tool_use`, `stop_reason`,
// the model the request named, usage counts). Shape: https://docs.anthropic.com/en/api/messages
// (Response) and @anthropic-ai/sdk resources/messages `Message`. A text block carries no
// `citations` key: the API leaves it out when there are none (the response example there), and a
// client that validates the body (@ai-sdk/anthropic's zod schema: `citations` an optional array)
// refuses `null`.
import type { Message, TextBlock, ToolUseBlock } from "@anthropic-ai/sdk/resources/messages";
import { isRecord } from "../../json/is-record.ts";
import type { AssistantMessage } from "../../protocol/types.ts";
import type { ReplyAt } from "../shared/served-ids.ts";
import type { ServedMeta } from "../shared/served-reply.ts";
import { servedUsage } from "./render-stream.ts";
import { anthropicIds } from "./served-ids.ts";
import { anthropicStopReasons } from "./stream-events.ts";

/** The SDK's Message, whose text blocks leave `citations` out as the API does. */
export type AnthropicResponseBody = Omit<Message, "content"> & { content: (Omit<TextBlock, "citations"> | ToolUseBlock)[] };

/** `message` with its served call ids already (served-ids.ts); `at` names the message's own. */
export function renderAnthropicResponse(message: AssistantMessage, at: ReplyAt, meta: ServedMeta): AnthropicResponseBody {
  const content: AnthropicResponseBody["content"] = [];
  for (const block of message.content) {
    if (block.type === "text") content.push({ type: "text", text: block.text });
    // `input` must be an object on the wire (the rule table's anthropic/input-object).
    else if (block.type === "toolCall")
      content.push({ type: "tool_use", id: block.id, name: block.name, input: isRecord(block.arguments) ? block.arguments : {}, caller: { type: "direct" } });
  }
  const reason = message.stopReason === "toolUse" || message.stopReason === "length" ? message.stopReason : "stop";
  return {
    id: anthropicIds.response(at),
    type: "message",
    role: "assistant",
    model: meta.model,
    content,
    container: null,
    diagnostics: null,
    stop_details: null,
    stop_reason: anthropicStopReasons[reason],
    stop_sequence: null,
    usage: servedUsage(meta.usage.input, meta.usage.output),
  };
}
