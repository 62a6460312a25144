// A request serve answers with the provider's error instead of a reply, as a value: each stage of
// an exchange returns what it found or a refusal, and the exchange answers the first refusal.

import type { AssistantMessage } from "../../protocol/types.ts";
import { type ErrorKind, errorStatus } from "../../providers/shared/error-kind.ts";
import { type Answer, type Answering, type Conversation, exchangeRecord, JSON_TYPE } from "./answer.ts";
import type { UnmetExpectation } from "./expectations.ts";
import type { OutcomeKind } from "./serve-events.ts";

export interface Refusal {
  /** Which of the provider's errors answers it: its status and its error type. */
  error: ErrorKind;
  /** What the narration calls it. */
  outcome: OutcomeKind;
  /** The error's text, as the harness receives it. */
  message: string;
  /** The request's history, when it was read far enough to show. */
  conversation?: Conversation;
  /** What an expectation found unmet (`outcome` "expectation"). */
  problems?: UnmetExpectation[];
  /** The scripted reply that is itself the failure (`outcome` "scriptedError"). */
  reply?: AssistantMessage;
  /** The provider's own error body, when the provider worded the refusal itself. */
  body?: object;
}

/** What a stage returns instead of its result when the request is refused. */
export interface Refused {
  refusal: Refusal;
}

export function refuse(error: ErrorKind, outcome: OutcomeKind, message: string, more: Omit<Refusal, "error" | "outcome" | "message"> = {}): Refused {
  return { refusal: { error, outcome, message, ...more } };
}

export function isRefused<T extends object>(result: T | Refused): result is Refused {
  return "refusal" in result;
}

/** The provider's error answer (its status and body) with the record that narrates it. */
export function refusalAnswer(to: Answering, { error, outcome, message, conversation, problems, reply, body }: Refusal): Answer {
  const status = errorStatus[error];
  return {
    status,
    contentType: JSON_TYPE,
    body: JSON.stringify(body ?? to.responder.error(error, message, to.requestId)),
    headers: to.headers,
    record: exchangeRecord(to.head, conversation, { status, kind: outcome, message, ...(problems ? { problems } : {}), ...(reply ? { reply } : {}) }),
  };
}
