// The Messages API: one path, streamed when the body says `"stream": true`
// (https://docs.anthropic.com/en/api/messages).
import type { Endpoints } from "../shared/provider.ts";

const messages = { path: "/v1/messages" };

export const anthropicEndpoints: Endpoints = { origin: "https://api.anthropic.com", request: messages, stream: messages, streamBy: "body" };
