// A scripted reply as the body Anthropic's Messages API returns without streaming: the SDK's
// `Message` (id `msg_…` from served-ids.ts, `content` blocks `text` / `tool_use`, `stop_reason`, usage zeros). Shape:
// https://docs.anthropic.com/en/api/messages (Response) and @anthropic-ai/sdk resources/messages `Message`.
import type { ContentBlock, Message } from "@anthropic-ai/sdk/resources/messages";
import { isRecord } from "../../json/is-record.ts";
import type { AssistantMessage } from "../../protocol/types.ts";
import { WIRE_MODEL } from "../shared/provider.ts";
import type { ReplyAt } from "../shared/served-ids.ts";
import { emptyUsage } from "./render-stream.ts";
import { anthropicIds } from "./served-ids.ts";
import { anthropicStopReasons } from "./stream-events.ts";

/** `message` with its served call ids already (served-ids.ts); `at` names the message's own. */
export function renderAnthropicResponse(message: AssistantMessage, at: ReplyAt): Message {
  const content: ContentBlock[] = [];
  for (const block of message.content) {
    if (block.type === "text") content.push({ type: "text", text: block.text, citations: null });
    // `input` must be an object on the wire (the rule table's anthropic/input-object).
    else if (block.type === "toolCall")
      content.push({ type: "tool_use", id: block.id, name: block.name, input: isRecord(block.arguments) ? block.arguments : {}, caller: { type: "direct" } });
  }
  const reason = message.stopReason === "toolUse" || message.stopReason === "length" ? message.stopReason : "stop";
  return {
    id: anthropicIds.response(at),
    type: "message",
    role: "assistant",
    model: WIRE_MODEL,
    content,
    container: null,
    diagnostics: null,
    stop_details: null,
    stop_reason: anthropicStopReasons[reason],
    stop_sequence: null,
    usage: emptyUsage,
  };
}
