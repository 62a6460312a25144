// Anthropic's ids for what serve answers: the message `msg_…` and each tool_use block `toolu_…`,
// both "01" then 22 more letters or digits as the API returns them — `msg_01XFDUDYJgAACzvnptvVoYEL`
// in https://docs.anthropic.com/en/api/messages (response example), `toolu_01D7FLrfh4GYq7yT1ULFeyMV`
// in @anthropic-ai/sdk src/resources/messages/messages.ts. They keep the rule table's
// ^[a-zA-Z0-9_-]+$ (ANTHROPIC_ID_PATTERN). The stream carries the message id in `message_start`
// (render-stream.ts takes it). Every answer names its request in a `request-id` header, and an
// error body repeats it as `request_id` ("Every API response includes a unique request-id header",
// e.g. `req_018EeWyXxfu5pfWkrYcMdjWG`: https://docs.anthropic.com/en/api/errors, "Request id").
import { callTail, replyTail, requestTail, type ServedIdStyle, servedId } from "../shared/served-ids.ts";

export const anthropicIds: ServedIdStyle = {
  response: (at) => servedId("msg_01", 22, replyTail(at)),
  call: (at, call) => servedId("toolu_01", 22, callTail(at, call)),
  request: { header: "request-id", id: (number) => servedId("req_01", 22, requestTail(number)) },
};
