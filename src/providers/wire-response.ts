// What serve answers, per provider: a reply as the provider's non-streamed body or as its
// server-sent events, and an error in the provider's own body shape. The table that lets the
// neutral server (src/serve) stay provider-free; each entry lives in its provider's folder.
import type { SseFrame } from "./sse.ts";
import type { ErrorKind } from "../serve/error-kind.ts";
import { errorStatus } from "../serve/error-kind.ts";
import type { AssistantStreamEvent } from "../stream/events.ts";
import type { AssistantMessage } from "../types.ts";
import type { WireProvider } from "../wire/wire-request.ts";
import { anthropicError } from "./anthropic/error-response.ts";
import { renderAnthropicStream } from "./anthropic/render-stream.ts";
import { renderAnthropicResponse } from "./anthropic/response.ts";
import { geminiError } from "./gemini/error-response.ts";
import { renderGeminiStream } from "./gemini/render-stream.ts";
import { renderGeminiResponse } from "./gemini/response.ts";
import { openAIError } from "./openai-chat/error-response.ts";
import { renderOpenAIChatStream } from "./openai-chat/render-stream.ts";
import { renderOpenAIChatResponse } from "./openai-chat/response.ts";
import { renderOpenAIResponsesStream } from "./openai-responses/render-stream.ts";
import { renderOpenAIResponsesResponse } from "./openai-responses/response.ts";

export interface WireResponder {
  response(message: AssistantMessage): object;
  stream(events: readonly AssistantStreamEvent[]): SseFrame[];
  error(kind: ErrorKind, message: string): object;
}

export const wireResponders: { readonly [P in WireProvider]: WireResponder } = {
  "openai-chat": { response: renderOpenAIChatResponse, stream: renderOpenAIChatStream, error: (kind, message) => openAIError(kind, message) },
  // Responses shares OpenAI's error body (openai-node raises both through the same APIError).
  "openai-responses": { response: renderOpenAIResponsesResponse, stream: renderOpenAIResponsesStream, error: (kind, message) => openAIError(kind, message) },
  anthropic: { response: renderAnthropicResponse, stream: renderAnthropicStream, error: anthropicError },
  // A call arrives whole, as the Gemini API (not Vertex's partialArgs) streams it.
  gemini: { response: renderGeminiResponse, stream: (events) => renderGeminiStream(events, "classic"), error: (kind, message) => geminiError(kind, errorStatus[kind], message) },
};
