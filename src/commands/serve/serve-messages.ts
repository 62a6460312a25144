// serve's own sentences — its narration and its error lines — one interface each language
// implements in full (serve-messages-zh.ts, serve-messages-en.ts; load-serve-messages.ts loads
// one). Data (messages, ids, error texts) is passed in already sanitised. What the server answers
// over HTTP is the API's answer, not narration: it stays in English, and the narration quotes it.

import type { StreamBreak } from "../../fixture/fault-format.ts";
import type { Producer } from "../../narration/step-outcome.ts";
import type { FaultKind } from "../../providers/shared/fault-kind.ts";
import type { Attempt, GaveUp } from "./attempt-book.ts";
import type { Divergence } from "./divergence.ts";
import type { UnmetExpectation } from "./expectations.ts";
import type { OutcomeKind, StallEnd } from "./serve-events.ts";

/** Milliseconds as seconds with one decimal: what a wait is narrated in. */
export function seconds(ms: number): string {
  return (ms / 1000).toFixed(1);
}

export interface ServeMessages {
  /** On stderr after the URL line: what is served and where to point a harness. */
  listening(url: string, fixture: string): string;
  routesHeading: string;
  requestHeading(number: number, method: string, path: string, provider: string, streamed: boolean): string;
  conversation(episode: number, reply: number, replies: number, messages: number, fresh: number): string;
  /** serve's own legend and marks: here the app is the client's harness, and what this program
   *  checks itself (the script's position, lint, expectations) is the playground's. */
  legend: string;
  marks: Record<Producer, string>;
  tools(names: string): string;
  noTools: string;
  /** A result the harness produced for a call of the model's last reply. */
  ranCall(call: string): string;
  unknownCall(call: string): string;
  lintClean: string;
  lintFinding(severity: string, rule: string, pointer: string, message: string): string;
  /** The history differs from what was served (divergence.ts): where, what was served and what
   *  came back (`served`, `sent`: JSON texts, undefined for nothing). */
  divergence(severity: string, divergence: Divergence, served: string | undefined, sent: string | undefined): string;
  /** `events`: server-sent events written, for a streamed reply. */
  replied(status: number, events: number | undefined): string;
  /** A reply whose stream stalls (`stall`): `written` of the answer's `events` server-sent events
   *  are written before it stops; a reply not streamed (`events` undefined) is written not at all. */
  repliedStalled(status: number, written: number, events: number | undefined): string;
  refused(status: number, kind: OutcomeKind, message: string): string;
  /** A client asked which models there are: the list answered, by name. */
  modelList(status: number, names: string): string;
  /** An aborted reply: the connection dropped at once (`events` undefined) or after the events streamed. */
  dropped(events: number | undefined): string;
  /** What the scripted reply expected and the request does not hold. */
  unmet(problem: UnmetExpectation): string;
  /** Which attempt a request is at a reply that fails first, how long after the previous one, what
   *  that one's retry-after asked for, and whether the body is the same. */
  attempt(attempt: Attempt, reply: number): string;
  /** A scripted failure: the provider's status for its kind, and what the harness must do. */
  fault(status: number, kind: FaultKind, retryAfter: number | undefined, message: string): string;
  /** The answer is held back (`delay`), and a stream that stops after `stallsAfter` events. */
  delayed(ms: number): string;
  stalls(events: number): string;
  /** A stream the script breaks (`brokenStream`). */
  brokenStream(kind: StreamBreak): string;
  /** A stalled answer ended: by whom, after how long. */
  stallEnded(number: number, by: StallEnd, afterMs: number): string;
  /** At closing: a failing reply the harness stopped retrying. */
  gaveUp(gaveUp: GaveUp): string;
  closing(signal: string, inFlight: number): string;
  closed(requests: number): string;
  /** A test's check (src/testing.ts): a reply of the script no request asked for. */
  neverAskedFor(reply: number, replies: number, episode: number): string;
  /** A test's check: the heading over its problems, and one problem with the request it was seen in. */
  problemsSeen(count: number): string;
  problemAt(request: number, sentence: string): string;
  /** On stderr when the server cannot start; `why` is the system's own message. */
  cannotListen(host: string, port: number, why: string): string;
  /** --record: on stderr after the URL line, where requests go and where the fixture is written. */
  recordListening(url: string, upstream: string, output: string): string;
  /** --record: the legend and the model's mark, for answers that came from the upstream. */
  recordLegend: string;
  upstreamMark: string;
  /** --record: which recorded conversation the request continues and which model turn it asks for. */
  recordConversation(conversation: number, turn: number, messages: number, fresh: number): string;
  /** --record: the upstream's answer, passed on as it came (`events`: server-sent events of a stream). */
  upstreamReplied(status: number, events: number | undefined): string;
  /** --record: the upstream's error, passed on unchanged; `kind` is the scripted failure it is recorded as, if any. */
  upstreamFailed(status: number, message: string, kind: string | undefined): string;
  upstreamUnreachable(upstream: string, why: string): string;
  /** --record: the answer stopped before its end (the upstream or the harness went away). */
  upstreamCut: string;
  recordWritten(file: string, conversations: number, exchanges: number): string;
  recordNothing: string;
  recordSecretFound(file: string): string;
  recordCannotWrite(file: string, why: string): string;
  recordBadUpstream(url: string): string;
  recordNeedsOutput: string;
  /** --record: the file stopped following the session (it keeps `exchanges`), and why. */
  /** --record: a request line in absolute form (a whole URL), refused with 400, never sent on. */
  recordAbsoluteForm: string;
  /** --record: an answer in a content-encoding not asked for, refused unread with a 502. */
  upstreamEncoded(encoding: string): string;
  /** --record: an answer passed on that is no reply (a redirect, a body no reader reads). */
  upstreamUnreadable(status: number): string;
  /** --record: an answer passed on whole but longer than the recorder keeps. */
  upstreamTooLarge(status: number, bytes: number, limit: number): string;
  recordKept(file: string, exchanges: number, why: string): string;
  recordTooLarge(bytes: number, limit: number): string;
  recordHoldsSecret: string;
  /** --record: a request that names no provider's route, passed on and back but not recorded. */
  upstreamPassed(status: number): string;
}
