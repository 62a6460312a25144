// Anthropic's Messages API as one Provider. What rendering a request needs is here; the rest is
// in parts.ts, loaded when a command first asks for it.
import type { MessageCreateParamsNonStreaming } from "@anthropic-ai/sdk/resources/messages";
import { loadOnce, type Provider } from "../shared/provider.ts";
import { anthropicEndpoints } from "./endpoints.ts";
import { anthropicLimits } from "./limits.ts";
import { recogniseAnthropicBody } from "./recognise-body.ts";
import { openAnthropic, renderAnthropic } from "./request.ts";

export const anthropic: Provider<"anthropic", MessageCreateParamsNonStreaming> = {
  id: "anthropic",
  name: "Anthropic",
  endpoints: anthropicEndpoints,
  limits: anthropicLimits,
  request: { historyKey: "messages", recognise: recogniseAnthropicBody, render: renderAnthropic, open: openAnthropic },
  load: loadOnce(async () => (await import("./parts.ts")).anthropicParts),
};
