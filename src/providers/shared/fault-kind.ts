// The failures a scripted reply can be instead of itself (a fixture's `fail.kind`): the transient
// and the fatal answers every provider documents, each of which a harness must handle — among the
// fatal ones a key the API refuses (401) and a key it will not serve (403), which no SDK retries.
// Each provider words every kind in its own status, error body and headers (its fault-response.ts).
export const faultKinds = [
  "rateLimit",
  "overloaded",
  "serverError",
  "unavailable",
  "gatewayTimeout",
  "contextTooLong",
  "unauthorized",
  "permissionDenied",
] as const;
export type FaultKind = (typeof faultKinds)[number];

/** What a provider needs to word one failure: the request it answers and what the script asked. */
export interface FaultContext {
  /** The request's id in the provider's style, when it sends one (served-ids.ts). */
  requestId: string | undefined;
  /** Seconds the harness is asked to wait, when the script says. */
  retryAfter: number | undefined;
  /** The script's own message; the provider's usual words otherwise. */
  message: string | undefined;
}

/** One failure as the provider sends it. */
export interface FaultAnswer {
  status: number;
  body: object;
  headers: Record<string, string>;
}

/** A provider's answer for each kind, with the page of its documentation that states it (the
 *  generated fault table in docs/faults.md lists both). */
export interface FaultStyle {
  answer(kind: FaultKind, context: FaultContext): FaultAnswer;
  /** The documentation each kind's status and body come from. */
  source(kind: FaultKind): string;
}

/** `retry-after` in whole seconds as HTTP has it (RFC 9110 §10.2.3), and the SDKs' own
 *  `retry-after-ms` beside it, which the OpenAI and Anthropic SDKs read first: a fraction of a
 *  second survives that way. */
export function retryAfterHeaders(seconds: number | undefined): Record<string, string> {
  if (seconds === undefined) return {};
  return { "retry-after": String(Math.ceil(seconds)), "retry-after-ms": String(Math.round(seconds * 1000)) };
}
