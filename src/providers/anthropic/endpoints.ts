// The Messages API: one path, streamed when the body says `"stream": true`
// (https://docs.anthropic.com/en/api/messages). Its list of models is GET /v1/models
// (https://docs.anthropic.com/en/api/models-list), OpenAI's path too: the SDK's request carries
// the `anthropic-version` header every request to the API must (https://docs.anthropic.com/en/api/versioning).
import type { Endpoints } from "../shared/provider.ts";

const messages = { path: "/v1/messages" };

export const anthropicEndpoints: Endpoints = {
  origin: "https://api.anthropic.com",
  request: messages,
  stream: messages,
  streamBy: "body",
  models: { path: "/v1/models", header: "anthropic-version" },
};
