// A recorded session as one fixture that replays it: one episode per conversation, with the system
// prompt and the tools the harness declared, the user's messages and the results the harness sent
// (as recorded results), and the model's turns as the upstream really answered them (the history
// the harness sent back stands in for a turn only where the session holds no answer of its own, as
// for a history the harness began with). A turn the upstream first failed carries that failure as
// its scripted `fail`. Plain JSON, in the fixture format's key order, ready for fixtureText.
import type { AssistantMessage, Message } from "../../protocol/types.ts";
import { oneReply } from "../../providers/read-response.ts";
import { modelTurns } from "./conversation-book.ts";
import type { RecordBook, RecordedConversation } from "./record-book.ts";

type Json = Record<string, unknown>;

export interface RecordedFixture {
  fixture: Json;
  conversations: number;
}

export function recordedFixture(book: RecordBook, title: string, upstream: string): RecordedFixture {
  const notes: string[] = [];
  const episodes: Json[] = [];
  book.conversations.forEach((conversation, index) => {
    for (const note of conversation.notes) notes.push(`Conversation ${index + 1}: ${note}`);
    if (conversation.answers.size === 0) {
      notes.push(`Conversation ${index + 1}: no answer came whole from the upstream; left out.`);
      return;
    }
    episodes.push(episodeOf(conversation, notes, index + 1));
  });
  const description = [`Recorded by tool-call-playground serve --record from ${upstream}.`, ...notes].join(" ");
  return { fixture: { title, description, episodes }, conversations: episodes.length };
}

function episodeOf(conversation: RecordedConversation, notes: string[], number: number): Json {
  const { context } = conversation;
  const messages: readonly Message[] = context.messages;
  const script: Json[] = [];
  const recordedResults: Json[] = [];
  let user: string | undefined;
  const turns = modelTurns(messages);
  let turn = 0;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index];
    if (message === undefined) continue;
    if (message.role === "user") {
      const opening = index === 0 ? openingText(message.content) : undefined;
      if (opening !== undefined) user = opening;
      else script.push({ user: message.content });
    } else if (message.role === "toolResult") {
      recordedResults.push({ toolCallId: message.toolCallId, content: message.content, isError: message.isError });
    } else {
      // One model turn is every assistant message in a row (modelTurns): a harness may split a reply.
      const [, last] = turns[turn] ?? [index, index];
      const sent = oneReply(messages.slice(index, last + 1).filter((each): each is AssistantMessage => each.role === "assistant")) ?? message;
      script.push(replyItem(conversation.answers.get(turn) ?? sent, conversation, turn));
      index = last;
      turn++;
    }
  }
  const last = conversation.answers.get(turn);
  if (last) script.push(replyItem(last, conversation, turn));
  else {
    // The latest request got no whole answer: the session ends at the last reply it holds.
    while (script.length > 0 && !("content" in (script.at(-1) ?? {}))) script.pop();
    notes.push(`Conversation ${number}: cut short; kept up to its last whole exchange (model turn ${turn}).`);
  }
  return {
    ...(context.systemPrompt === undefined ? {} : { systemPrompt: context.systemPrompt }),
    ...(user === undefined ? {} : { user }),
    script,
    declaredTools: context.tools,
    recordedResults,
  };
}

/** The opening message as the episode's `user` text (what serve's replay tells episodes apart by):
 *  a string, or one text block, as SDKs that send every message as parts write it. */
function openingText(content: Message["content"]): string | undefined {
  if (typeof content === "string") return content;
  const [only, ...rest] = content;
  return only?.type === "text" && rest.length === 0 ? only.text : undefined;
}

/** A script reply: its content, its stop reason where it is not the one the content implies, and
 *  the failure the upstream answered this turn with first, if it did. */
function replyItem(message: AssistantMessage, conversation: RecordedConversation, turn: number): Json {
  const implied = message.content.some((block) => block.type === "toolCall") ? "toolUse" : "stop";
  const failure = conversation.failures.get(turn);
  return {
    content: message.content,
    ...(message.stopReason === implied ? {} : { stopReason: message.stopReason }),
    ...(failure === undefined ? {} : { fail: failure }),
  };
}
