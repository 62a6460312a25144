// A reply that fails first (a fixture's `fail`), as a stage of the exchange: the request is
// counted as one more attempt at its point of the script (attempt-book.ts), and while the script
// still fails that many, it is answered with the provider's own failure — its status, error body
// and headers (the provider's faults, each citing its documentation), with the request's id — in
// place of the reply. The attempt after the last failure gets the reply itself.
import { type Answer, type Answering, exchangeRecord, JSON_TYPE } from "./answer.ts";
import type { Attempt, AttemptBook } from "./attempt-book.ts";
import type { Checked } from "./check-request.ts";
import { errorMessage } from "./record-failure.ts";

/** The attempt this request makes at a reply that fails first; undefined for any other reply. */
export function noteAttempt(book: AttemptBook, checked: Checked, provider: string, body: string, request: number): Attempt | undefined {
  const fail = checked.reply.fail;
  if (!fail) return undefined;
  return book.attempt(attemptPoint(checked, provider), body, { request, reply: checked.turn, failures: fail.times ?? 1, retryAfter: fail.retryAfter });
}

/** The point of the script a request is an attempt at: its episode, its reply and the history as
 *  the script sees it (its own call ids), so the same request sent again is the same point,
 *  whatever ids the wire carried. */
export function attemptPoint(checked: Checked, provider: string): string {
  return `${provider}\n${checked.conversation?.episode ?? 0}\n${checked.turn}\n${JSON.stringify(checked.view.context.messages)}`;
}

/** Whether this attempt is one the script fails. */
export function failsNow(attempt: Attempt | undefined): attempt is Attempt {
  return attempt !== undefined && attempt.number <= attempt.failures;
}

/** The provider's failure of the kind the reply names, narrated with its attempt. */
export function faultAnswer(to: Answering, checked: Checked, attempt: Attempt): Answer {
  const fail = checked.reply.fail;
  if (!fail) throw new Error("faultAnswer: the reply has no fail");
  const { status, body, headers } = to.responder.faults.answer(fail.kind, { requestId: to.requestId, retryAfter: fail.retryAfter, message: fail.message });
  const text = JSON.stringify(body);
  const message = errorMessage(body) ?? "";
  const outcome = { status, kind: "fault" as const, message, fault: fail.kind, ...(fail.retryAfter === undefined ? {} : { retryAfter: fail.retryAfter }) };
  const record = { ...exchangeRecord(to.head, checked.conversation, outcome), attempt };
  return { status, contentType: JSON_TYPE, body: text, headers: { ...to.headers, ...headers }, record };
}
