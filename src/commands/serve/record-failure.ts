// An upstream's error answer as the fixture's scripted failure (the script reply's `fail`), so a
// replay gives the harness the same trouble: the status, and for a 400 the provider's words, say
// which kind it is. A failure no kind can say (a 404) is not replayable, nor a 401 or 403, which
// is the recording's own key (`unauthorized` and `permissionDenied` are for a fixture to script on
// purpose); the recorder notes it.
import { type Fail, MAX_RETRY_AFTER_S } from "../../fixture/fault-format.ts";
import { isRecord } from "../../json/is-record.ts";
import type { FaultKind } from "../../providers/shared/fault-kind.ts";

/** A scripted failure as the fixture writes it on a reply (fault-format.ts). */
export type ScriptedFailure = Fail<string>;

/** The statuses each provider documents for its kinds of trouble:
 *  https://platform.openai.com/docs/guides/error-codes (429, 500, 503),
 *  https://docs.anthropic.com/en/api/errors (429 rate_limit_error, 500 api_error, 529 overloaded_error),
 *  https://ai.google.dev/gemini-api/docs/troubleshooting (429 RESOURCE_EXHAUSTED, 500, 503, 504 DEADLINE_EXCEEDED). */
const byStatus: Readonly<Record<number, FaultKind>> = { 429: "rateLimit", 529: "overloaded", 500: "serverError", 503: "unavailable", 504: "gatewayTimeout" };

/** The words a 400 says the conversation is past the model's context in: OpenAI's
 *  `context_length_exceeded` code, Anthropic's "prompt is too long", Gemini's "exceeds the maximum
 *  number of tokens". */
const contextTooLong = /context_length_exceeded|context length|prompt is too long|maximum number of tokens|too many tokens/i;

/** The error's own message, as each provider's error body holds it (`error.message`). */
export function errorMessage(body: unknown): string | undefined {
  const error = isRecord(body) ? body.error : undefined;
  if (isRecord(error) && typeof error.message === "string") return error.message;
  return typeof error === "string" ? error : undefined;
}

/** The scripted failure an upstream error answer replays as, or undefined when none says it. */
export function failureOf(status: number, body: unknown, retryAfter: string | null): ScriptedFailure | undefined {
  const message = errorMessage(body);
  const overloaded = isRecord(body) && isRecord(body.error) && body.error.type === "overloaded_error";
  const kind = overloaded ? "overloaded" : status === 400 && message !== undefined && contextTooLong.test(message) ? "contextTooLong" : byStatus[status];
  if (kind === undefined) return undefined;
  const seconds = retryAfter === null ? Number.NaN : Number(retryAfter);
  return {
    kind,
    // Clamped to what the format loads: an upstream's `retry-after: 999…9` is a day, not 1e+23.
    ...(Number.isInteger(seconds) && seconds >= 0 ? { retryAfter: Math.min(seconds, MAX_RETRY_AFTER_S) } : {}),
    ...(message === undefined ? {} : { message }),
  };
}
