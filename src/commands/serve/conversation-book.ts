// Which conversation a request continues, and the ids in its history read back as the script's.
// The script's replies are model turns: consecutive assistant messages are one turn, as every
// provider reads them (the OpenAI Agents SDK sends a reply's text and its calls as two assistant
// messages in a row), so the reply a request asks for is one past the turns its history holds.
// A served call id names its conversation, turn and call (served-ids.ts), so the ids a harness
// sends back say which scripted call each one is: the history is checked (pairing, `expect`) with
// the fixture's own ids, while the narration and the lint keep the wire's. Where a provider lets
// a harness leave the ids out (Gemini pairs calls and results by name and order:
// https://ai.google.dev/gemini-api/docs/function-calling, "id" is optional in FunctionCall and
// FunctionResponse), a call the import gave an id to is read as the scripted call of its turn with
// the same name and place among that name's calls. The book remembers, per conversation, the last
// turn it answered and what each served reply said: a request whose last model turn is a reply it
// served continues that conversation (even with no ids in it: a text-only turn, or Gemini without
// ids); a request for a turn already answered (a retry, or a fork of the history) is answered as
// a new conversation, so no two replies share an id. One number per conversation for the server's life.
import type { ScriptedReply } from "../../agent/fake-model.ts";
import type { AssistantMessage, Context, Message, ToolCall } from "../../protocol/types.ts";
import { type ReplyAt, readServedCall, type ServedIdStyle } from "../../providers/shared/served-ids.ts";
import type { HarnessCall } from "./expectations.ts";

export class ConversationBook {
  /** Index: conversation ordinal − 1; value: the last turn served in it. */
  readonly #lastTurn: number[] = [];
  /** `turn:fingerprint` of each served reply → the conversations it was served in that may still
   *  continue, oldest first. A conversation leaves its lists once it has had a later turn: a
   *  conversation's last turn only grows, so it never continues from that reply again, and a
   *  retried first request (every one is a new conversation) does not make the next lookup longer. */
  readonly #served = new Map<string, { conversations: number[]; head: number }>();
  readonly #fingerprints = new WeakMap<ScriptedReply, string>();

  /** Where the reply for `turn` is served: in the conversation whose served reply the request's
   *  last model turn repeats (`lastTurn`, its fingerprint), else in `continued` (named by the
   *  history's served call ids) — if that conversation has not had this turn yet; in a new
   *  conversation otherwise. `reply` is the script's reply served, remembered for the next turn.
   *  Call it only when a reply is served. */
  place(continued: number | undefined, turn: number, lastTurn: string | undefined, reply: ScriptedReply): ReplyAt {
    const known = lastTurn === undefined ? undefined : this.#firstOpen(this.#served.get(`${turn - 1}:${lastTurn}`), turn);
    const conversation = known ?? (this.#open(continued, turn) ? continued : undefined) ?? this.#lastTurn.length + 1;
    this.#lastTurn[conversation - 1] = turn;
    const key = `${turn}:${this.#fingerprintOf(reply)}`;
    const list = this.#served.get(key);
    if (list) list.conversations.push(conversation);
    else this.#served.set(key, { conversations: [conversation], head: 0 });
    return { conversation, turn };
  }

  /** The conversation that was served `reply` at `turn` and may continue from it (the one `place`
   *  would continue), else the last one served it: for naming the ids it was served with, when the
   *  history's own ids name none. Undefined when no conversation was served it. */
  servedIn(turn: number, reply: ScriptedReply): number | undefined {
    const list = this.#served.get(`${turn}:${this.#fingerprintOf(reply)}`);
    return this.#firstOpen(list, turn + 1) ?? list?.conversations.at(-1);
  }

  /** A scripted reply's fingerprint, made once: every conversation is served the same few replies,
   *  and the message served says what its script says (ids aside, which a fingerprint leaves out). */
  #fingerprintOf(reply: ScriptedReply): string {
    let fingerprint = this.#fingerprints.get(reply);
    if (fingerprint === undefined) {
      fingerprint = contentFingerprint(reply.content) ?? "";
      this.#fingerprints.set(reply, fingerprint);
    }
    return fingerprint;
  }

  /** Whether `conversation` has not had `turn` yet. */
  #open(conversation: number | undefined, turn: number): boolean {
    return conversation !== undefined && (this.#lastTurn[conversation - 1] ?? turn) < turn;
  }

  /** The oldest conversation of `list` that has not had `turn` yet. The ones before it never will
   *  (see #served): the head moves past them, and the list sheds them once they are half of it, so
   *  each is passed over once. */
  #firstOpen(list: { conversations: number[]; head: number } | undefined, turn: number): number | undefined {
    if (!list) return undefined;
    const { conversations } = list;
    while (list.head < conversations.length && !this.#open(conversations[list.head], turn)) list.head++;
    if (list.head > conversations.length / 2) {
      conversations.splice(0, list.head);
      list.head = 0;
    }
    return conversations[list.head];
  }
}

/** The model turns of a history: each run of consecutive assistant messages, as [first, last] indices. */
export function modelTurns(messages: readonly Message[]): [number, number][] {
  const turns: [number, number][] = [];
  let last: [number, number] | undefined;
  for (let index = 0; index < messages.length; index++) {
    if (messages[index]?.role !== "assistant") continue;
    if (last && last[1] === index - 1) last[1] = index;
    else turns.push((last = [index, index]));
  }
  return turns;
}

