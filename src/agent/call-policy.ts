// The loop's own checks on a reply, before any tool runs: calls a careful harness answers
// without executing, each with a paired error result (never an exception, never silence).

import { type AbortWords, abortText, type SkipWords, skipText } from "../protocol/text.ts";
import type { AssistantMessage, ToolCall } from "../protocol/types.ts";
import { failedToolResult, type SkipReason, type ToolCallTrace } from "./execute-tool-call.ts";

/** Why a call must not run, or undefined when it may. `repeatsId`: an earlier call of the same
 *  message already used its id. */
export function skipReason(message: AssistantMessage, repeatsId: boolean): SkipReason | undefined {
  // A cut-off reply may hold cut-off arguments: running them would act on half a request.
  if (message.stopReason === "length") return "truncated";
  if (message.stopReason === "error" || message.stopReason === "aborted") return "modelError";
  // A second call with the same id could never be told apart from the first when results return.
  if (repeatsId) return "duplicateId";
  return undefined;
}

/** The wording of each reason: contract text, inside the paired result the model reads (the
 *  narration words it for the reader from `reason`). `words`: the registry's — chapter 06's by
 *  default, English under --lang en. */
export function skipMessage(reason: SkipReason, call: ToolCall, message: AssistantMessage, abortReason: string, words: SkipWords = skipText): string {
  switch (reason) {
    case "truncated":
      return words.truncated;
    case "modelError":
      return words.modelError(message.stopReason);
    case "duplicateId":
      return words.duplicateId(call.id);
    case "notStarted":
      return words.notStarted(abortReason);
    case "aborted":
      return words.aborted(abortReason);
  }
}

export function skippedTrace(call: ToolCall, reason: SkipReason, message: string, timestamp: number): ToolCallTrace {
  const error = new Error(message);
  return { result: failedToolResult(call, error, timestamp), outcome: { stage: "skipped", reason, error } };
}

/** Why a run was aborted, as data: hosts abort with it so that narrators can word it. */
export class RunAborted extends Error {
  override readonly name = "RunAborted";
  readonly kind: "timeout" | "interrupt";
  readonly ms: number | undefined;
  /** Which signal interrupted the run: Ctrl-C, or a SIGTERM / SIGHUP from outside. */
  readonly signal: StopSignal;

  constructor(kind: "timeout" | "interrupt", ms?: number, signal: StopSignal = "SIGINT") {
    // The message is what the aborted calls' results quote: contract text, not narration.
    super(kind === "timeout" ? abortText.timeout(ms) : abortText.interrupted);
    this.kind = kind;
    this.ms = ms;
    this.signal = signal;
  }
}

/** The signals that end a run the way Ctrl-C does (paired results, then 128 + the signal's number). */
export type StopSignal = "SIGINT" | "SIGTERM" | "SIGHUP";

/** The signal behind an abort reason, when a signal was behind it. */
export function stopSignalOf(reason: unknown): StopSignal | undefined {
  return reason instanceof RunAborted && reason.kind === "interrupt" ? reason.signal : undefined;
}

/** The text of an abort reason: an Error's message, or the value itself. */
export function describeAbort(signal: AbortSignal | undefined, words: AbortWords = abortText): string {
  const reason: unknown = signal?.reason;
  // The playground's own aborts are worded in the run's language; anyone else's as they said it.
  if (reason instanceof RunAborted) return reason.kind === "timeout" ? words.timeout(reason.ms) : words.interrupted;
  if (reason instanceof Error) return reason.message;
  return reason === undefined ? words.noReason : String(reason);
}
