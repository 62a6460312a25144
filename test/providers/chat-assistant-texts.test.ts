// An OpenAI Chat assistant message has one `content`: a reply of several text blocks (text, a call,
// more text; or a final answer in parts) must keep every one of them there, in order, whether or
// not the reply also made calls. One text is the plain-string form; several are text parts.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { AssistantMessage, Context, Message } from "../../src/protocol/types.ts";
import { renderWireRequest } from "../../src/wire.ts";

const calc = { name: "calc", description: "adds", parameters: { type: "object", properties: { a: { type: "number" } } } };

function reply(content: AssistantMessage["content"]): AssistantMessage {
  return { role: "assistant", content, stopReason: content.some((block) => block.type === "toolCall") ? "toolUse" : "stop", timestamp: 0 };
}

/** The texts of an assistant message's content, whichever form it takes. */
function textsOf(message: ChatCompletionMessageParam | undefined): string[] {
  if (message?.role !== "assistant") return assert.fail(`not an assistant message: ${JSON.stringify(message)}`);
  const { content } = message;
  if (content === null || content === undefined) return [];
  if (typeof content === "string") return [content];
  return content.map((part) => (part.type === "text" ? part.text : assert.fail(`not a text part: ${JSON.stringify(part)}`)));
}

test("an OpenAI Chat assistant reply with two or more text blocks keeps every text in the wire body", () => {
  const messages: Message[] = [
    { role: "user", content: "add 1", timestamp: 0 },
    reply([
      { type: "text", text: "Let me add." },
      { type: "toolCall", id: "call_1", name: "calc", arguments: { a: 1 } },
      { type: "text", text: "Then I will check it." },
    ]),
    { role: "toolResult", toolCallId: "call_1", toolName: "calc", content: [{ type: "text", text: "1" }], isError: false, timestamp: 0 },
    reply([
      { type: "text", text: "It is 1." },
      { type: "text", text: "Checked." },
      { type: "text", text: "Anything else?" },
    ]),
    { role: "user", content: "no", timestamp: 0 },
  ];
  const context: Context = { messages, tools: [calc] };
  const body = renderWireRequest("openai-chat", context).body;
  const assistants = body.messages.filter((message) => message.role === "assistant");
  assert.equal(assistants.length, 2);
  assert.deepEqual(textsOf(assistants[0]), ["Let me add.", "Then I will check it."], "the reply that made a call");
  assert.deepEqual(textsOf(assistants[1]), ["It is 1.", "Checked.", "Anything else?"], "the final answer");
  const first = assistants[0];
  assert.deepEqual(first?.role === "assistant" && first.tool_calls?.map((call) => call.id), ["call_1"], "the call stays beside its texts");
});

test("one text block stays the plain string the API itself returns", () => {
  const messages: Message[] = [
    { role: "user", content: "hi", timestamp: 0 },
    reply([{ type: "text", text: "Hello." }]),
    { role: "user", content: "bye", timestamp: 0 },
  ];
  const body = renderWireRequest("openai-chat", { messages }).body;
  assert.deepEqual(
    body.messages.find((message) => message.role === "assistant"),
    { role: "assistant", content: "Hello." },
  );
});
