// English sentences of serve (see serve-messages.ts).

import type { Attempt } from "./attempt-book.ts";
import { unmetText } from "./expectations.ts";
import { type ServeMessages, seconds } from "./serve-messages.ts";

const kinds = {
  reply: "the next scripted reply",
  lint: "the request breaks a provider rule; the provider's error",
  pairing: "the request breaks the tool-call protocol",
  malformed: "the body is not JSON",
  notABody: "the body is not a request of this API",
  tooLarge: "the body is over the size limit",
  notFound: "no such route",
  unknownReference: "the request points at an item or response this server did not store",
  evicted: "the request points at a response this server stored, then dropped to stay within the store's budget (--store-bytes, --store-responses)",
  forbidden: "the request comes from a web page, not a harness",
  clientGone: "the client left before its request was whole; nothing answered",
  exhausted: "the script has no more replies for this conversation",
  expectation: "the request is not what the scripted reply expects",
  divergence: "the history is not what this server served (--strict)",
  internal: "internal error",
  scriptedError: "the scripted reply is an error, sent as the provider's server error",
  aborted: "the scripted reply is aborted",
  fault: "the scripted failure",
  models: "the list of models",
} as const;

const places = {
  thinking: "a thinking block",
  signature: "a thinking block's signature",
  text: "the text",
  call: "a call",
  name: "a call's name",
  callId: "a call's id",
  arguments: "a call's arguments",
} as const;

const faultWords = {
  rateLimit: "rate limit",
  overloaded: "overloaded",
  serverError: "server error",
  unavailable: "unavailable",
  gatewayTimeout: "gateway timeout",
  contextTooLong: "context too long",
  unauthorized: "unauthorized",
  permissionDenied: "permission denied",
} as const;

/** What the harness should do with each failure. */
const faultAdvice = {
  rateLimit: "a harness waits (retry-after when given) and resends the same request",
  overloaded: "a harness backs off and resends the same request",
  serverError: "a harness may resend the same request a few times, then report the error",
  unavailable: "a harness backs off and resends the same request",
  gatewayTimeout: "a harness may resend the same request, or stream so the answer starts sooner",
  contextTooLong: "resending the same request fails again: a harness shortens the history first",
  unauthorized: "resending the same request fails again: a harness stops and reports the API key as wrong or missing",
  permissionDenied: "resending the same request fails again: a harness stops and reports that the key may not use this model or API",
} as const;

function attemptEn(attempt: Attempt, reply: number): string {
  const head = `attempt ${attempt.number} at reply ${reply} (the script fails the first ${attempt.failures})`;
  if (attempt.previous === undefined) return `${head}`;
  const asked = attempt.askedMs === undefined ? "no retry-after was given" : `retry-after asked for ${seconds(attempt.askedMs)} s`;
  const body = attempt.sameBody ? "resent the same body" : "sent a different body";
  return `${head}: the harness waited ${seconds(attempt.waitedMs ?? 0)} s after request ${attempt.previous} (${asked}) and ${body}`;
}

/** Who can reach the address the URL names: only this machine, or the network too. */
function reachEn(url: string): string {
  if (/^http:\/\/(127\.|\[::1\]|localhost[:/])/.test(url)) return "loopback only";
  if (/^http:\/\/(0\.0\.0\.0|\[::\])[:/]/.test(url)) return "on every network interface: anyone who can reach this machine can use it";
  return "reachable from the network at this address";
}

