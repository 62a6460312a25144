// The wire view: what each provider's API would receive for the next model call, rendered from the
// playground's neutral history. One pure renderer per provider; this file picks one by name.
import type { Context } from "./protocol/types.ts";
import { renderAnthropic } from "./providers/anthropic/request.ts";
import { renderGemini } from "./providers/gemini/request.ts";
import { renderOpenAIChat } from "./providers/openai-chat/request.ts";
import { renderOpenAIResponses } from "./providers/openai-responses/request.ts";
import type { WireProvider, WireRequest } from "./providers/shared/wire-request.ts";

export { wireProviders, WIRE_MODEL, type WireBodies, type WireNote, type WireProvider, type WireRequest } from "./providers/shared/wire-request.ts";
export type { GeminiGenerateContentBody } from "./providers/gemini/request.ts";
export { BLANK_USER_TEXT, SYNTHETIC_RESULT_TEXT, type WireRules } from "./providers/shared/wire-history.ts";
export { planCallOccurrences, planToolCallIds, type OccurrencePlan, type ToolCallIdRule } from "./providers/shared/tool-call-ids.ts";
export { renderAnthropic, renderGemini, renderOpenAIChat, renderOpenAIResponses };

const renderers: { [P in WireProvider]: (context: Context) => WireRequest<P> } = {
  "openai-chat": renderOpenAIChat,
  "openai-responses": renderOpenAIResponses,
  anthropic: renderAnthropic,
  gemini: renderGemini,
};

/** The exact request body `provider` would receive for the next call on `context`, plus notes on what had to change. */
export function renderWireRequest<P extends WireProvider>(provider: P, context: Context): WireRequest<P> {
  return renderers[provider](context);
}
