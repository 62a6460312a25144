// One request, start to answer, with no sockets in sight: the body is read with the import code
// into the neutral history, checked with the provider's rule table and the reply's expectations,
// and answered with the conversation's next scripted reply — or with the provider's error. The
// reply a request gets is one past the model turns its history holds (conversation-book.ts), so
// each conversation (and each retry of the same request) gets its own place in the script. The
// state is the conversation book (which conversation a reply belongs to, for its ids) and each
// provider's conversation state (what the Responses API stored, which a harness may point back at).

import { FakeModel, type FakeModelOptions, ModelRequestError } from "../../agent/fake-model.ts";
import { streamSteps } from "../../agent/stream-plan.ts";
import { scriptReplies } from "../../fixture/conversation-format.ts";
import type { Fixture } from "../../fixture/fixture-format.ts";
import { isRecord, type JsonObject } from "../../json/is-record.ts";
import type { AssistantStreamEvent } from "../../protocol/stream-events.ts";
import type { AssistantMessage, Context } from "../../protocol/types.ts";
import type { ConversationStates, PartsOf } from "../../providers/registry.ts";
import { type ErrorKind, errorStatus } from "../../providers/shared/error-kind.ts";
import { lintBody } from "../../providers/shared/lint-body.ts";
import { type ProviderParts, type ResolvedBody, WIRE_MODEL } from "../../providers/shared/provider.ts";
import { estimateTokens, type ServedMeta } from "../../providers/shared/served-reply.ts";
import { formatSse } from "../../providers/shared/sse.ts";
import { type ConversationBook, modelTurns, scriptedView, turnFingerprint, withServedIds } from "./conversation-book.ts";
import { type UnmetExpectation, unmetExpectations, unmetText } from "./expectations.ts";
import { describeConversation, episodeFor, filledCallIds, readHistory } from "./request-history.ts";
import type { Route } from "./routes.ts";
import type { ExchangeRecord, OutcomeKind } from "./serve-events.ts";

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
  record: ExchangeRecord;
}

export interface ExchangeInput {
  number: number;
  method: string;
  path: string;
  route: Route;
  /** Undefined when the body went over the size limit. */
  text: string | undefined;
  fixture: Fixture;
  /** The server's conversations, which the reply's ids name. */
  book: ConversationBook;
  /** What each provider that keeps state between requests has kept on this server. */
  states: ConversationStates;
  /** Every provider's parts, loaded when the server started. */
  partsOf: PartsOf;
  /** Fragment size for streamed replies (the reply's own plan otherwise). */
  chunk?: number;
}

const JSON_TYPE = "application/json";

/** Each request's one-reply FakeModel: no clock (output carries no times), no copies of requests,
 *  and the script's own blocks: nothing here edits a reply (withServedIds makes new call blocks).
 *  Made once: under tsx the clock, a named closure, cost a property write every time it was made. */
const MODEL_OPTIONS: FakeModelOptions = { now: () => 0, recordRequests: false, copyReplies: false };

