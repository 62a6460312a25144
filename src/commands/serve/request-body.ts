// The first stage of an exchange: the body's text as a JSON object, whether it asks for a stream,
// and — for an API that keeps what it served (the Responses API's stored items) — what it points
// back at put in its place, as the API reads it, so the rules, the script and the narration see
// the history the real API would.
import { isRecord, type JsonObject } from "../../json/is-record.ts";
import type { ConversationState, ResolvedBody } from "../../providers/shared/provider.ts";
import { type Refused, refuse } from "./refusal.ts";
import type { Route } from "./routes.ts";

export function bodyObject(text: string): { body: JsonObject; text: string } | Refused {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // OpenAI words it "We could not parse the JSON body of your request."; the others say less.
    return refuse("invalid", "malformed", `could not parse the JSON body of the request (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isRecord(parsed))
    return refuse("invalid", "notABody", `the request body must be a JSON object, not ${Array.isArray(parsed) ? "an array" : typeof parsed}`);
  return { body: parsed, text };
}

/** Gemini asks for a stream by its path, the others by `"stream": true` in the body. */
export function wantsStream(route: Route, body: JsonObject): boolean {
  return route.streamBy === "path" ? route.streamed : body.stream === true;
}

/** The body as the API reads it: unchanged for an API that keeps nothing between requests. */
export function resolveBody(state: ConversationState | undefined, body: JsonObject): ResolvedBody | Refused {
  const resolved = state?.resolve(body) ?? { body };
  if (!("unknown" in resolved)) return resolved;
  const { kind, message, body: error, evicted } = resolved.unknown;
  return refuse(kind, evicted ? "evicted" : "unknownReference", message, { body: error });
}
