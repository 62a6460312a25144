// serve --record's memory of a session: one conversation per opening (system prompt and first user
// message) of one provider, each with the latest history the harness sent (its user messages, its
// results, the tools it declared) and, turn by turn, what the upstream really answered — or how it
// failed. A request continues the conversation whose next turn it asks for; any other is a new one
// (a harness that starts again). Linear: each request is placed by its opening and turn count.
import type { AssistantMessage, Context } from "../../protocol/types.ts";
import type { ProviderId } from "../../providers/registry.ts";
import { modelTurns } from "./conversation-book.ts";
import type { ScriptedFailure } from "./record-failure.ts";

export interface RecordedConversation {
  provider: ProviderId;
  opening: string;
  /** The latest request's history. */
  context: Context & { tools: NonNullable<Context["tools"]> };
  /** The upstream's answers, by model turn: streamed answers assembled. */
  answers: Map<number, AssistantMessage>;
  /** The upstream's failures a scripted failure says, by model turn, with how often each came. */
  failures: Map<number, ScriptedFailure & { times: number }>;
  /** What the fixture's description says of this conversation (English: fixture data, not narration). */
  notes: string[];
}

/** Where a request stands: its conversation (1-based) and the model turn it asks for (0-based). */
export interface Place {
  conversation: number;
  turn: number;
}

export class RecordBook {
  readonly conversations: RecordedConversation[] = [];
  /** The conversation (index) that asks next for a turn, by provider, opening and turn. */
  #waiting = new Map<string, number>();
  exchanges = 0;
  /** Counts every change, so a saver can tell whether the file on disk is still the session. */
  version = 0;

  place(provider: ProviderId, context: RecordedConversation["context"]): Place {
    this.exchanges++;
    this.version++;
    const turn = modelTurns(context.messages).length;
    const opening = openingOf(context);
    const key = JSON.stringify([provider, opening, turn]);
    let index = this.#waiting.get(key);
    if (index === undefined) {
      index = this.conversations.push({ provider, opening, context, answers: new Map(), failures: new Map(), notes: [] }) - 1;
      this.#waiting.set(key, index);
    }
    const conversation = this.conversations[index];
    if (conversation) conversation.context = context;
    return { conversation: index + 1, turn };
  }

  answered(place: Place, message: AssistantMessage): void {
    const conversation = this.#at(place);
    if (!conversation) return;
    this.version++;
    conversation.answers.set(place.turn, message);
    this.#waiting.delete(JSON.stringify([conversation.provider, conversation.opening, place.turn]));
    this.#waiting.set(JSON.stringify([conversation.provider, conversation.opening, place.turn + 1]), place.conversation - 1);
  }

  failed(place: Place, failure: ScriptedFailure): void {
    const conversation = this.#at(place);
    if (!conversation) return;
    this.version++;
    const before = conversation.failures.get(place.turn);
    conversation.failures.set(place.turn, { ...failure, times: (before?.times ?? 0) + 1 });
  }

  note(place: Place, text: string): void {
    this.version++;
    this.#at(place)?.notes.push(text);
  }

  #at(place: Place): RecordedConversation | undefined {
    return this.conversations[place.conversation - 1];
  }
}

/** What tells one conversation from another: its system prompt and its first user message. */
function openingOf(context: Context): string {
  const first = context.messages.find((message) => message.role === "user");
  return JSON.stringify([context.systemPrompt ?? null, first?.content ?? null]);
}
