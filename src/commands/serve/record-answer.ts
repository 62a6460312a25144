// What the upstream answered one request, read back once its answer has passed through: the
// model's reply (a body read by the provider's own reader, a stream assembled from its events by
// the loop's own assembler), the failure a scripted `fail` replays, or a stream cut before its end.
import { assembleEvents } from "../../agent/stream-assembler.ts";
import type { AssistantMessage } from "../../protocol/types.ts";
import { readAnswer } from "../../providers/read-response.ts";
import type { ProviderId } from "../../providers/registry.ts";
import type { ProviderParts } from "../../providers/shared/provider.ts";
import { readSse } from "../../providers/shared/sse.ts";
import { errorMessage, failureOf, type ScriptedFailure } from "./record-failure.ts";

export type UpstreamAnswer =
  | { kind: "answered"; message: AssistantMessage; events?: number }
  | { kind: "failed"; status: number; message: string; failure: ScriptedFailure | undefined }
  /** An answer the recorder cannot read as a reply: a 2xx (a Gemini stream sent as one JSON array,
   *  say) or a 3xx (a redirect, passed on as it came, never followed). */
  | { kind: "unreadable"; status: number }
  /** Longer than the recorder keeps: passed on whole, recorded only as a note. */
  | { kind: "tooLarge"; status: number; bytes: number; limit: number }
  | { kind: "cut"; events?: number };

/** The upstream's answer as it was passed back to the harness. */
export interface PassedAnswer {
  status: number;
  contentType: string;
  retryAfter: string | null;
  text: string;
  /** The answer came to its end (neither side went away first). */
  whole: boolean;
  /** The answer was longer than the bytes kept (`text` is then empty). */
  over?: { bytes: number; limit: number };
}

export function readUpstreamAnswer(provider: ProviderId, parts: ProviderParts, passed: PassedAnswer): UpstreamAnswer {
  if (passed.over) return { kind: "tooLarge", status: passed.status, ...passed.over };
  if (passed.status >= 300 && passed.status < 400) return { kind: "unreadable", status: passed.status };
  if (passed.status >= 400) {
    const body = parsedJson(passed.text);
    const message = errorMessage(body) ?? passed.text.slice(0, 500);
    return { kind: "failed", status: passed.status, message, failure: failureOf(passed.status, body, passed.retryAfter) };
  }
  if (passed.contentType.includes("text/event-stream")) {
    const { frames } = readSse(passed.text);
    const ending = assembleEvents(parts.stream.parse(frames).events);
    // The events the harness got reached the stream's last one: a whole reply, even when the
    // harness went away before the upstream closed the answer.
    if (ending.unterminated) return { kind: "cut", events: frames.length };
    return { kind: "answered", message: ending.message, events: frames.length };
  }
  if (!passed.whole) return { kind: "cut" };
  const message = readAnswer(provider, parts, parsedJson(passed.text));
  return message === undefined ? { kind: "unreadable", status: passed.status } : { kind: "answered", message };
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
