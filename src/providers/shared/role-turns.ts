// Anthropic and Gemini carry results inside a user turn: the results of one assistant turn form
// that turn, and a user message that follows at once joins it after them (Anthropic requires the
// tool_result blocks to come first). Two replies in a row (the one between had no calls) are one
// model turn: Gemini refuses a call turn right after a model turn, and Anthropic would merge them
// anyway. Entries come one at a time; a turn is handed on once no later entry can join it.
import type { WireAssistantBlock, WireEntry, WireToolResult, WireUserPart } from "./wire-history.ts";

export type RoleTurn =
  | { role: "user"; results: WireToolResult[]; parts: WireUserPart[] }
  | { role: "assistant"; messageIndex: number; blocks: WireAssistantBlock[] };

type AssistantTurn = Extract<RoleTurn, { role: "assistant" }>;

export class RoleTurnGrouper {
  /** The last turn, while it is a model turn a next reply may still join. */
  #last: AssistantTurn | undefined;
  /** The results of the last reply, waiting for the user turn they open. */
  #results: WireToolResult[] = [];

  /** The next entry; each turn it settles goes to `settled`, in order. */
  add(entry: WireEntry, settled: (turn: RoleTurn) => void): void {
    if (entry.role === "user") {
      this.#settleLast(settled);
      settled({ role: "user", results: this.#results, parts: entry.parts });
      this.#results = [];
      return;
    }
    if (this.#results.length === 0 && this.#last) this.#last.blocks = [...this.#last.blocks, ...entry.blocks];
    else {
      this.finish(settled);
      this.#last = { role: "assistant", messageIndex: entry.messageIndex, blocks: entry.blocks };
    }
    this.#results = entry.results;
  }

  /** The end of the history: what is still open is settled. */
  finish(settled: (turn: RoleTurn) => void): void {
    this.#settleLast(settled);
    if (this.#results.length > 0) settled({ role: "user", results: this.#results, parts: [] });
    this.#results = [];
  }

  /** A grouper in this one's state that can go on without changing it. */
  fork(): RoleTurnGrouper {
    const copy = new RoleTurnGrouper();
    copy.#last = this.#last && { ...this.#last };
    copy.#results = this.#results;
    return copy;
  }

  #settleLast(settled: (turn: RoleTurn) => void): void {
    if (this.#last) settled(this.#last);
    this.#last = undefined;
  }
}
