// The --stream narration: each event of a streamed reply on its own line, and for a call's
// fragments the argument text so far, the best value it gives (with the leaf that may still grow)
// and the moment the call becomes complete enough to validate. With --wire it also shows the
// server-sent events the provider would have sent for the same reply. Words come from the stream
// catalog; every line carries its producer's mark (the events are the model's data, what the
// parse makes of them is the app's) and passes the one sanitiser, as the transcript's lines do.

import type { StreamProgress } from "../agent/consume-stream.ts";
import { jsonSafe } from "../io/sanitize.ts";
import type { AssistantStreamEvent } from "../protocol/stream-events.ts";
import type { SseFrame, WireStreamBlock } from "../providers/shared/sse.ts";
import type { Catalog } from "./catalog.ts";
import { clip, json, PREVIEW_LIMIT } from "./display-text.ts";
import { MarkedLines } from "./marked-lines.ts";
import type { StreamCatalog } from "./stream-catalog.ts";
import type { Style } from "./style.ts";

export type { SseFrame, WireStreamBlock };

/** One provider's stream renderer, bound: a reply's neutral events in, its wire events out. */
export type WireStreamView = (events: readonly AssistantStreamEvent[]) => WireStreamBlock;

/** Indents an event's detail under the event line. */
const DETAIL = "    ";

export class StreamNarrator {
  #events: AssistantStreamEvent[] = [];
  #ended = new Set<number>();
  #reportedSyntax = new Set<number>();
  #previews = new Map<number, TextPreview>();
  readonly #lines: MarkedLines;
  private readonly say: StreamCatalog;
  private readonly wire: WireStreamView | undefined;

  /** `catalog`: the transcript's, for the producer marks. */
  constructor(catalog: () => Catalog, say: StreamCatalog, style: Style, write: (line: string) => void, wire?: WireStreamView) {
    this.#lines = new MarkedLines(style, write, catalog);
    this.say = say;
    this.wire = wire;
  }

  onStreamEvent(event: AssistantStreamEvent, progress: StreamProgress): void {
    const { say } = this;
    const lines = this.#lines;
    if (event.type === "start") {
      this.#events = [];
      this.#ended.clear();
      this.#reportedSyntax.clear();
      this.#previews.clear();
      lines.line("app", say.streamHeader, "note");
    }
    this.#events.push(event);
    // The event as the model's data: its name, its block, then what it carries.
    const tag = (name: string) => `${name.padEnd(15)}${"contentIndex" in event ? `[${event.contentIndex}] ` : ""}`;
    const modelData = (text: string) => lines.data("model", text.trimEnd());
    switch (event.type) {
      case "start":
      case "text_start":
        return modelData(tag(event.type));
      case "text_delta":
        return modelData(`${tag("text_delta")}+${quotedFragment(event.delta)}`);
      case "text_end":
        this.#ended.add(event.contentIndex);
        return modelData(`${tag("text_end")}${quotedFragment(event.content)}`);
      case "toolcall_start":
        return modelData(`${tag("toolcall_start")}${event.name} id=${event.id}`);
      case "toolcall_delta": {
        modelData(`${tag("toolcall_delta")}+${quotedFragment(event.delta)}`);
        const call = progress.toolCall;
        if (!call) return;
        let preview = this.#previews.get(event.contentIndex);
        if (!preview) this.#previews.set(event.contentIndex, (preview = new TextPreview()));
        // The consumer appends a fragment only while the call is open; so does the preview.
        if (!call.ended) preview.add(event.delta);
        // What the app makes of the text so far: its own parse, not the model's claim.
        const value = call.value === undefined ? say.notYetAValue : json(call.value);
        const grows = call.growing ? ` ${say.mayGrow(call.growing, json(rightmostLeaf(call.value)))}` : "";
        lines.data("app", `${DETAIL}${say.argumentsSoFar(preview.clipped(), value)}${grows}`, "note");
        if (call.syntaxError && !this.#reportedSyntax.has(event.contentIndex)) {
          this.#reportedSyntax.add(event.contentIndex);
          lines.data("app", `${DETAIL}${say.notJson(call.syntaxError.offset, call.syntaxError.message)}`, "failure");
        }
        return;
      }
      case "toolcall_end":
        this.#ended.add(event.contentIndex);
        modelData(`${tag("toolcall_end")}${event.toolCall.name} arguments=${json(event.toolCall.arguments)}`);
        lines.data("app", `${DETAIL}${say.validationPossible}`);
        return;
      case "done":
      case "error": {
        modelData(event.type === "done" ? `done  reason=${event.reason}` : `error reason=${event.reason}`);
        const cut = event.type === "error" || event.reason === "length";
        lines.line("app", event.type === "done" ? say.streamDone(event.reason) : say.streamError(event.reason, event.errorMessage), cut ? "failure" : "note");
        progress.partial.content.forEach((block, index) => {
          if (block.type === "toolCall" && !this.#ended.has(index))
            lines.line("app", say.unfinishedCall(block.name, block.id, json(block.arguments)), "failure");
        });
        this.#wireBlock();
        return;
      }
    }
  }

  #wireBlock(): void {
    if (!this.wire) return;
    const block = this.wire(this.#events);
    const lines = this.#lines;
    lines.line("app", this.say.wireStreamHeading(block.provider, block.endpoint), "note");
    for (const variant of block.variants) {
      if (variant.label !== undefined) lines.line("app", this.say.wireStreamVariant(variant.label), "note");
      for (const frame of variant.frames) {
        if (frame.event !== undefined) lines.data("app", `event: ${frame.event}`);
        lines.data("app", `data: ${sseData(frame.data)}`);
      }
    }
  }
}

/** A call's argument text as `clip` shows it, kept from the fragments: its first PREVIEW_LIMIT
 *  characters and its length. Clipping the whole text after each fragment would read all of it
 *  every time: quadratic in the argument. */
class TextPreview {
  #head = "";
  #length = 0;

  add(fragment: string): void {
    if (this.#head.length < PREVIEW_LIMIT) this.#head += fragment.slice(0, PREVIEW_LIMIT - this.#head.length);
    this.#length += fragment.length;
  }

  clipped(): string {
    return this.#length <= PREVIEW_LIMIT ? this.#head : `${this.#head}…(+${this.#length - PREVIEW_LIMIT})`;
  }
}

/** A `data:` line's JSON; the one non-JSON payload providers send is OpenAI's `[DONE]`. */
export function sseData(data: unknown): string {
  return typeof data === "string" ? data : jsonSafe(JSON.stringify(data) ?? "null");
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

/** A fragment as a JSON string literal, so quotes, escapes and spaces at its ends all show. */
function quotedFragment(text: string): string {
  return clip(jsonSafe(JSON.stringify(text)));
}
