// The --stream narration: each event of a streamed reply on its own line, and for a call's
// fragments the argument text so far, the best value it gives (with the leaf that may still grow)
// and the moment the call becomes complete enough to validate. With --wire it also shows the
// server-sent events the provider would have sent for the same reply. Words come from the stream
// catalog; everything from the model is shown as JSON or escaped, never raw.
import type { StreamCatalog } from "../i18n/stream-catalog.ts";
import type { StreamProgress } from "../stream/consume-stream.ts";
import type { AssistantStreamEvent } from "../stream/events.ts";
import { clip, json } from "./format.ts";
import type { Style } from "./style.ts";

/** One provider's stream renderer, bound: a reply's neutral events in, its wire events out. */
export type WireStreamView = (events: readonly AssistantStreamEvent[]) => WireStreamBlock;

export interface WireStreamBlock {
  provider: string;
  endpoint: string;
  /** Usually one; Gemini shows its classic form and its streamed-arguments form. */
  variants: { label?: string; frames: SseFrame[] }[];
}

/** One server-sent event: the optional `event:` line and the JSON on its `data:` line. */
export interface SseFrame {
  event?: string;
  data: unknown;
}

const LINE = "    ";
const EVENT = "      ";
const DETAIL = "          ";

export class StreamNarrator {
  #events: AssistantStreamEvent[] = [];
  #ended = new Set<number>();
  #reportedSyntax = new Set<number>();

  constructor(
    private readonly say: StreamCatalog,
    private readonly style: Style,
    private readonly write: (line: string) => void,
    private readonly wire?: WireStreamView,
  ) {}

  onStreamEvent(event: AssistantStreamEvent, progress: StreamProgress): void {
    const { say, style } = this;
    if (event.type === "start") {
      this.#events = [];
      this.#ended.clear();
      this.#reportedSyntax.clear();
      this.write(`${LINE}${style.note(say.streamHeader)}`);
    }
    this.#events.push(event);
    const tag = (name: string) => `${EVENT}${style.model(`${name.padEnd(15)}${"contentIndex" in event ? `[${event.contentIndex}] ` : ""}`)}`;
    switch (event.type) {
      case "start":
        this.write(tag("start").trimEnd());
        return;
      case "text_start":
        this.write(tag("text_start").trimEnd());
        return;
      case "text_delta":
        this.write(`${tag("text_delta")}+${escaped(event.delta)}`);
        return;
      case "text_end":
        this.#ended.add(event.contentIndex);
        this.write(`${tag("text_end")}${escaped(event.content)}`);
        return;
      case "toolcall_start":
        this.write(`${tag("toolcall_start")}${visible(event.name)} id=${visible(event.id)}`);
        return;
      case "toolcall_delta": {
        this.write(`${tag("toolcall_delta")}+${escaped(event.delta)}`);
        const call = progress.toolCall;
        if (!call) return;
        const value = call.value === undefined ? say.notYetAValue : json(call.value);
        const grows = call.growing ? ` ${say.mayGrow(call.growing, json(rightmostLeaf(call.value)))}` : "";
        this.write(`${DETAIL}${style.note(say.argumentsSoFar(visible(clip(call.text)), value))}${grows}`);
        if (call.syntaxError && !this.#reportedSyntax.has(event.contentIndex)) {
          this.#reportedSyntax.add(event.contentIndex);
          this.write(`${DETAIL}${style.failure(say.notJson(call.syntaxError.offset, call.syntaxError.message))}`);
        }
        return;
      }
      case "toolcall_end":
        this.#ended.add(event.contentIndex);
        this.write(`${tag("toolcall_end")}${visible(event.toolCall.name)} arguments=${json(event.toolCall.arguments)}`);
        this.write(`${DETAIL}${style.app(say.validationPossible)}`);
        return;
      case "done":
      case "error": {
        this.write(`${EVENT}${style.model(event.type === "done" ? `done  reason=${event.reason}` : `error reason=${event.reason}`)}`);
        this.write(`${LINE}${event.type === "done" && event.reason !== "length" ? style.note(say.streamDone(event.reason)) : style.failure(event.type === "done" ? say.streamDone(event.reason) : say.streamError(event.reason, event.errorMessage && visible(event.errorMessage)))}`);
        progress.partial.content.forEach((block, index) => {
          if (block.type === "toolCall" && !this.#ended.has(index)) this.write(`${LINE}${style.failure(say.unfinishedCall(visible(block.name), visible(block.id), json(block.arguments)))}`);
        });
        this.#wireBlock();
        return;
      }
    }
  }

  #wireBlock(): void {
    if (!this.wire) return;
    const block = this.wire(this.#events);
    this.write(`${LINE}${this.style.note(this.say.wireStreamHeading(block.provider, block.endpoint))}`);
    for (const variant of block.variants) {
      if (variant.label !== undefined) this.write(`${LINE}${this.style.note(this.say.wireStreamVariant(variant.label))}`);
      for (const frame of variant.frames) {
        if (frame.event !== undefined) this.write(`${EVENT}${this.style.app(`event: ${frame.event}`)}`);
        this.write(`${EVENT}${this.style.app(`data: ${sseData(frame.data)}`)}`);
      }
    }
  }
}

/** A `data:` line's JSON; the one non-JSON payload providers send is OpenAI's `[DONE]`. */
export function sseData(data: unknown): string {
  return typeof data === "string" ? data : (JSON.stringify(data) ?? "null");
}

/** The leaf at the end of a partial value: parsing runs left to right, so what grows is always there. */
function rightmostLeaf(value: unknown): unknown {
  let current = value;
  for (;;) {
    if (Array.isArray(current)) {
      if (current.length === 0) return current;
      current = current[current.length - 1];
    } else if (typeof current === "object" && current !== null) {
      const keys = Object.keys(current);
      const last = keys[keys.length - 1];
      if (last === undefined) return current;
      current = Object.getOwnPropertyDescriptor(current, last)?.value;
    } else return current;
  }
}

/** A fragment as a JSON string literal: quotes, escapes and control characters all visible. */
function escaped(text: string): string {
  return visible(clip(JSON.stringify(text)));
}

/** Control characters (C0, DEL, C1) and bidi overrides as \u escapes: model data cannot move the cursor. */
export function visible(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
