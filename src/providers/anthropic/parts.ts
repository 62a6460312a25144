// Anthropic's rules, its request reader, its answers and its streams: loaded on first use.

import type { ProviderParts } from "../shared/provider.ts";
import { frameType } from "../shared/stream-builder.ts";
import { anthropicError } from "./error-response.ts";
import { anthropicFaults } from "./fault-response.ts";
import { anthropicModelList } from "./model-list.ts";
import { parseAnthropicRequest } from "./parse-request.ts";
import { parseAnthropicStream } from "./parse-stream.ts";
import { renderAnthropicStream } from "./render-stream.ts";
import { renderAnthropicResponse } from "./response.ts";
import { anthropicRuleTable } from "./rules.ts";
import { anthropicIds } from "./served-ids.ts";

export const anthropicParts: ProviderParts = {
  rules: anthropicRuleTable,
  readRequest: parseAnthropicRequest,
  response: {
    ids: anthropicIds,
    render: renderAnthropicResponse,
    error: anthropicError,
    faults: anthropicFaults,
    models: anthropicModelList,
    servesThinking: () => true,
  },
  stream: {
    views: (events) => [{ frames: renderAnthropicStream(events) }],
    serve: (events, at, meta, thinking) => renderAnthropicStream(events, anthropicIds.response(at), meta, thinking),
    parse: parseAnthropicStream,
    recognises: (frame) => {
      const type = frameType(frame);
      return type === "message_start" || type === "message_delta" || type?.startsWith("content_block_") === true;
    },
    // Clients must handle unknown event types gracefully
    // (https://docs.anthropic.com/en/docs/build-with-claude/streaming, "Other events").
    unknownEvent: (type) => ({ event: type, data: { type } }),
  },
};
