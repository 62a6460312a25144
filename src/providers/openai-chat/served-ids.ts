// OpenAI Chat Completions' ids for what serve answers: the completion `chatcmpl-…` (29 letters or
// digits, as in `chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG`,
// https://platform.openai.com/docs/api-reference/chat/object) and each tool call `call_…`
// (https://platform.openai.com/docs/guides/function-calling, `"id": "call_12345xyz"`; the API's
// own are 24 characters after the prefix). A call id stays within the 40 characters the API
// accepts back (the rule table's OPENAI_CALL_ID_MAX). Every chunk of a stream repeats the
// completion id (render-stream.ts takes it). Each answer carries its request id in `x-request-id`
// (openai-conventions.ts).
import { openAICallId, openAIRequestId } from "../shared/openai-conventions.ts";
import { replyTail, type ServedIdStyle, servedId } from "../shared/served-ids.ts";

export const openAIChatIds: ServedIdStyle = {
  response: (at) => servedId("chatcmpl-", 29, replyTail(at)),
  call: openAICallId,
  request: openAIRequestId,
};