export async function exchange(input: ExchangeInput): Promise<Answer> {
  const { route, text } = input;
  const parts = input.partsOf(route.provider);
  const responder = parts.response;
  // The provider's request id, made from the request's number (served-ids.ts): on every answer.
  const requestId = responder.ids.request?.id(input.number);
  const headers = requestHeaders(responder, requestId);
  const base: RecordBase = { number: input.number, method: input.method, path: input.path, provider: route.provider, stream: route.streamed };
  const refusing: Refusing = { responder, requestId, headers, base };
  if (text === undefined) return refuse(refusing, "tooLarge", "tooLarge", "tool-call-playground serve: the request body is over the size limit");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // OpenAI words it "We could not parse the JSON body of your request."; the others say less.
    return refuse(refusing, "invalid", "malformed", `could not parse the JSON body of the request (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isRecord(parsed))
    return refuse(refusing, "invalid", "notABody", `the request body must be a JSON object, not ${Array.isArray(parsed) ? "an array" : typeof parsed}`);
  const stream = route.streamBy === "path" ? route.streamed : parsed.stream === true;
  base.stream = stream;

  // What the body points back at (the Responses API's stored items) is put in its place first, as
  // the API reads it.
  const resolved = input.states(route.provider)?.resolve(parsed) ?? { body: parsed };
  if ("unknown" in resolved) {
    const { kind, message, body: errorBody } = resolved.unknown;
    return refuse(refusing, kind, "unknownReference", message, undefined, undefined, errorBody);
  }
  const body: JsonObject = resolved.body;
  const keep: ResolvedBody["keep"] = resolved.keep;

  // The rules first: a body that breaks one is answered with the rule's provider text, even where
  // the reader cannot make a conversation of all of it (a result for an unknown call).
  const findings = lintBody(body, parts.rules);
  const error = findings.find((finding) => finding.severity === "error");
  const read = readHistory(parts, route.provider, body);
  if (read.error && !error) return refuse(refusing, "invalid", "notABody", `${read.error.pointer || "/"}: ${read.error.reason}`);
  const context: Context = read.imported?.context ?? { messages: [] };
  const episodeIndex = episodeFor(input.fixture, context);
  const replies = scriptReplies(input.fixture.episodes[episodeIndex]?.script ?? []);
  const turns = modelTurns(context.messages);
  const replyIndex = turns.length;
  const lastTurn = turns.at(-1);
  const conversation = read.imported ? describeConversation(context, findings, episodeIndex, replyIndex, replies.length, lastTurn) : undefined;

  if (error) return refuse(refusing, "invalid", "lint", error.message, conversation);
  const reply = replies[replyIndex];
  if (!reply) {
    return refuse(
      refusing,
      "invalid",
      "exhausted",
      `tool-call-playground serve: the script has no reply ${replyIndex + 1} for this conversation (episode ${episodeIndex + 1} holds ${replies.length}); the server keeps running`,
      conversation,
    );
  }
  // Served ids back to the script's: the pairing check and `expect` speak the fixture's ids.
  const view = scriptedView(context, responder.ids, replies, read.imported ? filledCallIds(read.imported) : new Set());
  const problems = unmetExpectations(reply.expect, view.context, (id) => view.name(id));
  if (problems.length > 0)
    return refuse(
      refusing,
      "invalid",
      "expectation",
      `tool-call-playground serve: reply ${replyIndex + 1} expects what this request does not hold: ${problems.map(unmetText).join("; ")}`,
      conversation,
      problems,
    );

  // A one-reply FakeModel: its default stop reason and its own protocol check, the same as a run's.
  let scripted: AssistantMessage;
  try {
    scripted = await new FakeModel([reply], MODEL_OPTIONS).complete(view.context);
  } catch (caught) {
    if (caught instanceof ModelRequestError) return refuse(refusing, "invalid", "pairing", caught.message, conversation);
    throw caught;
  }
  // A scripted failure is not a success. "error": the provider's server error — Anthropic 500
  // api_error, OpenAI 500 server_error, Gemini 500 INTERNAL, as each error-response.ts cites —
  // which every SDK raises before any event, streamed or not (a stream whose plan cuts it with an
  // error still streams its fragments, then the provider's in-stream error event).
  const cut = stream ? reply.stream?.cut?.reason : undefined;
  if (scripted.stopReason === "error" && cut !== "error") {
    const message = scripted.errorMessage ?? 'tool-call-playground serve: the scripted reply is an error (stopReason "error")';
    return {
      status: errorStatus.internal,
      contentType: JSON_TYPE,
      body: JSON.stringify(responder.error("internal", message, requestId)),
      headers,
      record: exchangeRecord(base, conversation, { status: errorStatus.internal, kind: "scriptedError", message, reply: scripted }),
    };
  }
  // "aborted" (and a stream that stalls): the answer never ends — HTTP has no status for that, so
  // the connection is dropped, at once or after the events streamed, and the SDK raises a
  // connection error, as when a real request is cut off.
  const drop = scripted.stopReason === "aborted" || cut === "stall";
  if (drop && !stream)
    return {
      status: 0,
      contentType: JSON_TYPE,
      body: "",
      drop: true,
      record: exchangeRecord(base, conversation, { status: 0, kind: "aborted", reply: scripted }),
    };

  const at = input.book.place(view.conversation, replyIndex + 1, lastTurn ? turnFingerprint(context.messages, lastTurn) : undefined, reply);
  const message = withServedIds(scripted, responder.ids, at);
  const meta = servedMeta(body, input.path, text, message, requestId);
  // Rendered whole only where it is used: the plain answer's body, and what the API keeps of a
  // reply served (a stream renders its own events below).
  const rendered = !stream || (keep && !drop) ? responder.render(message, at, meta) : undefined;
  if (keep && !drop && rendered) keep(at, rendered);
  if (!stream) {
    return {
      status: 200,
      contentType: JSON_TYPE,
      body: JSON.stringify(rendered),
      headers,
      record: exchangeRecord(base, conversation, { status: 200, kind: "reply", reply: message }),
    };
  }
  const events: AssistantStreamEvent[] = [];
  for (const step of streamSteps(message, reply.stream, input.chunk)) if (step.kind === "event") events.push(step.event);
  const frames = parts.stream.serve(events, at, meta);
  const record = exchangeRecord(base, conversation, { status: 200, kind: drop ? "aborted" : "reply", reply: message, events: frames.length });
  // Gemini without alt=sse: one JSON array, left unclosed when the connection drops.
  if (!route.sse) {
    let array = "";
    for (let index = 0; index < frames.length; index++) array += `${index === 0 ? "[" : ","}${JSON.stringify(frames[index]?.data)}`;
    if (!drop) array += frames.length === 0 ? "[]" : "]";
    return { status: 200, contentType: JSON_TYPE, body: array, streamed: true, drop, headers, record };
  }
  return { status: 200, contentType: "text/event-stream", body: formatSse(frames), streamed: true, drop, headers, record };
}

/** What an exchange's record says of the request before its outcome. */
type RecordBase = Pick<ExchangeRecord, "number" | "method" | "path" | "provider" | "stream">;

/** The record of one exchange, in the order --json writes it. Built as a literal, not spread from
 *  `base`: a literal that spreads an object and then adds a key takes V8's slow path (0.5–1 µs a
 *  literal in a micro-benchmark), and every request makes one. */
function exchangeRecord(base: RecordBase, conversation: ExchangeRecord["conversation"], outcome: ExchangeRecord["outcome"]): ExchangeRecord {
  const { number, method, path, provider, stream } = base;
  return conversation === undefined ? { number, method, path, provider, stream, outcome } : { number, method, path, provider, stream, conversation, outcome };
}

/** The provider's request id header for this answer, when it has one (served-ids.ts). Stored by
 *  key rather than written as a computed key in a literal, which V8 defines through the runtime. */
function requestHeaders(responder: ProviderParts["response"], requestId: string | undefined): Readonly<Record<string, string>> | undefined {
  const request = responder.ids.request;
  if (!request || requestId === undefined) return undefined;
  const headers: Record<string, string> = {};
  headers[request.header] = requestId;
  return headers;
}

/** What every refusal of one request shares: who words it, its request id and header, and what
 *  the record says of the request. */
interface Refusing {
  responder: ProviderParts["response"];
  requestId: string | undefined;
  headers: Readonly<Record<string, string>> | undefined;
  base: RecordBase;
}

/** The provider's error answer (its status and body) with the record that narrates it. A
 *  function of its own, not a closure in `exchange`: under tsx a named closure costs a property
 *  write each time it is made, and this one was made for every request. */
function refuse(
  refusing: Refusing,
  kind: ErrorKind,
  outcome: OutcomeKind,
  message: string,
  conversation?: ExchangeRecord["conversation"],
  problems?: UnmetExpectation[],
  errorBody: object = refusing.responder.error(kind, message, refusing.requestId),
): Answer {
  return {
    status: errorStatus[kind],
    contentType: JSON_TYPE,
    body: JSON.stringify(errorBody),
    headers: refusing.headers,
    record: exchangeRecord(refusing.base, conversation, { status: errorStatus[kind], kind: outcome, message, ...(problems ? { problems } : {}) }),
  };
}

/** What the answer says beside the reply: the model the request named (the body's `model`;
 *  Gemini's is in the path, `models/{model}:…`), the token counts, whether Chat's usage chunk
 *  was asked for, and the request id. */
function servedMeta(body: JsonObject, path: string, text: string, message: AssistantMessage, requestId: string | undefined): ServedMeta {
  const inPath = /\/models\/([^/:?]+)/.exec(path)?.[1];
  const model = typeof body.model === "string" && body.model !== "" ? body.model : (inPath ?? WIRE_MODEL);
  const options = body.stream_options;
  const meta: ServedMeta = {
    model,
    usage: { input: estimateTokens(text), output: estimateTokens(JSON.stringify(message.content)) },
    includeUsage: isRecord(options) && options.include_usage === true,
  };
  // Set after, not spread into the literal: a literal with a spread takes V8's slow path.
  if (requestId !== undefined) meta.requestId = requestId;
  return meta;
}
