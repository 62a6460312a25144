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

export { DEFAULT_CHUNK, type StreamCutReason, type StreamPlan } from "./stream-plan-format.ts";

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

type BlockState = "new" | "open" | "ended";

/**
 * The stream of a whole message under a plan. Without a cut, the events rebuild exactly `message`;
 * with one, they stop where the plan says and the blocks still open stay unfinished.
 */
export function streamSteps(message: AssistantMessage, plan: StreamPlan | undefined, chunk?: number): StreamStep[] {
  const steps: StreamStep[] = [];
  const full = message.content.map(blockText);
  const sent = message.content.map(() => "");
  const state = message.content.map((): BlockState => "new");
  /** Blocks before this index have been opened (and closed, when empty) in order. */
  let cursor = 0;

  emit({ type: "start", timestamp: message.timestamp });
  const deltas = planDeltas(message, plan, chunk);
  const cut = plan?.cut;
  const limit = cut ? Math.min(cut.after ?? deltas.length, deltas.length) : deltas.length;
  for (const [position, { block, text }] of deltas.entries()) {
    if (position >= limit) break;
    if (state[block] === "ended") continue;
    open(block);
    sent[block] = (sent[block] ?? "") + text;
    const kind = message.content[block]?.type === "text" ? "text_delta" : "toolcall_delta";
    emit({ type: kind, contentIndex: block, delta: text });
    if (sent[block] === full[block]) close(block);
  }
  if (cut) {
    if (cut.reason === "stall") steps.push({ kind: "stall" });
    else if (cut.reason === "length") emit({ type: "done", reason: "length" });
    else emit({ type: "error", reason: "error", ...(cut.errorMessage === undefined ? {} : { errorMessage: cut.errorMessage }) });
    return steps;
  }
  // Explicit fragments close at the end, in block order; anything never mentioned opens and closes.
  for (let index = 0; index < message.content.length; index++) {
    open(index);
    close(index);
  }
  const { stopReason } = message;
  if (stopReason === "error" || stopReason === "aborted")
    emit({ type: "error", reason: stopReason, ...(message.errorMessage === undefined ? {} : { errorMessage: message.errorMessage }) });
  else emit({ type: "done", reason: stopReason });
  return steps;

  function emit(event: AssistantStreamEvent): void {
    steps.push({ kind: "event", event });
  }

  function open(index: number): void {
    // Blocks before this one that never get a fragment (empty text) open and close in order.
    for (; cursor < index; cursor++)
      if (state[cursor] === "new" && full[cursor] === "") {
        open(cursor);
        close(cursor);
      }
    const block = message.content[index];
    if (!block || state[index] !== "new") return;
    if (block.type === "text") emit({ type: "text_start", contentIndex: index });
    else if (block.type === "toolCall") emit({ type: "toolcall_start", contentIndex: index, id: block.id, name: block.name });
    // A kind of block without stream events is skipped: no event opens, fills or closes it.
    state[index] = block.type === "text" || block.type === "toolCall" ? "open" : "ended";
  }

  function close(index: number): void {
    const block = message.content[index];
    if (!block || state[index] !== "open") return;
    state[index] = "ended";
    const text = sent[index] ?? "";
    if (block.type === "text") emit({ type: "text_end", contentIndex: index, content: text });
    // The scripted call itself when the text arrived whole, so a stream rebuilds the very message.
    else if (block.type === "toolCall")
      emit({
        type: "toolcall_end",
        contentIndex: index,
        toolCall: { ...block, arguments: text === full[index] ? block.arguments : parsePartialJson(text) },
      });
  }
}
