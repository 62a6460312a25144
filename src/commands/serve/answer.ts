// What serve sends back for one request, and what every answer to that request carries whatever
// it says: the provider that words it, the provider's request id (in a header, and in Anthropic's
// error body), and the record the narration tells.
import type { ProviderParts } from "../../providers/shared/provider.ts";
import type { Timing } from "./paced-answer.ts";
import type { ExchangeRecord } from "./serve-events.ts";

export interface Answer {
  /** 0 with `drop`: no HTTP answer at all. */
  status: number;
  contentType: string;
  /** The whole body: every event of a stream is known before its first is written, so a stream
   *  is one write too (write-answer.ts). */
  body: string;
  /** Sent as a stream: chunked, with no length, as each provider streams (its events in order). */
  streamed?: boolean;
  /** Extra response headers in the provider's own names (its request id, for one). */
  headers?: Readonly<Record<string, string>>;
  /** Drop the connection after the body instead of ending the response (an aborted reply). */
  drop?: boolean;
  /** The reply's `delay` and `stall` (paced-answer.ts): written over time instead of at once. */
  timing?: Timing;
  record: ExchangeRecord;
}

export const JSON_TYPE = "application/json";

/** What an exchange's record says of the request before its outcome. */
export type RecordHead = Pick<ExchangeRecord, "number" | "method" | "path" | "provider" | "stream">;

/** What the narration shows of the request's history, once it was read. */
export type Conversation = ExchangeRecord["conversation"];

/** What every answer to one request shares. */
export interface Answering {
  responder: ProviderParts["response"];
  /** The provider's id for this request (served-ids.ts), made from the request's number. */
  requestId: string | undefined;
  headers: Readonly<Record<string, string>> | undefined;
  /** What is known of the request so far: `stream` is the route's until the body says. */
  head: RecordHead;
}

export function answering(head: RecordHead, responder: ProviderParts["response"]): Answering {
  const request = responder.ids.request;
  const requestId = request?.id(head.number);
  const headers = request && requestId !== undefined ? { [request.header]: requestId } : undefined;
  return { responder, requestId, headers, head };
}

/** The record of one exchange, in the order --json writes it. */
export function exchangeRecord(head: RecordHead, conversation: Conversation, outcome: ExchangeRecord["outcome"]): ExchangeRecord {
  return { ...head, ...(conversation === undefined ? {} : { conversation }), outcome };
}
