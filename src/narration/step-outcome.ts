// What happened to a call, in one word, for a step's title: a summary episode is titled by its
// outcome, not by what its fixture was written to show (an edited fixture may do otherwise).
import type { ToolCallTrace } from "../agent/execute-tool-call.ts";

/** Who produced a line's data; every data line of the transcript carries exactly one. `record` is
 *  a result a log recorded and a replay plays back (nothing ran); `playground` is this program's
 *  own checks where the app is someone else's harness (serve). */
export type Producer = "model" | "app" | "tool" | "person" | "record" | "playground";

export type CallOutcome =
  /** Validated and run; `isError` when the tool itself reported a failure; `recorded` when the
   *  "tool" only played back a result a log recorded. */
  | { kind: "ran"; name: string; isError: boolean; recorded?: boolean }
  | { kind: "invalid"; name: string }
  | { kind: "unknownTool"; name: string }
  | { kind: "threw"; name: string }
  /** The loop answered it without running it (truncated reply, duplicate id, …). */
  | { kind: "refused"; name: string }
  | { kind: "aborted"; name: string };

/** `allDropped`: the model asked for calls, and a person removed every one (interactive). */
export type EpisodeOutcome = CallOutcome | { kind: "noCall" } | { kind: "allDropped" } | { kind: "stopped" };

export function callOutcome(name: string, { outcome, result }: ToolCallTrace, recorded = false): CallOutcome {
  switch (outcome.stage) {
    case "done":
      return recorded ? { kind: "ran", name, isError: result.isError, recorded } : { kind: "ran", name, isError: result.isError };
    case "parse":
      return { kind: "invalid", name };
    case "lookup":
      return { kind: "unknownTool", name };
    case "execute":
      return { kind: "threw", name };
    case "skipped":
      return outcome.reason === "aborted" || outcome.reason === "notStarted" ? { kind: "aborted", name } : { kind: "refused", name };
  }
}

export type OutcomeKind = EpisodeOutcome["kind"];

/** The outcome a fixture's title was written for (`titleWhen`), worded with the actual call's name. */
export function meantOutcome(kind: OutcomeKind, name: string): EpisodeOutcome {
  switch (kind) {
    case "ran":
      return { kind, name, isError: false };
    case "noCall":
    case "allDropped":
    case "stopped":
      return { kind };
    default:
      return { kind, name };
  }
}
