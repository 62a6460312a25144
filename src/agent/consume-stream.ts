// The loop's stream consumer: builds the assistant message from a reply's events, block by block,
// and returns it when the stream ends — as `complete` would have returned it. A call's arguments
// are parsed as they grow (for whoever watches), but the call is final only at `toolcall_end`.
// A stream cut short (done with "length", an error event, an abort, or events that simply stop)
// still yields a message: unfinished calls keep their last partial arguments, and the message's
// stopReason tells the loop not to run them, so each gets a paired error result.

import { type GrowingLeaf, type JsonChange, PartialJsonParser } from "../json/partial-json.ts";
import type { AssistantStream, AssistantStreamEvent } from "../protocol/stream-events.ts";
import type { AssistantMessage, StopReason, ToolCall } from "../protocol/types.ts";
import { describeAbort } from "./call-policy.ts";

/** A call still arriving: its argument text so far and what it parses to. */
export interface PartialToolCall {
  contentIndex: number;
  id: string;
  name: string;
  text: string;
  /** The best value known so far (live; copy it to keep it). */
  value: unknown;
  /** The leaf that may still change (`12` in `{"a":12`). */
  growing: GrowingLeaf | undefined;
  /** What this event's fragment changed in `value` (empty for other events): a watcher keeping its
   *  own copy applies these instead of re-reading `value` or `text`, which grow with every fragment. */
  changes: readonly JsonChange[];
  /** The text stopped being JSON here; the call will fail validation. */
  syntaxError: { offset: number; message: string } | undefined;
  ended: boolean;
}

/** What a watcher sees with each event: the message so far and, for a call's events, that call. */
export interface StreamProgress {
  partial: AssistantMessage;
  toolCall?: PartialToolCall;
}

export type StreamEventListener = (event: AssistantStreamEvent, progress: StreamProgress) => void | Promise<void>;

/** Why the stream ended early, when it did: the events stopped without `done` or `error`. */
export interface StreamEnding {
  message: AssistantMessage;
  /** Events received. */
  events: number;
  /** Set when the events ran out before a `done` or `error` event. */
  unterminated: boolean;
}

/** More content blocks than any reply has; the bound keeps a hostile index from allocating. */
export const MAX_BLOCKS = 10_000;

interface OpenCall {
  call: ToolCall;
  parser: PartialJsonParser;
  text: string;
  ended: boolean;
}

export async function consumeStream(stream: AssistantStream, options: { signal?: AbortSignal; onEvent?: StreamEventListener } = {}): Promise<StreamEnding> {
  // The timestamp comes with `start`; reading a clock here would shift every later timestamp.
  const partial: AssistantMessage = { role: "assistant", content: [], stopReason: "stop", timestamp: 0 };
  const calls = new Map<number, OpenCall>();
  let events = 0;
  let terminated = false;
  const iterator = stream[Symbol.asyncIterator]();
  try {
    while (!terminated) {
      if (options.signal?.aborted) {
        finishAborted(partial, calls, options.signal);
        return { message: partial, events, unterminated: false };
      }
      const next = await iterator.next();
      if (next.done) break;
      const event = next.value;
      events++;
      terminated = apply(partial, calls, event);
      await options.onEvent?.(event, progressFor(partial, calls, event));
    }
  } finally {
    // Stop the producer (a stalled fake server, a socket) whichever way this loop ended.
    if (!terminated) await iterator.return?.();
  }
  if (!terminated) {
    if (options.signal?.aborted) finishAborted(partial, calls, options.signal);
    else finishCut(partial, calls, "error", "the stream ended before its last event");
    return { message: partial, events, unterminated: !options.signal?.aborted };
  }
  return { message: partial, events, unterminated: false };
}

/** Applies one event to the message; true when the event ends the stream. */
function apply(partial: AssistantMessage, calls: Map<number, OpenCall>, event: AssistantStreamEvent): boolean {
  // Blocks may open out of order (explicit fragments can start block 1 first), so holes are
  // allowed; but events may come from a parser of untrusted data, and an index of a billion would
  // make a sparse array of that length, so an index beyond MAX_BLOCKS (or not whole) is ignored.
  if ("contentIndex" in event && !(Number.isInteger(event.contentIndex) && event.contentIndex >= 0 && event.contentIndex < MAX_BLOCKS)) return false;
  switch (event.type) {
    case "start":
      partial.timestamp = event.timestamp;
      return false;
    case "text_start":
      partial.content[event.contentIndex] = { type: "text", text: "" };
      return false;
    case "text_delta": {
      const block = partial.content[event.contentIndex];
      if (block?.type === "text") block.text += event.delta;
      return false;
    }
    case "text_end": {
      const block = partial.content[event.contentIndex];
      if (block?.type === "text") block.text = event.content;
      return false;
    }
    case "toolcall_start": {
      const call: ToolCall = { type: "toolCall", id: event.id, name: event.name, arguments: {} };
      partial.content[event.contentIndex] = call;
      calls.set(event.contentIndex, { call, parser: new PartialJsonParser(), text: "", ended: false });
      return false;
    }
    case "toolcall_delta": {
      const open = calls.get(event.contentIndex);
      if (!open || open.ended) return false;
      open.text += event.delta;
      open.parser.push(event.delta);
      return false;
    }
    case "toolcall_end": {
      const open = calls.get(event.contentIndex);
      // The producer's final call is the call: it parsed the whole text, as Pi's providers do.
      partial.content[event.contentIndex] = event.toolCall;
      if (open) {
        open.ended = true;
        open.call = event.toolCall;
      }
      return false;
    }
    case "done":
      partial.stopReason = event.reason;
      closeUnfinished(partial, calls);
      return true;
    case "error":
      partial.stopReason = event.reason;
      if (event.errorMessage !== undefined) partial.errorMessage = event.errorMessage;
      closeUnfinished(partial, calls);
      return true;
  }
}

function progressFor(partial: AssistantMessage, calls: Map<number, OpenCall>, event: AssistantStreamEvent): StreamProgress {
  if (!event.type.startsWith("toolcall_") || !("contentIndex" in event)) return { partial };
  const open = calls.get(event.contentIndex);
  if (!open) return { partial };
  return {
    partial,
    toolCall: {
      contentIndex: event.contentIndex,
      id: open.call.id,
      name: open.call.name,
      text: open.text,
      value: open.ended ? open.call.arguments : open.parser.value,
      growing: open.ended ? undefined : open.parser.growing,
      changes: event.type === "toolcall_delta" && !open.ended ? open.parser.changes : [],
      syntaxError: open.parser.error,
      ended: open.ended,
    },
  };
}

/** Unfinished calls keep the best value their text gave (`{}` when none had started). */
function closeUnfinished(partial: AssistantMessage, calls: Map<number, OpenCall>): void {
  for (const [index, open] of calls) {
    if (open.ended) continue;
    const value = open.parser.end().value;
    open.call.arguments = value === undefined ? {} : value;
    partial.content[index] = open.call;
  }
  // A block index the events skipped would leave a hole; holes are not content.
  partial.content = partial.content.filter((block) => block !== undefined);
}

function finishCut(partial: AssistantMessage, calls: Map<number, OpenCall>, reason: StopReason, errorMessage: string): void {
  partial.stopReason = reason;
  partial.errorMessage = errorMessage;
  closeUnfinished(partial, calls);
}

function finishAborted(partial: AssistantMessage, calls: Map<number, OpenCall>, signal: AbortSignal): void {
  finishCut(partial, calls, "aborted", describeAbort(signal));
}
