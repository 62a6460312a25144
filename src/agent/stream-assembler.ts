// The stream consumer's core: a reply's events applied one at a time to the assistant message they
// build, block by block, with no waiting in it. consumeStream (consume-stream.ts) runs it over a
// live stream; assembleEvents runs it over events already in memory (a capture read back), where
// there is nothing to wait for. A call's arguments are parsed as they
// grow (for whoever watches), but the call is final only at `toolcall_end`. A stream cut short
// still yields a message: unfinished calls keep their last partial arguments, and the message's
// stopReason tells the loop not to run them, so each gets a paired error result.

import { type GrowingLeaf, type JsonChange, PartialJsonParser } from "../json/partial-json.ts";
import type { AssistantStreamEvent } from "../protocol/stream-events.ts";
import type { AbortWords } from "../protocol/text.ts";
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

export class StreamAssembler {
  // The timestamp comes with `start`; reading a clock here would shift every later timestamp.
  readonly #partial: AssistantMessage = { role: "assistant", content: [], stopReason: "stop", timestamp: 0 };
  readonly #calls = new Map<number, OpenCall>();
  #events = 0;
  #terminated = false;

  /** A `done` or `error` event has ended the stream. */
  get terminated(): boolean {
    return this.#terminated;
  }

  /** Applies one event to the message; true when the event ends the stream. */
  push(event: AssistantStreamEvent): boolean {
    this.#events++;
    this.#terminated = this.#apply(event);
    return this.#terminated;
  }

  /** The message as the last event left it, and that event's call. */
  progress(event: AssistantStreamEvent): StreamProgress {
    const partial = this.#partial;
    if (!event.type.startsWith("toolcall_") || !("contentIndex" in event)) return { partial };
    const open = this.#calls.get(event.contentIndex);
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

  /** The message once a `done` or `error` event has ended the stream. */
  ended(): StreamEnding {
    return { message: this.#partial, events: this.#events, unterminated: false };
  }

  /** The message of a stream whose events stopped before its last one: cut, with an error. */
  cut(): StreamEnding {
    this.#finish("error", "the stream ended before its last event");
    return { message: this.#partial, events: this.#events, unterminated: true };
  }

  /** The message of a stream stopped by the run (Ctrl-C, a timeout): aborted, with its reason. */
  aborted(signal: AbortSignal, words?: AbortWords): StreamEnding {
    this.#finish("aborted", describeAbort(signal, words));
    return { message: this.#partial, events: this.#events, unterminated: false };
  }

  #apply(event: AssistantStreamEvent): boolean {
    const partial = this.#partial;
    const calls = this.#calls;
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
        this.#closeUnfinished();
        return true;
      case "error":
        partial.stopReason = event.reason;
        if (event.errorMessage !== undefined) partial.errorMessage = event.errorMessage;
        this.#closeUnfinished();
        return true;
    }
  }

  /** Unfinished calls keep the best value their text gave (`{}` when none had started). */
  #closeUnfinished(): void {
    const partial = this.#partial;
    for (const [index, open] of this.#calls) {
      if (open.ended) continue;
      const value = open.parser.end().value;
      open.call.arguments = value === undefined ? {} : value;
      partial.content[index] = open.call;
    }
    // A block index the events skipped would leave a hole; holes are not content.
    partial.content = partial.content.filter((block) => block !== undefined);
  }

  #finish(reason: StopReason, errorMessage: string): void {
    this.#partial.stopReason = reason;
    this.#partial.errorMessage = errorMessage;
    this.#closeUnfinished();
  }
}

/** A reply's events already in memory (a capture read back), assembled as consumeStream would
 *  assemble them streamed: the same message, the same progress for each event, without a wait. */
export function assembleEvents(
  events: Iterable<AssistantStreamEvent>,
  onEvent?: (event: AssistantStreamEvent, progress: StreamProgress) => void,
): StreamEnding {
  const assembler = new StreamAssembler();
  for (const event of events) {
    const terminated = assembler.push(event);
    onEvent?.(event, assembler.progress(event));
    if (terminated) return assembler.ended();
  }
  return assembler.cut();
}
