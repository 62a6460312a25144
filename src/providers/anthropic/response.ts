// A scripted reply as the body Anthropic's Messages API returns without streaming: the SDK's
// `Message` (id `msg_…` from served-ids.ts, `content` blocks `text` / `tool_use`, `stop_reason`,
// the model the request named, usage counts). Shape: https://docs.anthropic.com/en/api/messages
// (Response) and @anthropic-ai/sdk resources/messages `Message`. A text block carries no
// `citations` key: the API leaves it out when there are none (the response example there), and a
// client that validates the body (@ai-sdk/anthropic's zod schema: `citations` an optional array)
// refuses `null`. A scripted thinking block is served as a `thinking` block with its `signature`
// (a redacted one as `redacted_thinking` with its `data`), where the script puts it, as extended
// thinking answers (https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking, "How
// extended thinking works": the response holds `thinking` blocks, then `text`; SDK `ThinkingBlock`,
// `RedactedThinkingBlock`).
import type { Message, RedactedThinkingBlock, TextBlock, ThinkingBlock, ToolUseBlock } from "@anthropic-ai/sdk/resources/messages";
import { isRecord } from "../../json/is-record.ts";
import type { AssistantMessage, ThinkingContent } from "../../protocol/types.ts";
import type { ReplyAt } from "../shared/served-ids.ts";
import type { ServedMeta } from "../shared/served-reply.ts";
import { servedUsage } from "./render-stream.ts";
import { anthropicIds } from "./served-ids.ts";
import { anthropicStopReasons } from "./stream-events.ts";

/** The SDK's Message, whose text blocks leave `citations` out as the API does. */
export type AnthropicResponseBody = Omit<Message, "content"> & {
  content: (Omit<TextBlock, "citations"> | ToolUseBlock | ThinkingBlock | RedactedThinkingBlock)[];
};

/** `message` with its served call ids already (served-ids.ts); `at` names the message's own. */
export function renderAnthropicResponse(message: AssistantMessage, at: ReplyAt, meta: ServedMeta): AnthropicResponseBody {
  const content: AnthropicResponseBody["content"] = [];
  for (const block of message.content) {
    if (block.type === "text") content.push({ type: "text", text: block.text });
    // `input` must be an object on the wire (the rule table's anthropic/input-object).
    else if (block.type === "toolCall")
      content.push({ type: "tool_use", id: block.id, name: block.name, input: isRecord(block.arguments) ? block.arguments : {}, caller: { type: "direct" } });
    else content.push(thinkingBlock(block));
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

/** A scripted thinking block as Anthropic returns it: a redacted one carries its payload as `data`;
 *  a block scripted without a signature is served with an empty one (the field is never absent). */
export function thinkingBlock(block: ThinkingContent): ThinkingBlock | RedactedThinkingBlock {
  if (block.redacted === true) return { type: "redacted_thinking", data: block.thinkingSignature ?? "" };
  return { type: "thinking", thinking: block.thinking, signature: block.thinkingSignature ?? "" };
}
