// OpenAI's Responses API as one Provider. What rendering a request needs is here; the rest is in
// parts.ts, loaded when a command first asks for it.
import type { ResponseCreateParamsNonStreaming } from "openai/resources/responses/responses";
import { loadOnce, type Provider } from "../shared/provider.ts";
import { openaiResponsesEndpoints } from "./endpoints.ts";
import { openaiResponsesLimits } from "./limits.ts";
import { openOpenAIResponses, renderOpenAIResponses } from "./request.ts";

export const openaiResponses: Provider<"openai-responses", ResponseCreateParamsNonStreaming> = {
  id: "openai-responses",
  name: "OpenAI Responses",
  endpoints: openaiResponsesEndpoints,
  limits: openaiResponsesLimits,
  // `input` holds the history; a body that also says `messages` is some other API's.
  request: {
    historyKey: "input",
    recognise: (body) => ("input" in body && !("messages" in body) ? 1 : 0),
    render: renderOpenAIResponses,
    open: openOpenAIResponses,
  },
  load: loadOnce(async () => (await import("./parts.ts")).openaiResponsesParts),
};
