// A scripted reply as the body the Responses API returns without streaming: the SDK's `Response`
// (id `resp_…` and item ids from served-ids.ts, `output` items — a `message` with one `output_text` part per text block, a
// `function_call` per call with `call_id` and `arguments` as a JSON string — `status`, the model
// the request named, usage counts).
// Shape: https://platform.openai.com/docs/api-reference/responses/object; openai-node
// resources/responses. A length cut is `incomplete` with `max_output_tokens`, as in the stream.
import type { ResponseOutputItem, ResponseUsage } from "openai/resources/responses/responses";
import type { AssistantMessage } from "../../protocol/types.ts";
import type { ReplyAt } from "../shared/served-ids.ts";
import type { ServedMeta } from "../shared/served-reply.ts";
import { openAIResponsesIds, outputItemId } from "./served-ids.ts";
import { outputText, type ResponseObject, responseObject } from "./stream-events.ts";

/** `message` with its served call ids already (served-ids.ts); `at` names the response and its items. */
export function renderOpenAIResponsesResponse(message: AssistantMessage, at: ReplyAt, meta: ServedMeta): ResponseObject {
  const output: ResponseOutputItem[] = [];
  for (const block of message.content) {
    if (block.type === "text") {
      output.push({
        type: "message",
        id: outputItemId(at, "message", output.length),
        role: "assistant",
        status: "completed",
        content: [outputText(block.text)],
      });
    } else if (block.type === "toolCall") {
      output.push({
        type: "function_call",
        id: outputItemId(at, "function_call", output.length),
        call_id: block.id,
        name: block.name,
        arguments: JSON.stringify(block.arguments) ?? "{}",
        status: "completed",
      });
    }
  }
  const usage = responsesUsage(meta);
  const id = openAIResponsesIds.response(at);
  return message.stopReason === "length"
    ? responseObject("incomplete", output, { incomplete_details: { reason: "max_output_tokens" }, usage }, id, meta.model)
    : responseObject("completed", output, { usage }, id, meta.model);
}

/** The counts as Responses writes them (openapi.json components.schemas.ResponseUsage: both
 *  details objects required). */
export function responsesUsage(meta: ServedMeta): ResponseUsage {
  return {
    input_tokens: meta.usage.input,
    input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
    output_tokens: meta.usage.output,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: meta.usage.input + meta.usage.output,
  };
}
