// What a recording writes for a conversation whose harness split one model turn into several
// assistant messages in a row (as some SDKs send a reply's text and its calls): one scripted
// reply for that turn, holding every message's content, and the turns after it counted on.
import assert from "node:assert/strict";
import { test } from "node:test";
import { RecordBook } from "../../src/commands/serve/record-book.ts";
import { recordedFixture } from "../../src/commands/serve/record-fixture.ts";
import type { AssistantMessage, Context, Message } from "../../src/protocol/types.ts";

const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
const assistant = (content: AssistantMessage["content"], stopReason: AssistantMessage["stopReason"]): AssistantMessage => ({
  role: "assistant",
  content,
  api: "openai-completions",
  provider: "openai",
  model: "m",
  usage,
  stopReason,
  timestamp: 0,
});

test("a model turn split over assistant messages in a row is one scripted reply, and later turns keep their number", () => {
  const messages: Message[] = [
    { role: "user", content: "What is 2 + 3?", timestamp: 0 },
    assistant([{ type: "text", text: "Let me add." }], "toolUse"),
    assistant([{ type: "toolCall", id: "call_1", name: "calc", arguments: { a: 2, b: 3, op: "add" } }], "toolUse"),
    { role: "toolResult", toolCallId: "call_1", toolName: "calc", content: [{ type: "text", text: "5" }], isError: false, timestamp: 0 },
  ];
  const context: Context & { tools: NonNullable<Context["tools"]> } = { messages, tools: [] };
  const book = new RecordBook();
  const place = book.place("openai-chat", context);
  assert.equal(place.turn, 1, "the split reply is one turn");
  book.answered(place, assistant([{ type: "text", text: "It is 5." }], "stop"));
  const { fixture } = recordedFixture(book, "split", "http://upstream.example");
  assert.doesNotMatch(String(fixture.description), /cut short/, "the session holds the answer to its last request");
  const episodes = fixture.episodes;
  assert.ok(Array.isArray(episodes));
  const [episode] = episodes;
  assert.deepEqual(episode.script, [
    {
      content: [
        { type: "text", text: "Let me add." },
        { type: "toolCall", id: "call_1", name: "calc", arguments: { a: 2, b: 3, op: "add" } },
      ],
    },
    { content: [{ type: "text", text: "It is 5." }] },
  ]);
});
