// The Responses API's ids for what serve answers: the response `resp_…` (32 more characters, as
// in `resp_677efb5139a88190b512bc3fef8e535d`, openai-node src/resources/responses/responses.ts),
// its output items `msg_…` (a message) and `fc_…` (a function call), and each call's `call_id`
// `call_…` as in Chat (https://platform.openai.com/docs/guides/function-calling: an item
// `"id": "fc_12345xyz"` with `"call_id": "call_12345xyz"`). Item ids carry the item's place in
// `output` (`o{n}`, 1-based); a call_id stays within the 64 characters the API accepts back
// (the rule table's RESPONSES_CALL_ID_MAX).
import type { ResponseOutputItem, ResponseStreamEvent } from "openai/resources/responses/responses";
import { replyTail, servedId, type ReplyAt, type ServedIdStyle } from "../../serve/served-ids.ts";
import { openAICallId } from "../openai-chat/served-ids.ts";
import type { OpenAIResponsesStreamFrame } from "./stream-events.ts";

export const openAIResponsesIds: ServedIdStyle = {
  response: (at) => servedId("resp_", 32, replyTail(at)),
  call: openAICallId,
};

/** An output item's id: `msg_…` or `fc_…` by its kind, with its place in `output` (0-based here). */
export function outputItemId(at: ReplyAt, kind: "message" | "function_call", outputIndex: number): string {
  return servedId(kind === "message" ? "msg_" : "fc_", 32, `${replyTail(at)}o${outputIndex + 1}`);
}

/** The rendered events with this reply's ids: the renderer writes fixed ones (`resp_fake`,
 *  `msg_0`, `fc_1`), each item's numbered by its output index, which the stamp keeps. */
export function stampOpenAIResponsesStream(frames: OpenAIResponsesStreamFrame[], at: ReplyAt): OpenAIResponsesStreamFrame[] {
  const stampItem = (item: ResponseOutputItem, outputIndex: number) => {
    if (item.type === "message" || item.type === "function_call") item.id = outputItemId(at, item.type, outputIndex);
  };
  for (const { data } of frames) stampEvent(data, at, stampItem);
  return frames;
}

function stampEvent(data: ResponseStreamEvent, at: ReplyAt, stampItem: (item: ResponseOutputItem, outputIndex: number) => void): void {
  if ("response" in data) {
    data.response.id = openAIResponsesIds.response(at);
    data.response.output.forEach(stampItem);
  }
  if ("item" in data && "output_index" in data) stampItem(data.item, data.output_index);
  if ("item_id" in data && "output_index" in data) {
    const kind = data.item_id.startsWith("fc_") ? "function_call" : "message";
    data.item_id = outputItemId(at, kind, data.output_index);
  }
}
