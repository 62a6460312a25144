// Which conversation a reply is served in (conversation-book.ts): a request whose last model turn
// repeats a served reply continues the oldest conversation that reply was served in and that has
// not had the next turn yet. Many retried first requests (each a new conversation) followed by
// their continuations keep that order while the book sheds the conversations that have moved on.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ConversationBook, turnFingerprint } from "../../src/commands/serve/conversation-book.ts";
import type { AssistantMessage } from "../../src/protocol/types.ts";

function reply(text: string): AssistantMessage {
  return { role: "assistant", content: [{ type: "text", text }], stopReason: "stop", timestamp: 0 };
}

const first = reply("first");
const second = reply("second");
const firstPrint = turnFingerprint([first]);

test("continuations take the conversations that had the first reply oldest first, then a new one", () => {
  const book = new ConversationBook();
  const opened = Array.from({ length: 10 }, () => book.place(undefined, 1, undefined, first).conversation);
  assert.deepEqual(opened, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  const continued = Array.from({ length: 7 }, () => book.place(undefined, 2, firstPrint, second).conversation);
  assert.deepEqual(continued, [1, 2, 3, 4, 5, 6, 7]);
  // A first request retried after most have moved on is a new conversation, and is continued last.
  assert.equal(book.place(undefined, 1, undefined, first).conversation, 11);
  const rest = Array.from({ length: 5 }, () => book.place(undefined, 2, firstPrint, second).conversation);
  assert.deepEqual(rest, [8, 9, 10, 11, 12]);
});

test("a conversation continued by its ids is passed over by a later continuation of the same reply", () => {
  const book = new ConversationBook();
  for (let index = 0; index < 4; index++) book.place(undefined, 1, undefined, first);
  // Conversation 3 continued by the call ids its history holds (no reply fingerprint known).
  assert.equal(book.place(3, 2, undefined, second).conversation, 3);
  const continued = Array.from({ length: 4 }, () => book.place(undefined, 2, firstPrint, second).conversation);
  assert.deepEqual(continued, [1, 2, 4, 5]);
});
