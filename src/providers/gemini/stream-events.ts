// Gemini's stream, as it arrives from `models/{model}:streamGenerateContent?alt=sse`: unnamed
// server-sent events, each a whole GenerateContentResponse chunk (candidates[0].content.parts).
// Source: https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent — text
// comes as `text` parts a few tokens at a time; a function call classically arrives whole, as one
// `functionCall` part with its `args` object; `finishReason` ("STOP", "MAX_TOKENS", …) comes with
// the last chunk, and there is no separate "tool use" reason. Newer models on Vertex AI can stream
// a call's arguments instead (`toolConfig.functionCallingConfig.streamFunctionCallArguments`):
// `functionCall.partialArgs` entries, each a `jsonPath` with a `stringValue` / `numberValue` /
// `boolValue` / `nullValue` and `willContinue` while the same path has more to come, and
// `functionCall.willContinue` while the call does (@google/genai dist/genai.d.ts: FunctionCall,
// PartialArg, FunctionCallingConfig; the SDK marks them "not supported in Gemini API").
// An error mid-stream is Google's error object: https://cloud.google.com/apis/design/errors.
import type { Content, FinishReason } from "@google/genai";

/** The chunk's fields this view uses. @google/genai's GenerateContentResponse is a class with
 *  getters; the wire carries its data fields, typed here from the SDK's own Content. */
export interface GeminiStreamChunk {
  candidates: { content: Content; finishReason?: `${FinishReason}`; index: number }[];
  /** The counts (https://ai.google.dev/api/generate-content#UsageMetadata); serve sends them with
   *  the last chunk, where the AI SDK and LangChain read them. */
  usageMetadata?: GeminiUsageMetadata;
  modelVersion: string;
  /** Sent by the API on every chunk; the wire view leaves it out, serve gives its own. */
  responseId?: string;
}

export interface GeminiUsageMetadata {
  promptTokenCount: number;
  candidatesTokenCount: number;
  totalTokenCount: number;
}

export interface GeminiStreamError {
  error: { code: number; message: string; status: string };
}

export interface GeminiStreamFrame {
  data: GeminiStreamChunk | GeminiStreamError;
}
