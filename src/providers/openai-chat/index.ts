// OpenAI Chat Completions as one Provider: the parts live in this folder, one concern a file.
import type { ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import { isRecord } from "../../json/is-record.ts";
import { openAIError } from "../shared/openai-error.ts";
import type { Provider } from "../shared/provider.ts";
import { openaiChatEndpoints } from "./endpoints.ts";
import { parseOpenAIChatRequest } from "./parse-request.ts";
import { parseOpenAIChatStream } from "./parse-stream.ts";
import { recogniseOpenAIChatBody } from "./recognise-body.ts";
import { renderOpenAIChatStream } from "./render-stream.ts";
import { openaiChatLimits, renderOpenAIChat } from "./request.ts";
import { renderOpenAIChatResponse } from "./response.ts";
import { openaiChatRuleTable } from "./rules.ts";
import { openAIChatIds } from "./served-ids.ts";

export const openaiChat: Provider<"openai-chat", ChatCompletionCreateParamsNonStreaming> = {
  id: "openai-chat",
  name: "OpenAI Chat",
  endpoints: openaiChatEndpoints,
  limits: openaiChatLimits,
  request: { historyKey: "messages", recognise: recogniseOpenAIChatBody, render: renderOpenAIChat, parse: parseOpenAIChatRequest },
  rules: openaiChatRuleTable,
  response: { ids: openAIChatIds, render: renderOpenAIChatResponse, error: (kind, message) => openAIError(kind, message) },
  stream: {
    views: (events) => [{ frames: renderOpenAIChatStream(events) }],
    serve: (events, at) => renderOpenAIChatStream(events, openAIChatIds.response(at)),
    parse: parseOpenAIChatStream,
    recognises: ({ data }) => isRecord(data) && data.object === "chat.completion.chunk",
  },
};
