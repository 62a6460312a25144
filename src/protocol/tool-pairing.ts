// The pairing rule every provider enforces: each toolCall in an assistant message is answered by a
// toolResult with the same id before the conversation moves on, and no result answers nothing.
// The scan can resume where it stopped, so checking a growing history costs only what was added.
import type { Message } from "./types.ts";

export interface PairingProblem {
  /** Index of the message where the rule broke (the assistant message, or the stray result). */
  messageIndex: number;
  kind: "unanswered" | "unexpectedResult";
  toolCallIds: string[];
}

export class ToolPairingScan {
  #scanned = 0;
  #lastScanned: Message | undefined;
  /** Calls of the latest assistant message still waiting for a result: id → how many (a
   *  misbehaving model can repeat an id, and each of those calls is owed its own result). */
  #open = new Map<string, number>();
  #openAt = 0;
  #problem: PairingProblem | undefined;

  /** Scans `messages`, reusing earlier work when they extend the history seen last time. */
  check(messages: readonly Message[]): PairingProblem | undefined {
    const extendsPrevious = this.#scanned <= messages.length && (this.#scanned === 0 || messages[this.#scanned - 1] === this.#lastScanned);
    if (!extendsPrevious) this.#reset();
    for (let index = this.#scanned; index < messages.length && !this.#problem; index++) {
      const message = messages[index];
      if (message) this.#visit(message, index);
    }
    this.#scanned = messages.length;
    this.#lastScanned = messages[messages.length - 1];
    if (this.#problem) return this.#problem;
    return this.#open.size === 0 ? undefined : { messageIndex: this.#openAt, kind: "unanswered", toolCallIds: [...this.#open.keys()] };
  }

  #visit(message: Message, index: number): void {
    if (message.role === "toolResult") {
      const owed = this.#open.get(message.toolCallId);
      if (owed === undefined) {
        this.#problem = { messageIndex: index, kind: "unexpectedResult", toolCallIds: [message.toolCallId] };
      } else if (owed === 1) {
        this.#open.delete(message.toolCallId);
      } else {
        this.#open.set(message.toolCallId, owed - 1);
      }
      return;
    }
    // Any other message closes the previous assistant turn: what is still open stays unanswered.
    if (this.#open.size > 0) {
      this.#problem = { messageIndex: this.#openAt, kind: "unanswered", toolCallIds: [...this.#open.keys()] };
      return;
    }
    if (message.role === "assistant") {
      this.#openAt = index;
      for (const block of message.content) {
        if (block.type === "toolCall") this.#open.set(block.id, (this.#open.get(block.id) ?? 0) + 1);
      }
    }
  }

  #reset(): void {
    this.#scanned = 0;
    this.#lastScanned = undefined;
    this.#open = new Map();
    this.#openAt = 0;
    this.#problem = undefined;
  }
}

/** One-off form of the scan. */
export function findPairingProblem(messages: readonly Message[]): PairingProblem | undefined {
  return new ToolPairingScan().check(messages);
}
