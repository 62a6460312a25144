// A scripted reply as the body `models/{model}:generateContent` returns: one candidate whose
// content holds `text` and `functionCall` parts (with the call's id, which Gemini echoes back in
// `functionResponse.id`), `responseId`, `finishReason` STOP or MAX_TOKENS (Gemini has no tool-use reason), usage
// zeros. A signed thinking block is a thought part, `{ text, thought: true, thoughtSignature }`
// (https://ai.google.dev/gemini-api/docs/thinking, "Thought summaries" and "Thought signatures");
// an unsigned or redacted one has no Gemini form and is left out, as the wire view leaves it out. Shape: https://ai.google.dev/api/generate-content#generatecontentresponse; @google/genai
// GenerateContentResponse (a class with getters: its data fields are typed via the chunk type).
import type { Part } from "@google/genai";
import type { AssistantMessage } from "../../protocol/types.ts";
import type { ReplyAt } from "../shared/served-ids.ts";
import type { ServedMeta } from "../shared/served-reply.ts";
import { geminiArgs, geminiUsage, servesThought, thoughtPart } from "./render-stream.ts";
import { type GeminiServedChunk, geminiIds } from "./served-ids.ts";
import type { GeminiUsageMetadata } from "./stream-events.ts";

export interface GeminiResponseBody extends GeminiServedChunk {
  usageMetadata: GeminiUsageMetadata;
}

/** `message` with its served call ids already (served-ids.ts); `at` names the responseId. */
export function renderGeminiResponse(message: AssistantMessage, at: ReplyAt, meta: ServedMeta): GeminiResponseBody {
  const parts: Part[] = [];
  for (const block of message.content) {
    if (block.type === "text") parts.push({ text: block.text });
    else if (block.type === "toolCall") parts.push({ functionCall: { id: block.id, name: block.name, args: geminiArgs(block.arguments) } });
    else if (servesThought(block)) parts.push(thoughtPart(block));
  }
  return {
    candidates: [{ content: { role: "model", parts }, finishReason: message.stopReason === "length" ? "MAX_TOKENS" : "STOP", index: 0 }],
    usageMetadata: geminiUsage(meta),
    modelVersion: meta.model,
    responseId: geminiIds.response(at),
  };
}
