// Shared by the provider stream renderers: a reply's neutral events regrouped as the blocks they
// built (each block's fragments in order) plus how the stream ended. Providers differ in what they
// can interleave — OpenAI Chat keys fragments by index and can mix calls; Anthropic, Responses and
// Gemini send one block (item, part) after another — so each renderer picks its own order.
import type { AssistantStreamEvent } from "../../protocol/stream-events.ts";
import type { AssistantMessage, StopReason, ThinkingContent, ToolCall } from "../../protocol/types.ts";

export interface StreamBlock {
  index: number;
  kind: "text" | "toolCall";
  id: string;
  name: string;
  fragments: string[];
  /** The block's end event arrived: a text's content, or the finished call. */
  ended: boolean;
  toolCall?: ToolCall;
  text?: string;
}

export type StreamTerminal = { reason: StopReason; errorMessage?: string } | undefined;

export interface GroupedStream {
  timestamp: number;
  /** In content order. */
  blocks: StreamBlock[];
  /** Fragments in arrival order, as (block, fragment) pairs. */
  arrivals: { block: StreamBlock; text: string }[];
  /** How the stream ended; undefined when it simply stopped (aborted mid-way). */
  terminal: StreamTerminal;
}

export function groupStream(events: readonly AssistantStreamEvent[]): GroupedStream {
  const byIndex = new Map<number, StreamBlock>();
  const arrivals: GroupedStream["arrivals"] = [];
  let timestamp = 0;
  let terminal: StreamTerminal;
  for (const event of events) {
    switch (event.type) {
      case "start":
        timestamp = event.timestamp;
        break;
      case "text_start":
        byIndex.set(event.contentIndex, { index: event.contentIndex, kind: "text", id: "", name: "", fragments: [], ended: false });
        break;
      case "toolcall_start":
        byIndex.set(event.contentIndex, { index: event.contentIndex, kind: "toolCall", id: event.id, name: event.name, fragments: [], ended: false });
        break;
      case "text_delta":
      case "toolcall_delta": {
        const block = byIndex.get(event.contentIndex);
        if (block) {
          block.fragments.push(event.delta);
          arrivals.push({ block, text: event.delta });
        }
        break;
      }
      case "text_end": {
        const block = byIndex.get(event.contentIndex);
        if (block) Object.assign(block, { ended: true, text: event.content });
        break;
      }
      case "toolcall_end": {
        const block = byIndex.get(event.contentIndex);
        if (block) Object.assign(block, { ended: true, toolCall: event.toolCall });
        break;
      }
      case "done":
        terminal = { reason: event.reason };
        break;
      case "error":
        terminal = { reason: event.reason, ...(event.errorMessage === undefined ? {} : { errorMessage: event.errorMessage }) };
        break;
    }
  }
  const blocks = [...byIndex.values()].sort((a, b) => a.index - b.index);
  return { timestamp, blocks, arrivals, terminal };
}

/** A block's whole text so far. */
export function blockSoFar(block: StreamBlock): string {
  return block.fragments.join("");
}

/** Fixed ids and model name: the view is about event shapes, and goldens must not move. */
export const STREAM_MESSAGE_ID = "msg_fake";

/** A reply's thinking block and its place among the reply's content. The neutral events carry no
 *  thinking (stream-events.ts): a renderer whose provider streams thinking takes these beside them
 *  and puts each block at its place. */
export interface ThinkingAt {
  index: number;
  block: ThinkingContent;
}

export function thinkingOf(message: AssistantMessage): ThinkingAt[] {
  return message.content.flatMap((block, index) => (block.type === "thinking" ? [{ index, block }] : []));
}
