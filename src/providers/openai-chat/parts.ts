// Chat Completions' rules, its request reader, its answers and its streams: loaded on first use.

import { isRecord } from "../../json/is-record.ts";
import { openAIError } from "../shared/openai-error.ts";
import { openAIFaults } from "../shared/openai-fault.ts";
import { openAIModelList } from "../shared/openai-models.ts";
import type { ProviderParts } from "../shared/provider.ts";
import { parseOpenAIChatRequest } from "./parse-request.ts";
import { parseOpenAIChatStream } from "./parse-stream.ts";
import { renderOpenAIChatStream } from "./render-stream.ts";
import { renderOpenAIChatResponse } from "./response.ts";
import { openaiChatRuleTable } from "./rules.ts";
import { openAIChatIds } from "./served-ids.ts";

export const openaiChatParts: ProviderParts = {
  rules: openaiChatRuleTable,
  readRequest: parseOpenAIChatRequest,
  response: {
    ids: openAIChatIds,
    render: renderOpenAIChatResponse,
    error: (kind, message) => openAIError(kind, message),
    faults: openAIFaults,
    models: openAIModelList,
  },
  stream: {
    views: (events) => [{ frames: renderOpenAIChatStream(events) }],
    serve: (events, at, meta) => renderOpenAIChatStream(events, openAIChatIds.response(at), meta),
    parse: parseOpenAIChatStream,
    recognises: ({ data }) => isRecord(data) && data.object === "chat.completion.chunk",
    // The API names no rule for an event it does not have.
    unknownEvent: () => undefined,
  },
};
