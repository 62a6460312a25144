// The sentences of the stream narration (--stream, and replay-stream's event by event), one
// interface that each language implements in full (stream-catalog-zh.ts, stream-catalog-en.ts;
// load-stream-catalog.ts loads one), beside the main catalog rather than inside it.
import type { GrowingLeaf } from "../json/partial-json.ts";
import type { StopReason } from "../protocol/types.ts";

export interface StreamCatalog {
  /** Before a reply's events. */
  streamHeader: string;
  /** After a delta: the argument text so far and the value it gives. */
  argumentsSoFar(text: string, value: string): string;
  /** `leaf`: the value at the end that may still change. */
  mayGrow(kind: GrowingLeaf, leaf: string): string;
  notYetAValue: string;
  notJson(offset: number, message: string): string;
  /** At toolcall_end: the moment validation becomes possible. */
  validationPossible: string;
  streamDone(reason: StopReason): string;
  streamError(reason: StopReason, message: string | undefined): string;
  /** A call the stream never finished: its last partial arguments stay in the message. */
  unfinishedCall(name: string, id: string, value: string): string;
  /** --wire with --stream: the events the provider would send for this reply. */
  wireStreamHeading(provider: string, endpoint: string): string;
  wireStreamVariant(label: string): string;
}
