// What the server tells its narrator, as data: one record per request (what arrived, what the
// harness produced, what the rules found, what was answered), plus the server's own start and
// stop. The terminal narration (src/commands/serve/serve-narration.ts) and --json both consume these.

import type { StreamBreak } from "../../fixture/fault-format.ts";
import type { AppliedEdit } from "../../fixture/person-edits.ts";
import type { AssistantMessage, Message, ToolCall, ToolDefinition, ToolResultMessage } from "../../protocol/types.ts";
import type { ProviderId } from "../../providers/registry.ts";
import type { FaultKind } from "../../providers/shared/fault-kind.ts";
import type { Finding } from "../../providers/shared/rule.ts";
import type { Attempt, GaveUp } from "./attempt-book.ts";
import type { Divergence } from "./divergence.ts";
import type { UnmetExpectation } from "./expectations.ts";

/** Who ended a stall: the client (it gave up), the script (`forMs` passed), the server (it closed). */
export type StallEnd = "client" | "script" | "server";

export type OutcomeKind =
  /** 200: the next scripted reply. */
  | "reply"
  /** The request breaks a provider rule: the provider's 400. */
  | "lint"
  /** The request breaks the tool-call protocol in a way the rule table did not name. */
  | "pairing"
  /** Not JSON. */
  | "malformed"
  /** JSON, but not a request body of this provider. */
  | "notABody"
  | "tooLarge"
  | "notFound"
  /** A Responses `item_reference` or `previous_response_id` this server did not issue (or was told not to store). */
  | "unknownReference"
  /** The same, for one it stored and then dropped to stay within the store's budget. */
  | "evicted"
  /** 403: a request a web page sent (a foreign Host or Origin), not a harness. */
  | "forbidden"
  /** The client closed the connection before its request was whole: status 0, nobody to answer. */
  | "clientGone"
  /** The conversation has had every scripted reply. */
  | "exhausted"
  /** The reply's `expect` does not hold for this request. */
  | "expectation"
  /** The history differs from what was served, under --strict (divergence.ts). */
  | "divergence"
  /** A bug in the server: 500. */
  | "internal"
  /** The scripted reply has stopReason "error": the provider's server error (500). */
  | "scriptedError"
  /** The scripted reply has stopReason "aborted" (or its stream stalls): the connection is dropped
   *  before the answer ends — at once (status 0: no HTTP answer), or after the events streamed. */
  | "aborted"
  /** The reply's `fail`: this attempt gets the provider's failure (its status, body, headers). */
  | "fault"
  /** 200: the list of models a client asked for (GET /v1/models, /v1beta/models). */
  | "models";

export interface ExchangeRecord {
  /** 1-based, in arrival order. */
  number: number;
  method: string;
  path: string;
  provider: ProviderId | undefined;
  stream: boolean;
  /** Set once the body was read as a conversation. */
  conversation?: {
    episode: number;
    /** Index of the scripted reply this request asks for, and how many the episode has. */
    replyIndex: number;
    replies: number;
    /** Length of the history the harness sent. */
    messages: number;
    /** Messages after the model's last reply: what the harness added since its previous request. */
    newMessages: Message[];
    /** Each result among them with the call it answers (undefined: no such call in the history). */
    results: { call: ToolCall | undefined; result: ToolResultMessage }[];
    tools: ToolDefinition[];
    findings: Finding[];
    /** The first place the history differs from what was served (divergence.ts). */
    divergence?: Divergence;
  };
  outcome: {
    status: number;
    kind: OutcomeKind;
    /** The error text the harness receives (for every kind but reply and aborted). */
    message?: string;
    reply?: AssistantMessage;
    /** What a person made of the script's reply (serve --interactive, or a session it saved): the
     *  narration marks it as theirs. */
    edits?: readonly AppliedEdit[];
    /** Server-sent events written for a streamed reply. */
    events?: number;
    /** What an expectation found unmet, as data (the narration words it in the run's language). */
    problems?: UnmetExpectation[];
    /** Which failure a "fault" answer is. */
    fault?: FaultKind;
    /** What the fault's `retry-after` asks for, in seconds. */
    retryAfter?: number;
    /** Milliseconds the script holds the answer back (its `delay`), before the headers and in all. */
    delayedMs?: number;
    /** A stream that stops after this many events (the reply's `stall`). */
    stallsAfter?: number;
    /** How the stream is broken (the reply's `brokenStream`). */
    brokenStream?: StreamBreak;
    /** The models a "models" answer lists. */
    models?: string[];
  };
  /** Which attempt this request is at a reply that fails first (`fail`). */
  attempt?: Attempt;
}

export type ServeEvent =
  | { type: "listening"; url: string; fixture: string; routes: readonly string[] }
  | { type: "exchange"; record: ExchangeRecord }
  | { type: "closing"; signal: "SIGINT" | "SIGTERM" | "SIGHUP"; inFlight: number }
  /** A stalled answer ended: the client gave up, the stall's `forMs` passed, or the server closed. */
  | { type: "stallEnded"; number: number; by: StallEnd; afterMs: number }
  /** At closing: a failing reply the harness never retried past. */
  | { type: "gaveUp"; gaveUp: GaveUp }
  | { type: "closed"; requests: number };
