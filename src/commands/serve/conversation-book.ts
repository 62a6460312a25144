// Which conversation a request continues, and the ids in its history read back as the script's.
// A served call id names its conversation, turn and call (served-ids.ts), so the ids a harness
// sends back say which scripted call each one is: the history is checked (pairing, `expect`) with
// the fixture's own ids, while the narration and the lint keep the wire's. The book remembers,
// per conversation, the last turn it answered: a request for a turn already answered (a retry,
// or a fork of the history) is answered as a new conversation, so no two replies share an id.
// One number per conversation for the server's life.
import type { ScriptedReply } from "../../agent/fake-model.ts";
import type { AssistantMessage, Context, Message, ToolCall } from "../../protocol/types.ts";
import { type ReplyAt, readServedCall, type ServedIdStyle } from "../../providers/shared/served-ids.ts";
import type { HarnessCall } from "./expectations.ts";

export class ConversationBook {
  /** Index: conversation ordinal − 1; value: the last turn served in it. */
  readonly #lastTurn: number[] = [];

  /** Where the reply for `turn` is served: in `continued` if that conversation is this server's and
   *  has not had this turn yet; in a new conversation otherwise. Call it only when a reply is served. */
  place(continued: number | undefined, turn: number): ReplyAt {
    const last = continued === undefined ? undefined : this.#lastTurn[continued - 1];
    if (continued !== undefined && last !== undefined && last < turn) {
      this.#lastTurn[continued - 1] = turn;
      return { conversation: continued, turn };
    }
    this.#lastTurn.push(turn);
    return { conversation: this.#lastTurn.length, turn };
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

/** The history as the script sees it. Only the messages that change are copied. */
export function scriptedView(context: Context, style: ServedIdStyle, replies: readonly ScriptedReply[]): ScriptedView {
  const served = new Map<string, string>();
  let conversation: number | undefined;
  /** The scripted call a served id names, and the conversation it was served in. */
  const scripted = (id: string): { id: string; conversation: number } | undefined => {
    const read = readServedCall(style, id);
    const call = read && scriptedCalls(replies[read.at.turn - 1])[read.call - 1];
    if (!read || !call) return undefined;
    served.set(call.id, id);
    return { id: call.id, conversation: read.at.conversation };
  };
  const messages = context.messages.map((message): Message => {
    if (message.role === "toolResult") {
      const call = scripted(message.toolCallId);
      return call === undefined ? message : { ...message, toolCallId: call.id };
    }
    if (message.role !== "assistant") return message;
    let changed = false;
    const content = message.content.map((block) => {
      if (block.type !== "toolCall") return block;
      const call = scripted(block.id);
      if (call === undefined) return block;
      changed = true;
      conversation = call.conversation;
      return { ...block, id: call.id };
    });
    return changed ? { ...message, content } : message;
  });
  return {
    context: { ...context, messages },
    conversation,
    name: (id) => {
      const wire = served.get(id);
      return wire === undefined || wire === id ? { id } : { id: wire, scriptId: id };
    },
  };
}

/** The reply as served at `at`: each call takes the provider's id for its place. */
export function withServedIds(message: AssistantMessage, style: ServedIdStyle, at: ReplyAt): AssistantMessage {
  let call = 0;
  return { ...message, content: message.content.map((block) => (block.type === "toolCall" ? { ...block, id: style.call(at, ++call) } : block)) };
}

function scriptedCalls(reply: ScriptedReply | undefined): ToolCall[] {
  return (reply?.content ?? []).flatMap((block) => (block.type === "toolCall" ? [block] : []));
}
