// OpenAI Chat Completions as one Provider. What rendering a request needs is here; the rest is in
// parts.ts, loaded when a command first asks for it.
import type { ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import { loadOnce, type Provider } from "../shared/provider.ts";
import { openaiChatEndpoints } from "./endpoints.ts";
import { openaiChatLimits } from "./limits.ts";
import { recogniseOpenAIChatBody } from "./recognise-body.ts";
import { openOpenAIChat, renderOpenAIChat } from "./request.ts";

export const openaiChat: Provider<"openai-chat", ChatCompletionCreateParamsNonStreaming> = {
  id: "openai-chat",
  name: "OpenAI Chat",
  endpoints: openaiChatEndpoints,
  limits: openaiChatLimits,
  request: { historyKey: "messages", recognise: recogniseOpenAIChatBody, render: renderOpenAIChat, open: openOpenAIChat },
  load: loadOnce(async () => (await import("./parts.ts")).openaiChatParts),
};
