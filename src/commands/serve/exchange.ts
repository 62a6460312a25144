// One request, start to answer, with no sockets in sight: the body is read with the import code
// into the neutral history, checked with the provider's rule table and the reply's expectations,
// and answered with the conversation's next scripted reply — or with the provider's error. The
// reply index is the number of assistant messages the harness sends back, so each conversation
// (and each retry of the same request) gets its own place in the script. The only state is the
// conversation book: which conversation a reply belongs to, for its ids (conversation-book.ts).

import { FakeModel, ModelRequestError } from "../../agent/fake-model.ts";
import { streamSteps } from "../../agent/stream-plan.ts";
import { scriptReplies } from "../../fixture/conversation-format.ts";
import type { Fixture } from "../../fixture/fixture-format.ts";
import { isRecord } from "../../json/is-record.ts";
import { contentText } from "../../narration/display-text.ts";
import type { AssistantStreamEvent } from "../../protocol/stream-events.ts";
import type { AssistantMessage, Context, ToolCall } from "../../protocol/types.ts";
import type { PartsOf } from "../../providers/registry.ts";
import { type ErrorKind, errorStatus } from "../../providers/shared/error-kind.ts";
import { ImportError } from "../../providers/shared/imported-conversation.ts";
import { lintBody } from "../../providers/shared/lint-body.ts";
import type { Finding } from "../../providers/shared/rule.ts";
import { formatSse } from "../../providers/shared/sse.ts";
import { type ConversationBook, scriptedView, withServedIds } from "./conversation-book.ts";
import { type UnmetExpectation, unmetExpectations, unmetText } from "./expectations.ts";
import type { Route } from "./routes.ts";
import type { ExchangeRecord, OutcomeKind } from "./serve-events.ts";

export interface Answer {
  /** 0 with `drop`: no HTTP answer at all. */
  status: number;
  contentType: string;
  /** A string is written whole; a list is written piece by piece (a stream's events), each as it
   *  is rendered, waiting for the socket to drain between pieces. */
  body: string | readonly string[];
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
  /** Every provider's parts, loaded when the server started. */
  partsOf: PartsOf;
  /** Fragment size for streamed replies (the reply's own plan otherwise). */
  chunk?: number;
}

const JSON_TYPE = "application/json";

