// What serve answers, per provider: a reply as the provider's non-streamed body or as its
// server-sent events, with the provider's ids (each folder's served-ids.ts), and an error in the
// provider's own body shape. The table that lets the
// neutral server (src/serve) stay provider-free; each entry lives in its provider's folder.
import type { SseFrame } from "./shared/sse.ts";
import type { ErrorKind } from "./shared/error-kind.ts";
import type { ReplyAt, ServedIdStyle } from "./shared/served-ids.ts";
import { errorStatus } from "./shared/error-kind.ts";
import type { AssistantStreamEvent } from "../protocol/stream-events.ts";
import type { AssistantMessage } from "../protocol/types.ts";
import type { WireProvider } from "./shared/wire-request.ts";
import { anthropicError } from "./anthropic/error-response.ts";
import { renderAnthropicStream } from "./anthropic/render-stream.ts";
import { renderAnthropicResponse } from "./anthropic/response.ts";
import { anthropicIds } from "./anthropic/served-ids.ts";
import { geminiError } from "./gemini/error-response.ts";
import { renderGeminiStream } from "./gemini/render-stream.ts";
import { renderGeminiResponse } from "./gemini/response.ts";
import { geminiIds } from "./gemini/served-ids.ts";
import { openAIError } from "./openai-chat/error-response.ts";
import { renderOpenAIChatStream } from "./openai-chat/render-stream.ts";
import { renderOpenAIChatResponse } from "./openai-chat/response.ts";
import { openAIChatIds } from "./openai-chat/served-ids.ts";
import { renderOpenAIResponsesStream } from "./openai-responses/render-stream.ts";
import { renderOpenAIResponsesResponse } from "./openai-responses/response.ts";
import { openAIResponsesIds, openAIResponsesStreamIds } from "./openai-responses/served-ids.ts";

export interface WireResponder {
  /** The provider's ids for a served reply and its calls. */
  ids: ServedIdStyle;
  /** `message` carries its served call ids already; `at` names the reply's own ids. */
  response(message: AssistantMessage, at: ReplyAt): object;
  stream(events: readonly AssistantStreamEvent[], at: ReplyAt): SseFrame[];
  error(kind: ErrorKind, message: string): object;
}

export const wireResponders: { readonly [P in WireProvider]: WireResponder } = {
  "openai-chat": { ids: openAIChatIds, response: renderOpenAIChatResponse, stream: (events, at) => renderOpenAIChatStream(events, openAIChatIds.response(at)), error: (kind, message) => openAIError(kind, message) },
  // Responses shares OpenAI's error body (openai-node raises both through the same APIError).
  "openai-responses": {
    ids: openAIResponsesIds,
    response: renderOpenAIResponsesResponse,
    stream: (events, at) => renderOpenAIResponsesStream(events, openAIResponsesStreamIds(at)),
    error: (kind, message) => openAIError(kind, message),
  },
  anthropic: { ids: anthropicIds, response: renderAnthropicResponse, stream: (events, at) => renderAnthropicStream(events, anthropicIds.response(at)), error: anthropicError },
  // A call arrives whole, as the Gemini API streams it: serve answers the Gemini API's routes
  // (/v1beta/models/…), and streamed arguments are Vertex AI's only — @google/genai 2.32
  // dist/genai.d.ts marks FunctionCall.partialArgs / willContinue and
  // FunctionCallingConfig.streamFunctionCallArguments "not supported in Gemini API". So a stream
  // plan's fragments of a call are not sent as partialArgs here (replay-stream shows both forms).
  gemini: {
    ids: geminiIds,
    response: renderGeminiResponse,
    stream: (events, at) => renderGeminiStream(events, "classic", geminiIds.response(at)),
    error: (kind, message) => geminiError(kind, errorStatus[kind], message),
  },
};
