// Chat Completions: one path, streamed when the body says `"stream": true`
// (https://platform.openai.com/docs/api-reference/chat/create).
import type { Endpoints } from "../shared/provider.ts";

const completions = { path: "/v1/chat/completions" };

export const openaiChatEndpoints: Endpoints = { origin: "https://api.openai.com", request: completions, stream: completions, streamBy: "body" };
