// The Responses API's rules, its request reader, its answers and its streams: loaded on first use.
// Responses shares OpenAI's error body (openai-node raises both through the same APIError), and
// keeps what it served for later requests to point back at (stored-items.ts).

import { openAIError } from "../shared/openai-error.ts";
import { openAIFaults } from "../shared/openai-fault.ts";
import { openAIModelList } from "../shared/openai-models.ts";
import type { ProviderParts } from "../shared/provider.ts";
import { frameType } from "../shared/stream-builder.ts";
import { parseOpenAIResponsesRequest } from "./parse-request.ts";
import { parseOpenAIResponsesStream } from "./parse-stream.ts";
import { renderOpenAIResponsesStream } from "./render-stream.ts";
import { renderOpenAIResponsesResponse } from "./response.ts";
import { openaiResponsesRuleTable } from "./rules.ts";
import { openAIResponsesIds, openAIResponsesStreamIds } from "./served-ids.ts";
import { storedItems } from "./stored-items.ts";

export const openaiResponsesParts: ProviderParts = {
  rules: openaiResponsesRuleTable,
  readRequest: parseOpenAIResponsesRequest,
  response: {
    ids: openAIResponsesIds,
    render: renderOpenAIResponsesResponse,
    error: (kind, message) => openAIError(kind, message),
    faults: openAIFaults,
    models: openAIModelList,
  },
  stream: {
    views: (events) => [{ frames: renderOpenAIResponsesStream(events) }],
    serve: (events, at, meta) => renderOpenAIResponsesStream(events, openAIResponsesStreamIds(at), meta),
    parse: parseOpenAIResponsesStream,
    recognises: (frame) => frameType(frame)?.startsWith("response.") === true,
    // The streaming events are typed by `type`, which a client skips when it does not know it.
    unknownEvent: (type) => ({ event: `response.${type}`, data: { type: `response.${type}`, sequence_number: 0 } }),
  },
  conversationState: storedItems,
};
