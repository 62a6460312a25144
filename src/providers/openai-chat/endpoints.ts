// Chat Completions: one path, streamed when the body says `"stream": true`
// (https://platform.openai.com/docs/api-reference/chat/create). The list of models is GET /v1/models
// (https://platform.openai.com/docs/api-reference/models/list), for both of OpenAI's APIs.
import type { Endpoints } from "../shared/provider.ts";

const completions = { path: "/v1/chat/completions" };

export const openaiChatEndpoints: Endpoints = {
  origin: "https://api.openai.com",
  request: completions,
  stream: completions,
  streamBy: "body",
  models: { path: "/v1/models" },
};
