// Anthropic's Messages API as one Provider: the parts live in this folder, one concern a file.
import type { MessageCreateParamsNonStreaming } from "@anthropic-ai/sdk/resources/messages";
import type { Provider } from "../shared/provider.ts";
import { frameType } from "../shared/stream-builder.ts";
import { anthropicEndpoints } from "./endpoints.ts";
import { anthropicError } from "./error-response.ts";
import { parseAnthropicRequest } from "./parse-request.ts";
import { parseAnthropicStream } from "./parse-stream.ts";
import { recogniseAnthropicBody } from "./recognise-body.ts";
import { renderAnthropicStream } from "./render-stream.ts";
import { anthropicLimits, renderAnthropic } from "./request.ts";
import { renderAnthropicResponse } from "./response.ts";
import { anthropicRuleTable } from "./rules.ts";
import { anthropicIds } from "./served-ids.ts";

export const anthropic: Provider<"anthropic", MessageCreateParamsNonStreaming> = {
  id: "anthropic",
  name: "Anthropic",
  endpoints: anthropicEndpoints,
  limits: anthropicLimits,
  request: { historyKey: "messages", recognise: recogniseAnthropicBody, render: renderAnthropic, parse: parseAnthropicRequest },
  rules: anthropicRuleTable,
  response: { ids: anthropicIds, render: renderAnthropicResponse, error: anthropicError },
  stream: {
    views: (events) => [{ frames: renderAnthropicStream(events) }],
    serve: (events, at) => renderAnthropicStream(events, anthropicIds.response(at)),
    parse: parseAnthropicStream,
    recognises: (frame) => {
      const type = frameType(frame);
      return type === "message_start" || type === "message_delta" || type?.startsWith("content_block_") === true;
    },
  },
};