const serveEn: ServeMessages = {
  listening: (url, fixture) => `serving ${fixture} at ${url}: point your harness's base URL here (${reachEn(url)}). Ctrl-C stops it.`,
  routesHeading: "routes:",
  requestHeading: (number, method, path, provider, streamed) => `── request ${number} · ${method} ${path} · ${provider}${streamed ? ", streamed" : ""} ──`,
  conversation: (episode, reply, replies, messages, fresh) =>
    `episode ${episode}, asks for reply ${reply} of ${replies}; the harness sent ${messages} message(s), ${fresh} new since the model's last reply:`,
  legend:
    "Marks (serve): app = your harness (the requests it sent, the results it produced) · model = this server, answering as the model and its API · tool = what your tools returned · person = the user's messages, and what a person answered in the model's place (serve --interactive) · playground = this playground's own checks (where the script is, the provider's rules, the script's expectations)",
  marks: {
    model: "model      ",
    app: "app        ",
    tool: "tool       ",
    person: "person     ",
    record: "record     ",
    playground: "playground ",
  },
  tools: (names) => `the harness declares its tools: ${names}`,
  noTools: "the harness declares no tools",
  ranCall: (call) => `ran ${call} and sent its result:`,
  unknownCall: (call) => `sent a result for ${call}, a call the model's last reply does not hold:`,
  lintClean: "lint: the request keeps every rule of this provider",
  lintFinding: (severity, rule, pointer, message) => `lint ${severity}: ${rule} at ${pointer}: ${message}`,
  divergence: (severity, { place, turn, pointer }, served, sent) =>
    `divergence ${severity}: model turn ${turn} came back other than it was served, at ${pointer} (${places[place]}): served ${served ?? "nothing"}, sent back ${sent ?? "nothing"}`,
  replied: (status, events) => `← ${status} the next scripted reply${events === undefined ? "" : `, streamed as ${events} server-sent event(s)`}:`,
  repliedStalled: (status, written, events) =>
    events === undefined
      ? `← ${status} the next scripted reply, not streamed: none of it is written, not even the headers, before the stall:`
      : `← ${status} the next scripted reply: ${written} of its ${events} server-sent event(s) written before the stream stalls:`,
  refused: (status, kind, message) => `← ${status} ${kinds[kind]}: ${message}`,
  modelList: (status, names) => `← ${status} the list of models the client asked for: ${names}`,
  dropped: (events) =>
    events === undefined
      ? "✂ the scripted reply is aborted: the connection is dropped without an answer"
      : `✂ the scripted reply is aborted: ${events} server-sent event(s), then the connection is dropped before the stream's end:`,
  // The same words the harness receives in the error answer.
  unmet: (problem) => `expected by the script, not in the request: ${unmetText(problem)}`,
  attempt: attemptEn,
  fault: (status, kind, retryAfter, message) =>
    `← ${status} ${faultWords[kind]}${retryAfter === undefined ? "" : `, retry-after ${retryAfter} s`}: ${message} — ${faultAdvice[kind]}`,
  delayed: (ms) => `the script holds the answer back ${seconds(ms)} s`,
  brokenStream: (kind) =>
    ({
      malformedEvent: "the stream breaks: one event's data is not JSON — a client's parser raises",
      unknownEvent: "the stream carries an event of a type the API does not have — a client must skip it",
      noFinalEvent: "the stream breaks: it ends without its final event — a client must not take the reply as complete",
    })[kind],
  stalls: (events) => `the stream stops after ${events} event(s): then nothing, until the client gives up`,
  stallEnded: (number, by, afterMs) =>
    ({
      client: `request ${number}: the client gave up on the stalled answer after ${seconds(afterMs)} s`,
      script: `request ${number}: the stall ended after ${seconds(afterMs)} s (its forMs); the connection is dropped`,
      server: `request ${number}: the server closed the stalled answer after ${seconds(afterMs)} s, as it stopped`,
    })[by],
  gaveUp: ({ request, reply, attempts }) => `the harness gave up on reply ${reply} after ${attempts} failed attempt(s); its last was request ${request}`,
  closing: (signal, inFlight) => `${signal}: no new requests; answering the ${inFlight} in flight, then closing`,
  closed: (requests) => `closed after ${requests} request(s)`,
  neverAskedFor: (reply, replies, episode) =>
    `reply ${reply} of ${replies} (episode ${episode}) was never asked for: the harness stopped before the script's end`,
  problemsSeen: (count) => `the fake model saw ${count} problem(s):`,
  problemAt: (request, sentence) => `request ${request}: ${sentence}`,
  cannotListen: (host, port, why) => `serve: cannot listen on ${host}:${port}: ${why}`,
  recordListening: (url, upstream, output) =>
    `recording at ${url}: each request goes on to ${upstream} with the harness's own key; Ctrl-C writes the session to ${output}.`,
  recordLegend:
    "Marks (serve --record): app = your harness · upstream = the real API's answer, passed on as it came · tool = what your tools returned · person = the user's messages · playground = this playground's own checks (the provider's rules)",
  upstreamMark: "upstream   ",
  recordConversation: (conversation, turn, messages, fresh) =>
    `conversation ${conversation}, model turn ${turn}; the harness sent ${messages} message(s), ${fresh} new since the model's last reply:`,
  upstreamReplied: (status, events) => `← ${status} from the upstream${events === undefined ? "" : `, streamed as ${events} server-sent event(s)`}:`,
  upstreamFailed: (status, message, kind) =>
    `← ${status} from the upstream, passed on: ${message} (${kind === undefined ? "not replayable as a scripted failure: noted in the fixture's description" : `recorded as a scripted failure: ${kind}`})`,
  upstreamUnreachable: (upstream, why) => `← 502: the upstream ${upstream} cannot be reached: ${why}`,
  upstreamCut: "✂ the answer stopped before its end: the conversation is kept up to its last whole exchange",
  recordWritten: (file, conversations, exchanges) =>
    `wrote ${file}: ${conversations} conversation(s) from ${exchanges} exchange(s); replay it with: serve ${file}`,
  recordNothing: "nothing was recorded: no fixture written",
  recordSecretFound: (file) => `serve --record: not writing ${file}: the session holds an API key the harness sent; nothing written`,
  recordCannotWrite: (file, why) => `serve --record: cannot write ${file}: ${why}`,
  recordBadUpstream: (url) => `serve --record: ${url} is not an http:// or https:// base URL`,
  recordNeedsOutput: "serve --record: say where the session is written with -o <file>",
  recordAbsoluteForm: "← 400: the request line names a whole URL, not a path: refused, never sent on (the recorder is not a proxy)",
  upstreamEncoded: (encoding) => `← 502: the upstream answered in content-encoding ${encoding}, though identity was asked: refused unread, not recorded`,
  upstreamUnreadable: (status) => `← ${status} from the upstream, passed on; not a reply the recorder can read: noted in the fixture's description`,
  upstreamTooLarge: (status, bytes, limit) =>
    `← ${status} from the upstream, passed on whole (${bytes} bytes); too large to record (over ${limit} bytes): noted in the fixture's description`,
  recordKept: (file, exchanges, why) => `serve --record: ${file} no longer follows the session: it keeps the first ${exchanges} exchange(s); ${why}`,
  recordTooLarge: (bytes, limit) => `the fixture would be ${bytes} bytes, over the ${limit} bytes serve loads`,
  recordHoldsSecret: "the session now holds an API key the harness sent",
  upstreamPassed: (status) => `← ${status} from the upstream, passed on; no provider route: not recorded`,
};

export default serveEn;
