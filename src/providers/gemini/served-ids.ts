// Gemini's ids for what serve answers: the response's `responseId` and each `functionCall.id`.
// Google documents both as opaque strings without a format — `responseId`: "Output only.
// response_id is used to identify each response" (https://ai.google.dev/api/generate-content#generatecontentresponse;
// @google/genai GenerateContentResponse.responseId), `id`: "The unique id of the function call. If
// populated, the client to execute the function_call and return the response with the matching id"
// (https://ai.google.dev/api/caching#FunctionCall; @google/genai FunctionCall.id) — so these are
// plain letters and digits, no prefix, within the rule table's portable 64-character id set.
// A streamed response repeats its responseId on every chunk (render-stream.ts takes it).
import { callTail, replyTail, type ServedIdStyle, servedId } from "../shared/served-ids.ts";
import type { GeminiStreamChunk } from "./stream-events.ts";

/** A chunk (or a whole response) as served: with its responseId, after modelVersion as the API sends it. */
export interface GeminiServedChunk extends GeminiStreamChunk {
  responseId: string;
}

export const geminiIds: ServedIdStyle = {
  response: (at) => servedId("", 22, replyTail(at)),
  call: (at, call) => servedId("", 16, callTail(at, call)),
};
