// serve's own sentences — its narration and its error lines — one interface each language
// implements in full (serve-messages-zh.ts, serve-messages-en.ts; load-serve-messages.ts loads
// one). Data (messages, ids, error texts) is passed in already sanitised. What the server answers
// over HTTP is the API's answer, not narration: it stays in English, and the narration quotes it.
import type { Producer } from "../../narration/step-outcome.ts";
import type { UnmetExpectation } from "./expectations.ts";
import type { OutcomeKind } from "./serve-events.ts";

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
  /** `events`: server-sent events written, for a streamed reply. */
  replied(status: number, events: number | undefined): string;
  refused(status: number, kind: OutcomeKind, message: string): string;
  /** An aborted reply: the connection dropped at once (`events` undefined) or after the events streamed. */
  dropped(events: number | undefined): string;
  /** What the scripted reply expected and the request does not hold. */
  unmet(problem: UnmetExpectation): string;
  closing(signal: string, inFlight: number): string;
  closed(requests: number): string;
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
  /** --record: a request that names no provider's route, passed on and back but not recorded. */
  upstreamPassed(status: number): string;
}
