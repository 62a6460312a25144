// The fixture's `stream` key: how a scripted reply is to be streamed (fragment size, explicit
// fragments, an early cut), as data and as its validator. Apart from stream-plan.ts, which turns a
// plan into events, so that loading a fixture does not load the streaming code.

import { arrayOf } from "../schema/collections.ts";
import { objectValue } from "../schema/object-schema.ts";
import { describe, enumValue, nonNegativeInteger, optional, optionalPositiveInteger, optionalString, type Validator } from "../schema/validator.ts";

/** Fragment size when neither the reply nor the command line sets one. */
export const DEFAULT_CHUNK = 8;

export type StreamCutReason = "length" | "error" | "stall";

/** `Text`: how a fragment's text is written (a fixture file may write a text block's fragments once
 *  per language; a run reads one). */
export interface StreamPlan<Text = string> {
  /** Fragment size for this reply (the command line's --chunk wins). */
  chunk?: number;
  /** Explicit fragments in the order they arrive; blocks may interleave. */
  deltas?: { block: number; text: Text }[];
  /** End the stream after this many fragments. */
  cut?: { after?: number; reason: StreamCutReason; errorMessage?: string };
}

/** The fixture's `stream` key on a reply, written with the project's validators like the rest of the
 *  format; `text` reads a fragment (the fixture format passes its own, which reads one per language). */
export function streamPlanValueWith<Text>(text: Validator<Text>): Validator<StreamPlan<Text> | undefined> {
  return optional(
    objectValue({
      chunk: describe(optionalPositiveInteger, "Fragment size for this reply; --chunk on the command line wins"),
      deltas: optional(
        describe(
          arrayOf(
            objectValue({
              block: describe(nonNegativeInteger, "Index of the content block"),
              text: describe(text, "The fragment: text (one per language, or one for both), or a piece of the arguments' JSON text"),
            }),
          ),
          "Explicit fragments, in arrival order; blocks may interleave",
        ),
      ),
      cut: optional(
        describe(
          objectValue({
            after: describe(optionalPositiveInteger, "Fragments delivered before the cut (default: all)"),
            reason: describe(
              enumValue(["length", "error", "stall"]),
              "length: done with stopReason length; error: an error event; stall: nothing more until the run is aborted",
            ),
            errorMessage: optionalString,
          }),
          "End the stream early",
        ),
      ),
    }),
  );
}
