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
  /** A 2xx the recorder cannot read as a reply (a Gemini stream sent as one JSON array, say). */
  | { kind: "unreadable" }
  | { kind: "cut"; events?: number };

export interface Arrived {
  status: number;
  contentType: string;
  retryAfter: string | null;
  text: string;
  /** The answer came to its end (neither side went away first). */
  whole: boolean;
}

export function readUpstreamAnswer(provider: ProviderId, parts: ProviderParts, arrived: Arrived): UpstreamAnswer {
  if (arrived.status >= 400) {
    const body = parsedJson(arrived.text);
    const message = errorMessage(body) ?? arrived.text.slice(0, 500);
    return { kind: "failed", status: arrived.status, message, failure: failureOf(arrived.status, body, arrived.retryAfter) };
  }
  if (arrived.contentType.includes("text/event-stream")) {
    const { frames } = readSse(arrived.text);
    const ending = assembleEvents(parts.stream.parse(frames).events);
    if (!arrived.whole || ending.unterminated) return { kind: "cut", events: frames.length };
    return { kind: "answered", message: ending.message, events: frames.length };
  }
  if (!arrived.whole) return { kind: "cut" };
  const message = readAnswer(provider, parts, parsedJson(arrived.text));
  return message === undefined ? { kind: "unreadable" } : { kind: "answered", message };
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
