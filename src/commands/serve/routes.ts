// The endpoints serve answers, as the real APIs lay them out: which provider a request is for,
// whether it asks for a stream by its path (Gemini) or its body (the others), and the list an
// unknown route's 404 names. Paths: OpenAI https://platform.openai.com/docs/api-reference
// (/v1/chat/completions, /v1/responses), Anthropic https://docs.anthropic.com/en/api/messages
// (/v1/messages), Gemini https://ai.google.dev/api/generate-content
// (/v1beta/models/{model}:generateContent, :streamGenerateContent?alt=sse).
import type { WireProvider } from "../../providers/shared/wire-request.ts";

export interface Route {
  provider: WireProvider;
  /** "path": the URL says it (Gemini); "body": `"stream": true` in the body says it. */
  streamBy: "path" | "body";
  /** Gemini's streamed route: true; everything else decides from the body. */
  streamed: boolean;
  /** Gemini without `alt=sse` answers a JSON array of chunks instead of events. */
  sse: boolean;
}

export const routeList: readonly string[] = [
  "POST /v1/chat/completions",
  "POST /v1/responses",
  "POST /v1/messages",
  "POST /v1beta/models/{model}:generateContent",
  "POST /v1beta/models/{model}:streamGenerateContent?alt=sse",
];

const GEMINI = /^\/v1beta\/models\/[^/:]+:(generateContent|streamGenerateContent)$/;

/** The route for a request, or undefined (404). Only POST is answered, as by the real APIs. */
export function matchRoute(method: string, url: string): Route | undefined {
  if (method !== "POST") return undefined;
  const parsed = new URL(url, "http://localhost");
  const path = parsed.pathname;
  if (path === "/v1/chat/completions") return { provider: "openai-chat", streamBy: "body", streamed: false, sse: true };
  if (path === "/v1/responses") return { provider: "openai-responses", streamBy: "body", streamed: false, sse: true };
  if (path === "/v1/messages") return { provider: "anthropic", streamBy: "body", streamed: false, sse: true };
  const gemini = GEMINI.exec(path);
  if (gemini) {
    const streamed = gemini[1] === "streamGenerateContent";
    return { provider: "gemini", streamBy: "path", streamed, sse: streamed && parsed.searchParams.get("alt") === "sse" };
  }
  return undefined;
}

/** Which provider's error shape a 404 is best written in: the one whose path prefix the URL shares. */
export function providerForUnknownPath(url: string): WireProvider {
  const path = new URL(url, "http://localhost").pathname;
  if (path.startsWith("/v1beta")) return "gemini";
  if (path.startsWith("/v1/messages")) return "anthropic";
  return "openai-chat";
}
