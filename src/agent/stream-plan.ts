// How a scripted reply is streamed: cut into fixed-size fragments (the default), or into the
// explicit fragments a fixture writes (to cut in the middle of a string or a number, or to
// interleave two calls), optionally ending early — at the length limit, with an error event, or by
// stalling until the run is aborted (Ctrl-C, a timeout). This file turns a whole message and its
// plan into the event sequence; it knows nothing about time, which streaming-fake-model.ts adds.

import { parsePartialJson } from "../json/partial-json.ts";
import type { AssistantStreamEvent } from "../protocol/stream-events.ts";
import type { AssistantMessage } from "../protocol/types.ts";

/** One step of a scripted stream: an event, or the point where the fake server stops sending. */
export type StreamStep = { kind: "event"; event: AssistantStreamEvent } | { kind: "stall" };

export { DEFAULT_CHUNK, type StreamCutReason, type StreamPlan, streamPlanValue } from "./stream-plan-format.ts";

import { DEFAULT_CHUNK, type StreamPlan } from "./stream-plan-format.ts";

/** One content block of a reply, whatever kinds the protocol types hold. */
type Block = AssistantMessage["content"][number];

/** The text a block streams: a text block's text, or a call's arguments as JSON. Any other kind
 *  of block has no stream events here yet, so it streams nothing (and is not in the message). */
export function blockText(block: Block): string {
  if (block.type === "text") return block.text;
  if (block.type !== "toolCall") return "";
  try {
    return JSON.stringify(block.arguments) ?? "null";
  } catch {
    // Nested beyond what JSON.stringify can walk: nothing a real provider would send either.
    return "null";
  }
}

/** Splits `text` every `size` UTF-16 units, never between the two halves of a surrogate pair. */
export function chunkText(text: string, size: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + size, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && end - start > 1 && last >= 0xd800 && last <= 0xdbff) end--;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

/** The fragments of a reply in arrival order: the plan's own, or every block cut into `chunk`. */
export function planDeltas(message: AssistantMessage, plan: StreamPlan | undefined, chunk: number | undefined): { block: number; text: string }[] {
  if (plan?.deltas) return plan.deltas.filter((delta) => delta.block < message.content.length);
  const size = chunk ?? plan?.chunk ?? DEFAULT_CHUNK;
  return message.content.flatMap((block, index) => chunkText(blockText(block), size).map((text) => ({ block: index, text })));
}

/**
 * The stream of a whole message under a plan. Without a cut, the events rebuild exactly `message`;
 * with one, they stop where the plan says and the blocks still open stay unfinished.
 */
export function streamSteps(message: AssistantMessage, plan: StreamPlan | undefined, chunk?: number): StreamStep[] {
  const blocks = new BlockSteps(message);
  const { steps, sent, full, state } = blocks;

  blocks.emit({ type: "start", timestamp: message.timestamp });
  const deltas = planDeltas(message, plan, chunk);
  const cut = plan?.cut;
  const limit = cut ? Math.min(cut.after ?? deltas.length, deltas.length) : deltas.length;
  for (const [position, { block, text }] of deltas.entries()) {
    if (position >= limit) break;
    if (state[block] === "ended") continue;
    blocks.open(block);
    sent[block] = (sent[block] ?? "") + text;
    const kind = message.content[block]?.type === "text" ? "text_delta" : "toolcall_delta";
    blocks.emit({ type: kind, contentIndex: block, delta: text });
    if (sent[block] === full[block]) blocks.close(block);
  }
  if (cut) {
    if (cut.reason === "stall") steps.push({ kind: "stall" });
    else if (cut.reason === "length") blocks.emit({ type: "done", reason: "length" });
    else blocks.emit({ type: "error", reason: "error", ...(cut.errorMessage === undefined ? {} : { errorMessage: cut.errorMessage }) });
    return steps;
  }
  // Explicit fragments close at the end, in block order; anything never mentioned opens and closes.
  for (let index = 0; index < message.content.length; index++) {
    blocks.open(index);
    blocks.close(index);
  }
  const { stopReason } = message;
  if (stopReason === "error" || stopReason === "aborted")
    blocks.emit({ type: "error", reason: stopReason, ...(message.errorMessage === undefined ? {} : { errorMessage: message.errorMessage }) });
  else blocks.emit({ type: "done", reason: stopReason });
  return steps;
}

/** The steps of one stream so far and where each block stands. A class rather than closures in
 *  streamSteps: under tsx each named closure costs a property write when made, and serve makes a
 *  stream for every streamed request. */
class BlockSteps {
  readonly steps: StreamStep[] = [];
  readonly full: string[];
  readonly sent: string[];
  readonly state: ("new" | "open" | "ended")[];
  #cursor = 0;
  constructor(private readonly message: AssistantMessage) {
    this.full = message.content.map(blockText);
    this.sent = message.content.map(() => "");
    this.state = message.content.map((): "new" | "open" | "ended" => "new");
  }

  emit(event: AssistantStreamEvent): void {
    this.steps.push({ kind: "event", event });
  }

  open(index: number): void {
    const { message, state, full } = this;
    // Blocks before this one that never get a fragment (empty text) open and close in order.
    for (; this.#cursor < index; this.#cursor++)
      if (state[this.#cursor] === "new" && full[this.#cursor] === "") {
        this.open(this.#cursor);
        this.close(this.#cursor);
      }
    const block = message.content[index];
    if (!block || state[index] !== "new") return;
    if (block.type === "text") this.emit({ type: "text_start", contentIndex: index });
    else if (block.type === "toolCall") this.emit({ type: "toolcall_start", contentIndex: index, id: block.id, name: block.name });
    // A kind of block without stream events is skipped: no event opens, fills or closes it.
    state[index] = block.type === "text" || block.type === "toolCall" ? "open" : "ended";
  }

  close(index: number): void {
    const block = this.message.content[index];
    if (!block || this.state[index] !== "open") return;
    this.state[index] = "ended";
    const text = this.sent[index] ?? "";
    if (block.type === "text") this.emit({ type: "text_end", contentIndex: index, content: text });
    // The scripted call itself when the text arrived whole, so a stream rebuilds the very message.
    else if (block.type === "toolCall")
      this.emit({
        type: "toolcall_end",
        contentIndex: index,
        toolCall: { ...block, arguments: text === this.full[index] ? block.arguments : parsePartialJson(text) },
      });
  }
}
