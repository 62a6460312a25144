// The last stage of an exchange: the played reply answered as the provider answers — placed in its
// conversation (conversation-book.ts), given the provider's ids, and rendered as its body or its
// stream. A scripted failure is answered as the provider fails.
import { streamSteps } from "../../agent/stream-plan.ts";
import type { StreamBreak } from "../../fixture/fault-format.ts";
import { isRecord, type JsonObject } from "../../json/is-record.ts";
import type { AssistantStreamEvent } from "../../protocol/stream-events.ts";
import type { AssistantMessage } from "../../protocol/types.ts";
import { type ProviderParts, type ResolvedBody, WIRE_MODEL } from "../../providers/shared/provider.ts";
import { estimateTokens, type ServedMeta } from "../../providers/shared/served-reply.ts";
import { formatSse, type SseFrame } from "../../providers/shared/sse.ts";
import { thinkingOf } from "../../providers/shared/stream-blocks.ts";
import { type Answer, type Answering, exchangeRecord, JSON_TYPE } from "./answer.ts";
import { brokenSse } from "./broken-stream.ts";
import type { Checked } from "./check-request.ts";
import { type ConversationBook, turnFingerprint, withServedIds } from "./conversation-book.ts";
import { refusalAnswer } from "./refusal.ts";
import type { ExchangeRecord } from "./serve-events.ts";

/** A request the script has a reply for, with everything its answer is made of. */
export interface ToServe extends Checked {
  /** The body as the API read it. */
  body: JsonObject;
  /** The body's text as sent: its length estimates the input tokens. */
  text: string;
  keep: ResolvedBody["keep"];
  /** The reply as played (play-reply.ts), its call ids still the script's. */
  scripted: AssistantMessage;
}

/** Where the answer goes and how it is cut up: the server's conversations, the route's form. */
export interface Serving {
  book: ConversationBook;
  path: string;
  /** False for Gemini's stream without `alt=sse`: one JSON array. */
  sse: boolean;
  /** Fragment size for streamed replies (the reply's own plan otherwise). */
  chunk?: number;
}

export function replyAnswer(serving: Serving, parts: ProviderParts, to: Answering, served: ToServe): Answer {
  const { scripted, reply, conversation } = served;
  const stream = to.head.stream;
  // "error": the provider's server error — Anthropic 500 api_error, OpenAI 500 server_error,
  // Gemini 500 INTERNAL, as each error-response.ts cites — which every SDK raises before any
  // event, streamed or not (a stream whose plan cuts it with an error still streams its
  // fragments, then the provider's in-stream error event).
  const cut = stream ? reply.stream?.cut?.reason : undefined;
  if (scripted.stopReason === "error" && cut !== "error") return scriptedError(to, served);
  // "aborted" (and a stream that stalls): the answer never ends — HTTP has no status for that, so
  // the connection is dropped, at once or after the events streamed, and the SDK raises a
  // connection error, as when a real request is cut off.
  const drop = scripted.stopReason === "aborted" || cut === "stall";
  if (drop && !stream) {
    const record = exchangeRecord(to.head, conversation, { status: 0, kind: "aborted", reply: scripted });
    return { status: 0, contentType: JSON_TYPE, body: "", drop: true, record };
  }

  const { context, lastTurn } = served;
  const at = serving.book.place(served.view.conversation, served.turn, lastTurn ? turnFingerprint(context.messages, lastTurn) : undefined, reply);
  const message = withServedIds(scripted, to.responder.ids, at);
  const meta = servedMeta(served, serving.path, message, to.requestId);
  // Rendered whole where it is used: the plain answer's body, and what the API keeps of a reply
  // served (a stream renders its own events below). A dropped reply is never kept.
  const keep = drop ? undefined : served.keep;
  const whole = stream && !keep ? undefined : to.responder.render(message, at, meta);
  if (whole) keep?.(at, whole);
  if (!stream) {
    const record = exchangeRecord(to.head, conversation, { status: 200, kind: "reply", reply: message });
    return { status: 200, contentType: JSON_TYPE, body: JSON.stringify(whole), headers: to.headers, record };
  }
  const events: AssistantStreamEvent[] = [];
  for (const step of streamSteps(message, reply.stream, serving.chunk)) if (step.kind === "event") events.push(step.event);
  const frames = parts.stream.serve(events, at, meta, thinkingOf(message));
  const record = exchangeRecord(to.head, conversation, { status: 200, kind: drop ? "aborted" : "reply", reply: message, events: frames.length });
  return streamedAnswer(
    frames,
    parts.stream,
    serving.sse,
    drop,
    to,
    reply.brokenStream ? { ...record, outcome: { ...record.outcome, brokenStream: reply.brokenStream } } : record,
    reply.brokenStream,
  );
}

/** The stream's frames as server-sent events; dropped after the last one when `drop`; broken as
 *  the reply's `brokenStream` says (broken-stream.ts). */
function streamedAnswer(
  frames: readonly SseFrame[],
  stream: ProviderParts["stream"],
  sse: boolean,
  drop: boolean,
  to: Answering,
  record: ExchangeRecord,
  broken?: StreamBreak,
): Answer {
  const streamed = { status: 200, streamed: true, drop, headers: to.headers, record };
  return sse
    ? { ...streamed, contentType: "text/event-stream", body: broken ? brokenSse(frames, broken, stream) : formatSse(frames) }
    : { ...streamed, contentType: JSON_TYPE, body: jsonArray(frames, drop) };
}

/** A scripted reply whose stop reason is "error": the provider's 500, answered as a refusal is. */
function scriptedError(to: Answering, { scripted, conversation }: ToServe): Answer {
  const message = scripted.errorMessage ?? 'tool-call-playground serve: the scripted reply is an error (stopReason "error")';
  return refusalAnswer(to, { error: "internal", outcome: "scriptedError", message, conversation, reply: scripted });
}

/** Gemini's stream without alt=sse: one JSON array of its chunks, left unclosed when the
 *  connection drops. */
function jsonArray(frames: readonly SseFrame[], drop: boolean): string {
  if (frames.length === 0) return drop ? "" : "[]";
  const open = `[${frames.map((frame) => JSON.stringify(frame.data)).join(",")}`;
  return drop ? open : `${open}]`;
}

/** What the answer says beside the reply: the model the request named (the body's `model`;
 *  Gemini's is in the path, `models/{model}:…`), the token counts, whether Chat's usage chunk
 *  was asked for, and the request id. */
function servedMeta({ body, text }: ToServe, path: string, message: AssistantMessage, requestId: string | undefined): ServedMeta {
  const inPath = /\/models\/([^/:?]+)/.exec(path)?.[1];
  const options = body.stream_options;
  return {
    model: typeof body.model === "string" && body.model !== "" ? body.model : (inPath ?? WIRE_MODEL),
    usage: { input: estimateTokens(text), output: estimateTokens(JSON.stringify(message.content)) },
    includeUsage: isRecord(options) && options.include_usage === true,
    ...(requestId === undefined ? {} : { requestId }),
  };
}
