// Shared by the provider stream parsers: turns what a provider's events say ("block 2 starts as a
// tool_use", "more text") into the neutral events (stream/events.ts), assigning content indices in
// the order blocks open. A parser only has to read its provider's shapes; the message itself is
// then built by the one consumer the loop uses (consume-stream.ts).

import { isRecord } from "../../json/is-record.ts";
import { parsePartialJson } from "../../json/partial-json.ts";
import type { AssistantStreamEvent } from "../../protocol/stream-events.ts";
import type { StopReason } from "../../protocol/types.ts";
import type { SseFrame } from "./sse.ts";

interface OpenBlock {
  key: string;
  contentIndex: number;
  kind: "text" | "toolCall";
  id: string;
  name: string;
  text: string;
  ended: boolean;
}

export class NeutralEventBuilder {
  readonly events: AssistantStreamEvent[] = [];
  /** Event types this provider sends that the parser does not use (ping, usage, extras). */
  readonly skipped: string[] = [];
  #blocks = new Map<string, OpenBlock>();
  #count = 0;
  #last: OpenBlock | undefined;
  #started = false;
  #terminated = false;

  get terminated(): boolean {
    return this.#terminated;
  }

  start(timestamp = 0): void {
    if (this.#started) return;
    this.#started = true;
    this.events.push({ type: "start", timestamp });
  }

  openText(key: string): void {
    this.#open(key, "text", "", "");
  }

  openCall(key: string, id: string, name: string): void {
    this.#open(key, "toolCall", id, name);
  }

  /** Text for the current text block, or a new one when the last block opened is not an open text. */
  appendText(text: string, key = `text@${this.#count}`): void {
    const last = this.#last;
    if (last && last.kind === "text" && !last.ended) return this.delta(last.key, text);
    this.openText(key);
    this.delta(key, text);
  }

  delta(key: string, text: string): void {
    const block = this.#blocks.get(key);
    if (!block || block.ended || text === "") return;
    block.text += text;
    this.events.push(
      block.kind === "text"
        ? { type: "text_delta", contentIndex: block.contentIndex, delta: text }
        : { type: "toolcall_delta", contentIndex: block.contentIndex, delta: text },
    );
  }

  has(key: string): boolean {
    return this.#blocks.has(key);
  }

  /** The block is complete: a text's content, or the call with its arguments parsed from the text. */
  end(key: string, override?: { arguments?: unknown }): void {
    const block = this.#blocks.get(key);
    if (!block || block.ended) return;
    block.ended = true;
    if (block.kind === "text") {
      this.events.push({ type: "text_end", contentIndex: block.contentIndex, content: block.text });
      return;
    }
    const parsed = override && "arguments" in override ? override.arguments : parsePartialJson(block.text);
    this.events.push({
      type: "toolcall_end",
      contentIndex: block.contentIndex,
      toolCall: { type: "toolCall", id: block.id, name: block.name, arguments: parsed === undefined ? {} : parsed },
    });
  }

  /** Ends every open text block (a provider that closes them implicitly at the end). */
  endOpenTexts(): void {
    for (const [key, block] of this.#blocks) if (block.kind === "text") this.end(key);
  }

  done(reason: Extract<StopReason, "stop" | "length" | "toolUse">): void {
    if (this.#terminated) return;
    this.#terminated = true;
    this.events.push({ type: "done", reason });
  }

  error(reason: Extract<StopReason, "error" | "aborted">, errorMessage?: string): void {
    if (this.#terminated) return;
    this.#terminated = true;
    this.events.push({ type: "error", reason, ...(errorMessage === undefined ? {} : { errorMessage }) });
  }

  skip(type: string): void {
    this.skipped.push(type);
  }

  hasToolCalls(): boolean {
    return [...this.#blocks.values()].some((block) => block.kind === "toolCall");
  }

  #open(key: string, kind: OpenBlock["kind"], id: string, name: string): void {
    if (this.#blocks.has(key)) return;
    this.start();
    const block: OpenBlock = { key, contentIndex: this.#count++, kind, id, name, text: "", ended: false };
    this.#blocks.set(key, block);
    this.#last = block;
    this.events.push(
      kind === "text" ? { type: "text_start", contentIndex: block.contentIndex } : { type: "toolcall_start", contentIndex: block.contentIndex, id, name },
    );
  }
}

/** What a provider parser hands back: the neutral events, what it skipped, and what it could not read. */
export interface ParsedStream {
  events: AssistantStreamEvent[];
  skipped: string[];
  /** Events that had a known type but a shape the parser could not use. */
  problems: string[];
}

export function stringField(value: Record<string, unknown>, key: string): string | undefined {
  const field = value[key];
  return typeof field === "string" ? field : undefined;
}

export function numberField(value: Record<string, unknown>, key: string): number | undefined {
  const field = value[key];
  return typeof field === "number" ? field : undefined;
}

export function recordField(value: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const field = value[key];
  return isRecord(field) ? field : undefined;
}

/** The frames whose data is an object with a string `type` (how Anthropic and the Responses API tag
 *  every event), each with that type; any other frame is listed as skipped on `builder`. */
export function* typedFrames(frames: readonly SseFrame[], builder: NeutralEventBuilder): Generator<{ type: string; data: Record<string, unknown> }> {
  for (const frame of frames) {
    const data = frame.data;
    const type = isRecord(data) ? stringField(data, "type") : undefined;
    if (isRecord(data) && type !== undefined) yield { type, data };
    else builder.skip(frame.event ?? "(untyped)");
  }
}

/** What a frame calls itself: its data's `type`, or else its `event:` name. */
export function frameType({ event, data }: SseFrame): string | undefined {
  return (isRecord(data) && stringField(data, "type")) || event;
}
