// The step every renderer shares, message by message: pair each assistant message with its
// results (in call order, a synthetic error result for a call nobody answered), drop what no
// provider accepts, and give calls and results the provider's wire ids and tool names. A history
// only grows at its end, so each message is taken once: an entry is handed on when nothing later
// can change it, and the one that still can (the last reply, while results may come) is shown by
// `pending` without being closed. Pairing uses a map from id to the calls still waiting, so a
// reply with n calls costs O(n), not O(n²).

import type { ImageContent, Message, ToolDefinition, UserMessage } from "../../protocol/types.ts";
import { GrowingIdPlan } from "./growing-id-plan.ts";
import {
  BLANK_USER_TEXT,
  isBlank,
  SYNTHETIC_RESULT_TEXT,
  type WireAssistantBlock,
  type WireEntry,
  type WireLimits,
  type WireToolCall,
  type WireToolResult,
  type WireUserPart,
} from "./wire-history.ts";
import type { WireNote } from "./wire-note.ts";

type AssistantEntry = Extract<WireEntry, { role: "assistant" }>;

interface OpenTurn {
  entry: AssistantEntry;
  calls: WireToolCall[];
  answers: (WireToolResult | undefined)[];
  /** Original id → the slots of calls with that id still unanswered, oldest first (`next` is the head);
   *  built only for a reply with several calls: most make one, and a map per reply was most of
   *  what pairing allocated on a long history. */
  waiting: Map<string, { slots: number[]; next: number }> | undefined;
}

/** The lists the plans start from when they are made again over a whole history: tool names (definitions first, then every call's), and call ids. */
export interface WireSeeds {
  names: string[];
  ids: string[];
}

export function wireSeeds(tools: readonly ToolDefinition[], messages: readonly Message[]): WireSeeds {
  const names = tools.map((tool) => tool.name);
  const ids: string[] = [];
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    for (const block of message.content) {
      if (block.type !== "toolCall") continue;
      names.push(block.name);
      ids.push(block.id);
    }
  }
  return { names, ids };
}

export class WireHistoryBuilder {
  /** Pairing's notes on what is handed on, in history order. */
  readonly notes: WireNote[] = [];
  readonly names: GrowingIdPlan;
  readonly ids: GrowingIdPlan;
  #open: OpenTurn | undefined;

  /** `seeds`: the whole history's lists, when the plans must be made again (growing-id-plan.ts). */
  constructor(tools: readonly ToolDefinition[], limits: WireLimits, seeds: WireSeeds = { names: tools.map((tool) => tool.name), ids: [] }) {
    this.names = new GrowingIdPlan(limits.toolName, { rewriteNote: "toolNameRewritten", occurrences: false, seed: seeds.names });
    this.ids = new GrowingIdPlan(limits.id, { rewriteNote: "idRewritten", occurrences: true, seed: seeds.ids });
    // The definitions come first in the name plan, as in the whole list.
    for (const tool of tools) this.names.next(tool.name);
  }

