// The Gemini API as one Provider. What rendering a request needs is here; the rest is in
// parts.ts, loaded when a command first asks for it.
import { loadOnce, type Provider } from "../shared/provider.ts";
import { isRepeatedValue } from "./body-fields.ts";
import { geminiEndpoints } from "./endpoints.ts";
import { geminiLimits } from "./limits.ts";
import { type GeminiGenerateContentBody, openGemini, renderGemini } from "./request.ts";

export const gemini: Provider<"gemini", GeminiGenerateContentBody> = {
  id: "gemini",
  name: "Gemini",
  endpoints: geminiEndpoints,
  limits: geminiLimits,
  request: { historyKey: "contents", recognise: (body) => (isRepeatedValue(body.contents) ? 1 : 0), render: renderGemini, open: openGemini },
  load: loadOnce(async () => (await import("./parts.ts")).geminiParts),
};
