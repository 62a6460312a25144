// The Gemini API's two methods on a model (https://ai.google.dev/api/generate-content):
// generateContent answers once; streamGenerateContent streams, as server-sent events with
// `alt=sse` and as one JSON array of chunks without it. The path, not the body, asks for a stream.
// The list of models is GET /v1beta/models (https://ai.google.dev/api/models#method:-models.list).
import type { Endpoints } from "../shared/provider.ts";

export const geminiEndpoints: Endpoints = {
  origin: "https://generativelanguage.googleapis.com",
  request: { path: "/v1beta/models/{model}:generateContent" },
  stream: { path: "/v1beta/models/{model}:streamGenerateContent", query: "alt=sse" },
  streamBy: "path",
  models: { path: "/v1beta/models" },
};
