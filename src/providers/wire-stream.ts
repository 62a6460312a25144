// The streamed wire view and its reverse, for every provider: a reply's neutral events as the
// server-sent events that provider would send (--wire <p> --stream), and a provider's captured
// events back to neutral ones (replay-stream), plus telling providers apart by their events.
import type { SseFrame, WireStreamBlock } from "./shared/sse.ts";
import type { AssistantStreamEvent } from "../protocol/stream-events.ts";
import type { WireProvider } from "./shared/wire-request.ts";
import { parseAnthropicStream } from "./anthropic/parse-stream.ts";
import { renderAnthropicStream } from "./anthropic/render-stream.ts";
import { ANTHROPIC_STREAM_ENDPOINT } from "./anthropic/stream-events.ts";
import { parseGeminiStream } from "./gemini/parse-stream.ts";
import { renderGeminiStream } from "./gemini/render-stream.ts";
import { GEMINI_STREAM_ENDPOINT } from "./gemini/stream-events.ts";
import { parseOpenAIChatStream } from "./openai-chat/parse-stream.ts";
import { renderOpenAIChatStream } from "./openai-chat/render-stream.ts";
import { OPENAI_CHAT_STREAM_ENDPOINT } from "./openai-chat/stream-events.ts";
import { parseOpenAIResponsesStream } from "./openai-responses/parse-stream.ts";
import { renderOpenAIResponsesStream } from "./openai-responses/render-stream.ts";
import { OPENAI_RESPONSES_STREAM_ENDPOINT } from "./openai-responses/stream-events.ts";
import { stringField, type ParsedStream } from "./shared/stream-builder.ts";
import { isRecord } from "../json/is-record.ts";

export function renderWireStream(provider: WireProvider, events: readonly AssistantStreamEvent[]): WireStreamBlock {
  switch (provider) {
    case "anthropic":
      return { provider, endpoint: ANTHROPIC_STREAM_ENDPOINT, variants: [{ frames: renderAnthropicStream(events) }] };
    case "openai-chat":
      return { provider, endpoint: OPENAI_CHAT_STREAM_ENDPOINT, variants: [{ frames: renderOpenAIChatStream(events) }] };
    case "openai-responses":
      return { provider, endpoint: OPENAI_RESPONSES_STREAM_ENDPOINT, variants: [{ frames: renderOpenAIResponsesStream(events) }] };
    case "gemini":
      return {
        provider,
        endpoint: GEMINI_STREAM_ENDPOINT,
        variants: [
          { label: "classic: each functionCall arrives whole", frames: renderGeminiStream(events, "classic") },
          { label: "streamFunctionCallArguments (Vertex AI): functionCall.partialArgs", frames: renderGeminiStream(events, "partialArgs") },
        ],
      };
  }
}

const parsers: Record<WireProvider, (frames: readonly SseFrame[]) => ParsedStream> = {
  anthropic: parseAnthropicStream,
  "openai-chat": parseOpenAIChatStream,
  "openai-responses": parseOpenAIResponsesStream,
  gemini: parseGeminiStream,
};

export function parseWireStream(provider: WireProvider, frames: readonly SseFrame[]): ParsedStream {
  return parsers[provider](frames);
}

/** Which provider sent these events, from the first one that says: undefined when none does. */
export function detectProvider(frames: readonly SseFrame[]): WireProvider | undefined {
  for (const { event, data } of frames) {
    const type = (isRecord(data) && stringField(data, "type")) || event;
    if (type?.startsWith("response.")) return "openai-responses";
    if (type === "message_start" || type?.startsWith("content_block_") || type === "message_delta") return "anthropic";
    if (isRecord(data) && stringField(data, "object") === "chat.completion.chunk") return "openai-chat";
    if (isRecord(data) && Array.isArray(data.candidates)) return "gemini";
  }
  return undefined;
}
