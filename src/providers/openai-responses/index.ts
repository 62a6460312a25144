// OpenAI's Responses API as one Provider: the parts live in this folder, one concern a file.
import type { ResponseCreateParamsNonStreaming } from "openai/resources/responses/responses";
// Responses shares OpenAI's error body (openai-node raises both through the same APIError).
import { openAIError } from "../shared/openai-error.ts";
import type { Provider } from "../shared/provider.ts";
import { frameType } from "../shared/stream-builder.ts";
import { openaiResponsesEndpoints } from "./endpoints.ts";
import { parseOpenAIResponsesRequest } from "./parse-request.ts";
import { parseOpenAIResponsesStream } from "./parse-stream.ts";
import { renderOpenAIResponsesStream } from "./render-stream.ts";
import { openaiResponsesLimits, renderOpenAIResponses } from "./request.ts";
import { renderOpenAIResponsesResponse } from "./response.ts";
import { openaiResponsesRuleTable } from "./rules.ts";
import { openAIResponsesIds, openAIResponsesStreamIds } from "./served-ids.ts";

export const openaiResponses: Provider<"openai-responses", ResponseCreateParamsNonStreaming> = {
  id: "openai-responses",
  name: "OpenAI Responses",
  endpoints: openaiResponsesEndpoints,
  limits: openaiResponsesLimits,
  // `input` holds the history; a body that also says `messages` is some other API's.
  request: { historyKey: "input", recognise: (body) => ("input" in body && !("messages" in body) ? 1 : 0), render: renderOpenAIResponses, parse: parseOpenAIResponsesRequest },
  rules: openaiResponsesRuleTable,
  response: { ids: openAIResponsesIds, render: renderOpenAIResponsesResponse, error: (kind, message) => openAIError(kind, message) },
  stream: {
    views: (events) => [{ frames: renderOpenAIResponsesStream(events) }],
    serve: (events, at) => renderOpenAIResponsesStream(events, openAIResponsesStreamIds(at)),
    parse: parseOpenAIResponsesStream,
    recognises: (frame) => frameType(frame)?.startsWith("response.") === true,
  },
};
