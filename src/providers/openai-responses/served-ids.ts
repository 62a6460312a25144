// The Responses API's ids for what serve answers: the response `resp_…` (32 more characters, as
// in `resp_677efb5139a88190b512bc3fef8e535d`, openai-node src/resources/responses/responses.ts),
// its output items `msg_…` (a message) and `fc_…` (a function call), and each call's `call_id`
// `call_…` as in Chat (https://platform.openai.com/docs/guides/function-calling: an item
// `"id": "fc_12345xyz"` with `"call_id": "call_12345xyz"`). Item ids carry the item's place in
// `output` (`o{n}`, 1-based); a call_id stays within the 64 characters the API accepts back
// (the rule table's RESPONSES_CALL_ID_MAX). Each answer carries its request id in `x-request-id`
// (openai-conventions.ts).

import { openAICallId, openAIRequestId } from "../shared/openai-conventions.ts";
import { type ReplyAt, replyTail, type ServedIdStyle, servedId } from "../shared/served-ids.ts";
import type { ResponsesStreamIds } from "./render-stream.ts";

export const openAIResponsesIds: ServedIdStyle = {
  response: (at) => servedId("resp_", 32, replyTail(at)),
  call: openAICallId,
  request: openAIRequestId,
};

/** An output item's id: `msg_…` or `fc_…` by its kind, with its place in `output` (0-based here). */
export function outputItemId(at: ReplyAt, kind: "message" | "function_call", outputIndex: number): string {
  return servedId(kind === "message" ? "msg_" : "fc_", 32, `${replyTail(at)}o${outputIndex + 1}`);
}

/** The ids a served stream carries, for the renderer to write. */
export function openAIResponsesStreamIds(at: ReplyAt): ResponsesStreamIds {
  return { response: openAIResponsesIds.response(at), item: (kind, outputIndex) => outputItemId(at, kind, outputIndex) };
}
