// OpenAI Chat Completions' stream, as it arrives: unnamed server-sent events whose data is a
// ChatCompletionChunk (SDK type), an error object, or the literal `[DONE]` at the very end.
// Source: https://platform.openai.com/docs/api-reference/chat-streaming — text arrives in
// `choices[0].delta.content`; each call in `choices[0].delta.tool_calls[]`, keyed by `index`, its
// first fragment carrying `id`, `type` and `function.name`, later ones only `function.arguments`
// pieces; `finish_reason` ("stop", "tool_calls", "length", "content_filter") comes last. A payload
// with an `error` key is an error mid-stream: the SDK throws it as an APIError (openai-node
// src/core/streaming.ts, `if (data && data.error)`).
import type { ChatCompletionChunk } from "openai/resources/chat/completions";

export interface OpenAIChatStreamError {
  error: { message: string; type: string; code: string | null; param: null };
}

export type OpenAIChatStreamData = ChatCompletionChunk | OpenAIChatStreamError | "[DONE]";

export interface OpenAIChatStreamFrame {
  data: OpenAIChatStreamData;
}

export const chatFinishReasons = { stop: "stop", toolUse: "tool_calls", length: "length" } as const satisfies Record<
  string,
  ChatCompletionChunk.Choice["finish_reason"]
>;