export async function exchange(input: ExchangeInput): Promise<Answer> {
  const { route, text } = input;
  const parts = input.partsOf(route.provider);
  const responder = parts.response;
  const base = { number: input.number, method: input.method, path: input.path, provider: route.provider, stream: route.streamed };
  const refuse = (kind: ErrorKind, outcome: OutcomeKind, message: string, extra: Partial<ExchangeRecord> = {}, problems?: UnmetExpectation[]): Answer => ({
    status: errorStatus[kind],
    contentType: JSON_TYPE,
    body: JSON.stringify(responder.error(kind, message)),
    record: { ...base, ...extra, outcome: { status: errorStatus[kind], kind: outcome, message, ...(problems ? { problems } : {}) } },
  });

  if (text === undefined) return refuse("tooLarge", "tooLarge", "tool-call-playground serve: the request body is over the size limit");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    // OpenAI words it "We could not parse the JSON body of your request."; the others say less.
    return refuse("invalid", "malformed", `could not parse the JSON body of the request (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isRecord(body)) return refuse("invalid", "notABody", `the request body must be a JSON object, not ${Array.isArray(body) ? "an array" : typeof body}`);
  const stream = route.streamBy === "path" ? route.streamed : body.stream === true;
  base.stream = stream;

  let context: Context;
  try {
    context = parts.readRequest(body).context;
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    return refuse("invalid", "notABody", `${error.pointer || "/"}: ${error.reason}`);
  }
  const findings = lintBody(body, parts.rules);
  const episodeIndex = episodeFor(input.fixture, context);
  const replies = scriptReplies(input.fixture.episodes[episodeIndex]?.script ?? []);
  const replyIndex = context.messages.filter((message) => message.role === "assistant").length;
  const conversation = describeConversation(context, findings, episodeIndex, replyIndex, replies.length);
  const withConversation = { conversation };

  const error = findings.find((finding) => finding.severity === "error");
  if (error) return refuse("invalid", "lint", error.message, withConversation);
  const reply = replies[replyIndex];
  if (!reply) {
    return refuse(
      "invalid",
      "exhausted",
      `tool-call-playground serve: the script has no reply ${replyIndex + 1} for this conversation (episode ${episodeIndex + 1} holds ${replies.length}); the server keeps running`,
      withConversation,
    );
  }
  // Served ids back to the script's: the pairing check and `expect` speak the fixture's ids.
  const view = scriptedView(context, responder.ids, replies);
  const problems = unmetExpectations(reply.expect, view.context, view.name);
  if (problems.length > 0)
    return refuse(
      "invalid",
      "expectation",
      `tool-call-playground serve: reply ${replyIndex + 1} expects what this request does not hold: ${problems.map(unmetText).join("; ")}`,
      withConversation,
      problems,
    );

  // A one-reply FakeModel: its default stop reason and its own protocol check, the same as a run's.
  let scripted: AssistantMessage;
  try {
    scripted = await new FakeModel([reply], { now: () => 0, recordRequests: false }).complete(view.context);
  } catch (caught) {
    if (caught instanceof ModelRequestError) return refuse("invalid", "pairing", caught.message, withConversation);
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
      body: JSON.stringify(responder.error("internal", message)),
      record: { ...base, ...withConversation, outcome: { status: errorStatus.internal, kind: "scriptedError", message, reply: scripted } },
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
      record: { ...base, ...withConversation, outcome: { status: 0, kind: "aborted", reply: scripted } },
    };

  const at = input.book.place(view.conversation, replyIndex + 1);
  const message = withServedIds(scripted, responder.ids, at);
  if (!stream) {
    return {
      status: 200,
      contentType: JSON_TYPE,
      body: JSON.stringify(responder.render(message, at)),
      record: { ...base, ...withConversation, outcome: { status: 200, kind: "reply", reply: message } },
    };
  }
  const events = streamSteps(message, reply.stream, input.chunk).flatMap((step): AssistantStreamEvent[] => (step.kind === "event" ? [step.event] : []));
  const frames = parts.stream.serve(events, at);
  const record: ExchangeRecord = {
    ...base,
    ...withConversation,
    outcome: { status: 200, kind: drop ? "aborted" : "reply", reply: message, events: frames.length },
  };
  // Gemini without alt=sse: one JSON array, left unclosed when the connection drops.
  if (!route.sse)
    return { status: 200, contentType: JSON_TYPE, body: `[${frames.map((frame) => JSON.stringify(frame.data)).join(",")}${drop ? "" : "]"}`, drop, record };
  return { status: 200, contentType: "text/event-stream", body: formatSse(frames), drop, record };
}

/** The episode whose opening user message the conversation starts with; the first one otherwise. */
function episodeFor(fixture: Fixture, context: Context): number {
  const first = context.messages.find((message) => message.role === "user");
  if (first?.role !== "user") return 0;
  const text = contentText(first.content);
  const index = fixture.episodes.findIndex((episode) => episode.user === text);
  return index === -1 ? 0 : index;
}

function describeConversation(
  context: Context,
  findings: Finding[],
  episode: number,
  replyIndex: number,
  replies: number,
): NonNullable<ExchangeRecord["conversation"]> {
  const messages = context.messages;
  let lastReply = -1;
  for (let index = messages.length - 1; index >= 0; index--) {
    if (messages[index]?.role === "assistant") {
      lastReply = index;
      break;
    }
  }
  const calls = new Map<string, ToolCall>();
  const previous = messages[lastReply];
  if (previous?.role === "assistant") for (const block of previous.content) if (block.type === "toolCall") calls.set(block.id, block);
  const newMessages = messages.slice(lastReply + 1);
  const results = newMessages.flatMap((message) => (message.role === "toolResult" ? [{ call: calls.get(message.toolCallId), result: message }] : []));
  return { episode, replyIndex, replies, messages: messages.length, newMessages, results, tools: context.tools ?? [], findings };
}