/** What a model turn said, as one string: its text joined (Chat joins a reply's text blocks into
 *  one string; a harness may split a turn into several messages) and each call's name and
 *  arguments. Ids are left out: a harness may drop them (Gemini). Undefined for arguments nested
 *  too deep to write back as JSON (client data: such a turn is no reply serve gave). The turn is
 *  `messages[first..last]` (all of them unless told), read in place rather than copied out. */
export function turnFingerprint(messages: readonly Message[], [first, last]: readonly [number, number] = [0, messages.length - 1]): string | undefined {
  const turn = new TurnText();
  for (let index = first; index <= last; index++) {
    const message = messages[index];
    if (message?.role === "assistant") turn.add(message.content);
  }
  return turn.fingerprint();
}

/** The fingerprint of one reply's content, as `turnFingerprint` of a turn that is that reply. */
function contentFingerprint(content: AssistantMessage["content"]): string | undefined {
  const turn = new TurnText();
  turn.add(content);
  return turn.fingerprint();
}

/** What a fingerprint is made of: the turn's text and its calls, collected block by block. */
class TurnText {
  #text = "";
  readonly #calls: [string, unknown][] = [];
  add(content: AssistantMessage["content"]): void {
    for (const block of content) {
      if (block.type === "text") this.#text += block.text;
      else if (block.type === "toolCall") this.#calls.push([block.name, block.arguments]);
    }
  }
  fingerprint(): string | undefined {
    try {
      return JSON.stringify([this.#text, this.#calls]);
    } catch {
      return undefined;
    }
  }
}

export interface ScriptedView {
  /** The history with each served id replaced by the scripted call's own id (unchanged otherwise). */
  context: Context;
  /** The conversation the latest served call id in the history belongs to. */
  conversation: number | undefined;
  /** A scripted id as the harness knows it: the served id it came back as, with the script's beside it. */
  name(scriptedId: string): HarnessCall;
}

/** The history as the script sees it. Only the messages that change are copied. `filled`: the call
 *  ids the import made up for calls sent without one, paired by name and order within their turn. */
export function scriptedView(context: Context, style: ServedIdStyle, replies: readonly ScriptedReply[], filled: ReadonlySet<string>): ScriptedView {
  /** A scripted call id → the served id it came back as. */
  const served = new Map<string, string>();
  /** A made-up id → the scripted call id it stands for. */
  const byPlace = new Map<string, string>();
  if (filled.size > 0) pairByPlace(context.messages, replies, filled, byPlace, served);
  let conversation: number | undefined;

  /** The scripted call a served (or made-up) id names, and the conversation it was served in. */
  function scripted(id: string): { id: string; conversation?: number } | undefined {
    const placed = byPlace.get(id);
    if (placed !== undefined) return { id: placed };
    const read = readServedCall(style, id);
    const call = read && scriptedCalls(replies[read.at.turn - 1])[read.call - 1];
    if (!read || !call) return undefined;
    served.set(call.id, id);
    return { id: call.id, conversation: read.at.conversation };
  }

  const messages = context.messages.map((message): Message => {
    if (message.role === "toolResult") {
      const call = scripted(message.toolCallId);
      return call === undefined ? message : { ...message, toolCallId: call.id };
    }
    if (message.role !== "assistant") return message;
    let changed = false;
    const content = message.content.map((block) => {
      const call = block.type === "toolCall" ? scripted(block.id) : undefined;
      if (call === undefined) return block;
      changed = true;
      if (call.conversation !== undefined) conversation = call.conversation;
      return { ...block, id: call.id };
    });
    return changed ? { ...message, content } : message;
  });
  return {
    context: { ...context, messages },
    conversation,
    name(id) {
      const wire = served.get(id);
      return wire === undefined || wire === id ? { id } : { id: wire, scriptId: id };
    },
  };
}

/** Each made-up call id of turn t → the scripted call of reply t with the same name and the same
 *  place among the calls of that name (and back, for the narration of a missing result). */
function pairByPlace(
  messages: readonly Message[],
  replies: readonly ScriptedReply[],
  filled: ReadonlySet<string>,
  byPlace: Map<string, string>,
  served: Map<string, string>,
): void {
  modelTurns(messages).forEach(([first, last], turn) => {
    const script = scriptedCalls(replies[turn]);
    const seen = new Map<string, number>();
    for (let index = first; index <= last; index++) {
      const message = messages[index];
      if (message?.role !== "assistant") continue;
      for (const block of message.content) {
        if (block.type !== "toolCall") continue;
        const place = seen.get(block.name) ?? 0;
        seen.set(block.name, place + 1);
        if (!filled.has(block.id)) continue;
        const call = script.filter((candidate) => candidate.name === block.name)[place];
        if (!call) continue;
        byPlace.set(block.id, call.id);
        served.set(call.id, block.id);
      }
    }
  });
}

/** The reply as served at `at`: each call takes the provider's id for its place. */
export function withServedIds(message: AssistantMessage, style: ServedIdStyle, at: ReplyAt): AssistantMessage {
  let call = 0;
  const content = message.content.map((block) => (block.type === "toolCall" ? { ...block, id: style.call(at, ++call) } : block));
  return { ...message, content };
}

function scriptedCalls(reply: ScriptedReply | undefined): ToolCall[] {
  return (reply?.content ?? []).flatMap((block) => (block.type === "toolCall" ? [block] : []));
}