  /** Takes message `messageIndex`; each entry it settles goes to `settled`, in history order.
   *  False when a new id would change an earlier one's: the plans must be made again. */
  append(message: Message, messageIndex: number, settled: (entry: WireEntry) => void): boolean {
    if (message.role === "toolResult") {
      this.#answer(message, messageIndex);
      return true;
    }
    // Any other message ends the previous assistant turn, answered or not.
    this.#close(settled);
    if (message.role === "user") {
      settled({ role: "user", parts: userParts(message.content, messageIndex, this.notes) });
      return true;
    }
    // A blank text block says nothing, and Anthropic and Gemini refuse one; so is an empty reasoning block.
    const blocks: WireAssistantBlock[] = [];
    const calls: WireToolCall[] = [];
    // Whether a block other than reasoning is kept: a reply of reasoning alone is dropped.
    let says = false;
    for (const block of message.content) {
      if (block.type === "toolCall") {
        const id = this.ids.next(block.id);
        const name = this.names.next(block.name);
        if (id === undefined || name === undefined) return false;
        // The body must share nothing with the history (a caller may change it): a body that
        // carries the arguments as an object copies them (argumentsObject), one that carries
        // them as text (argumentsJson) writes them as they are, with no copy made first.
        const call: WireToolCall = { type: "toolCall", id, name, arguments: block.arguments, originalId: block.id, originalName: block.name };
        blocks.push(call);
        calls.push(call);
        says = true;
      } else if (block.type === "thinking") {
        if (!isBlank(block.thinking) || block.redacted) blocks.push(block);
      } else if (!isBlank(block.text)) {
        blocks.push(block);
        says = true;
      } else if (block.text.length > 0) this.notes.push({ kind: "blankTextDropped", messageIndex });
    }
    if (!says) {
      this.notes.push({ kind: "emptyAssistantDropped", messageIndex });
      return true;
    }
    let waiting: OpenTurn["waiting"];
    if (calls.length > 1) {
      waiting = new Map();
      for (const [index, call] of calls.entries()) {
        const queue = waiting.get(call.originalId);
        if (queue) queue.slots.push(index);
        else waiting.set(call.originalId, { slots: [index], next: 0 });
      }
    }
    this.#open = {
      entry: { role: "assistant", messageIndex, blocks, results: [] },
      calls,
      answers: new Array<WireToolResult | undefined>(calls.length),
      waiting,
    };
    return true;
  }

  /** The last reply as the history so far closes it (its unanswered calls with made-up results,
   *  their notes to `notes`), without closing it: later results may still answer them. */
  pending(notes: WireNote[]): WireEntry | undefined {
    const open = this.#open;
    if (!open) return undefined;
    return { ...open.entry, results: results(open, notes) };
  }

  #answer(message: Extract<Message, { role: "toolResult" }>, messageIndex: number): void {
    const open = this.#open;
    // A repeated id is owed one result per call, so a result fills the oldest slot still empty.
    const slot = open === undefined ? undefined : slotFor(open, message.toolCallId);
    const call = slot === undefined ? undefined : open?.calls[slot];
    if (!open || slot === undefined || !call) {
      this.notes.push({ kind: "strayResultDropped", toolCallId: message.toolCallId, messageIndex });
      return;
    }
    const texts: string[] = [];
    const images: ImageContent[] = [];
    for (const block of message.content) {
      if (block.type === "text") texts.push(block.text);
      else if (block.type === "image") images.push(block);
    }
    // A result carries its call's wire id and name.
    open.answers[slot] = { toolCallId: call.id, toolName: call.name, text: texts.join("\n"), images, isError: message.isError };
  }

  #close(settled: (entry: WireEntry) => void): void {
    const open = this.#open;
    if (!open) return;
    open.entry.results = results(open, this.notes);
    this.#open = undefined;
    settled(open.entry);
  }
}

/** The slot of `open`'s oldest unanswered call with this original id, if any. */
function slotFor(open: OpenTurn, toolCallId: string): number | undefined {
  if (open.waiting === undefined) return open.calls[0]?.originalId === toolCallId && open.answers[0] === undefined ? 0 : undefined;
  const queue = open.waiting.get(toolCallId);
  if (queue === undefined || queue.next >= queue.slots.length) return undefined;
  const slot = queue.slots[queue.next];
  queue.next++;
  return slot;
}

/** One result per call, in call order: its answer, or a made-up error result (with a note). */
function results(open: OpenTurn, notes: WireNote[]): WireToolResult[] {
  return open.calls.map((call, index) => open.answers[index] ?? syntheticResult(call, notes));
}

/** A user message's parts with blank text left out; one with nothing visible left gets a stand-in text. */
function userParts(content: UserMessage["content"], messageIndex: number, notes: WireNote[]): WireUserPart[] {
  // A plain string (most user messages) is one part, kept unless it is blank: no list to filter.
  if (typeof content === "string" && !isBlank(content)) return [{ type: "text", text: content }];
  const blocks: WireUserPart[] = typeof content === "string" ? [{ type: "text", text: content }] : content;
  const kept = blocks.filter((block) => block.type === "image" || !isBlank(block.text));
  if (kept.length === 0) {
    notes.push({ kind: "blankUserMessageFilled", messageIndex, text: BLANK_USER_TEXT });
    return [{ type: "text", text: BLANK_USER_TEXT }];
  }
  if (kept.length < blocks.length) notes.push({ kind: "blankTextDropped", messageIndex });
  return kept;
}

/** The note names the call as the history has it, so it matches the transcript. */
function syntheticResult(call: WireToolCall, notes: WireNote[]): WireToolResult {
  notes.push({ kind: "syntheticResult", toolCallId: call.originalId, toolName: call.originalName, text: SYNTHETIC_RESULT_TEXT });
  return { toolCallId: call.id, toolName: call.name, text: SYNTHETIC_RESULT_TEXT, images: [], isError: true };
}
