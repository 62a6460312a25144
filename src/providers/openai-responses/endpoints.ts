// The Responses API: one path, streamed when the body says `"stream": true`
// (https://platform.openai.com/docs/api-reference/responses/create). The list of models is GET
// /v1/models (https://platform.openai.com/docs/api-reference/models/list), for both of OpenAI's APIs.
import type { Endpoints } from "../shared/provider.ts";

const responses = { path: "/v1/responses" };

export const openaiResponsesEndpoints: Endpoints = {
  origin: "https://api.openai.com",
  request: responses,
  stream: responses,
  streamBy: "body",
  models: { path: "/v1/models" },
};
