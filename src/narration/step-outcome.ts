// What happened to a call, in one word, for a step's title: a summary episode is titled by its
// outcome, not by what its fixture was written to show (an edited fixture may do otherwise).
import type { ToolCallTrace } from "../agent/execute-tool-call.ts";

/** Who produced a line's data; every data line of the transcript carries exactly one. */
export type Producer = "model" | "app" | "tool" | "person";

export type CallOutcome =
  /** Validated and run; `isError` when the tool itself reported a failure. */
  | { kind: "ran"; name: string; isError: boolean }
  | { kind: "invalid"; name: string }
  | { kind: "unknownTool"; name: string }
  | { kind: "threw"; name: string }
  /** The loop answered it without running it (truncated reply, duplicate id, …). */
  | { kind: "refused"; name: string }
  | { kind: "aborted"; name: string };

export type EpisodeOutcome = CallOutcome | { kind: "noCall" } | { kind: "stopped" };

export function callOutcome(name: string, { outcome, result }: ToolCallTrace): CallOutcome {
  switch (outcome.stage) {
    case "done":
      return { kind: "ran", name, isError: result.isError };
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
