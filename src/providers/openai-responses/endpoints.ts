// The Responses API: one path, streamed when the body says `"stream": true`
// (https://platform.openai.com/docs/api-reference/responses/create).
import type { Endpoints } from "../shared/provider.ts";

const responses = { path: "/v1/responses" };

export const openaiResponsesEndpoints: Endpoints = { origin: "https://api.openai.com", request: responses, stream: responses, streamBy: "body" };
