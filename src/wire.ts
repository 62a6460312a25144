// The library's wire-view export ("tool-call-playground/wire"): what each provider's API would
// receive for the next model call, rendered from the playground's neutral history. Each renderer
// is its provider's, taken from the registry; the names are the ones this export has always had.
import type { Context } from "./protocol/types.ts";
import { type ProviderId, providers, type WireBodies, type WireRequest } from "./providers/registry.ts";

export { type ProviderId as WireProvider, providerIds as wireProviders, type WireBodies, type WireRequest } from "./providers/registry.ts";
export { WIRE_MODEL } from "./providers/shared/provider.ts";
export { type OccurrencePlan, planCallOccurrences, planToolCallIds, type ToolCallIdRule } from "./providers/shared/tool-call-ids.ts";
export { BLANK_USER_TEXT, SYNTHETIC_RESULT_TEXT, type WireLimits as WireRules } from "./providers/shared/wire-history.ts";
export type { WireNote } from "./providers/shared/wire-note.ts";

export type GeminiGenerateContentBody = WireBodies["gemini"];

export const renderOpenAIChat = providers["openai-chat"].request.render;
export const renderOpenAIResponses = providers["openai-responses"].request.render;
export const renderAnthropic = providers.anthropic.request.render;
export const renderGemini = providers.gemini.request.render;

/** The exact request body `provider` would receive for the next call on `context`, plus notes on what had to change. */
export function renderWireRequest<P extends ProviderId>(provider: P, context: Context): WireRequest<P> {
  return providers[provider].request.render(context);
}
