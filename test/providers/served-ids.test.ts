// serve's ids, seen through the official SDK clients: each served response and call has an id in
// its provider's style (and within the rule table's id rules), none repeats over the server's
// life — not even when the same request comes twice — and a call id sent back is read as the
// scripted call it stands for (the second reply's `expect` names the fixture's call_1 and call_2).
import assert from "node:assert/strict";
import { test } from "node:test";
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { calcDescription, calcParameters, QUESTION } from "../../examples/calc-tool.ts";
import { ANTHROPIC_ID_PATTERN } from "../../src/providers/anthropic/limits.ts";
import { OPENAI_CALL_ID_MAX } from "../../src/providers/openai-chat/limits.ts";
import { RESPONSES_CALL_ID_MAX } from "../../src/providers/openai-responses/limits.ts";
import { startServe } from "../serve/serve-helpers.ts";

const PORTABLE = /^[a-zA-Z0-9_-]{1,64}$/;

/** Every id the SDKs saw, by kind, in the order they came. */
type Seen = Record<string, string[]>;

function note(seen: Seen, kind: string, id: string | undefined): string {
  assert.ok(id, `${kind}: no id`);
  (seen[kind] ??= []).push(id);
  return id;
}

test("served ids follow each provider's style and rules, never repeat, and pair back to the script", async () => {
  const server = await startServe("serve-calc");
  const seen: Seen = {};
  try {
    const chat = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: "x", maxRetries: 0 });
    const chatTools = [{ type: "function" as const, function: { name: "calc", description: calcDescription, parameters: calcParameters } }];
    for (let attempt = 0; attempt < 2; attempt++) {
      // The same first request twice (a retry): two replies, so two sets of ids.
      const first = await chat.chat.completions.create({ model: "m", messages: [{ role: "user", content: QUESTION }], tools: chatTools });
      note(seen, "chat response", first.id);
      const calls = (first.choices[0]?.message.tool_calls ?? []).flatMap((call) => (call.type === "function" ? [call] : []));
      assert.equal(calls.length, 2);
      for (const call of calls) assert.ok(note(seen, "chat call", call.id).length <= OPENAI_CALL_ID_MAX);
      const results = calls.map((call, index) => ({ role: "tool" as const, tool_call_id: call.id, content: ["12", "42"][index] ?? "" }));
      const history = [{ role: "user" as const, content: QUESTION }, { role: "assistant" as const, content: null, tool_calls: calls }, ...results];
      // The results go back under the served ids: the reply expecting call_1 and call_2 accepts them.
      const second = await chat.chat.completions.create({ model: "m", messages: history, tools: chatTools });
      assert.equal(second.choices[0]?.message.content, "7 + 5 = 12 and 6 × 7 = 42.");
      note(seen, "chat response", second.id);
      // A wrong result is reported under the id the harness knows, with the script's beside it.
      const wrong = history.map((message) => (message.role === "tool" ? { ...message, content: "99" } : message));
      const refused = await chat.chat.completions.create({ model: "m", messages: wrong, tools: chatTools }).catch((error: unknown) => error);
      assert.ok(refused instanceof OpenAI.BadRequestError);
      assert.ok(refused.message.includes(`the result for ${calls[0]?.id} (script: call_1) does not contain "12"`), refused.message);
      // The same second request again: a retried turn is answered under a new conversation.
      const again = await chat.chat.completions.create({ model: "m", messages: history, tools: chatTools, stream: true });
      for await (const chunk of again) note(seen, "chat chunk", chunk.id);
    }
    for (const id of seen["chat response"] ?? []) assert.match(id, /^chatcmpl-[a-zA-Z0-9]{29}$/);
    for (const id of seen["chat call"] ?? []) assert.match(id, /^call_[a-zA-Z0-9]{24}$/);

    const responses = await chat.responses.create({
      model: "m",
      input: QUESTION,
      tools: [{ type: "function", name: "calc", parameters: { type: "object" }, strict: false }],
    });
    assert.match(note(seen, "responses response", responses.id), /^resp_[a-zA-Z0-9]{32}$/);
    for (const item of responses.output) {
      if (item.type === "message") assert.match(note(seen, "responses item", item.id), /^msg_[a-zA-Z0-9]{32}$/);
      if (item.type === "function_call") {
        assert.match(note(seen, "responses item", item.id), /^fc_[a-zA-Z0-9]{32}$/);
        assert.match(note(seen, "responses call", item.call_id), /^call_[a-zA-Z0-9]{24}$/);
        assert.ok(item.call_id.length <= RESPONSES_CALL_ID_MAX);
      }
    }
    const streamed = await chat.responses.create({
      model: "m",
      input: QUESTION,
      stream: true,
      tools: [{ type: "function", name: "calc", parameters: { type: "object" }, strict: false }],
    });
    for await (const event of streamed) {
      if (event.type === "response.completed") note(seen, "responses response", event.response.id);
      if (event.type === "response.output_item.done") note(seen, "responses item", event.item.id);
    }

    const anthropic = new Anthropic({ baseURL: server.url, apiKey: "x", maxRetries: 0 });
    const request = {
      model: "m",
      max_tokens: 100,
      messages: [{ role: "user" as const, content: QUESTION }],
      tools: [{ name: "calc", input_schema: { type: "object" as const } }],
    };
    for (const message of [await anthropic.messages.create(request), await anthropic.messages.stream(request).finalMessage()]) {
      assert.match(note(seen, "anthropic message", message.id), /^msg_01[a-zA-Z0-9]{22}$/);
      for (const block of message.content) {
        if (block.type === "tool_use") assert.match(note(seen, "anthropic call", block.id), /^toolu_01[a-zA-Z0-9]{22}$/);
        if (block.type === "tool_use") assert.match(block.id, ANTHROPIC_ID_PATTERN);
      }
    }

    const gemini = new GoogleGenAI({ apiKey: "x", httpOptions: { baseUrl: server.url } });
    const contents = [{ role: "user", parts: [{ text: QUESTION }] }];
    const config = { tools: [{ functionDeclarations: [{ name: "calc", parametersJsonSchema: calcParameters }] }] };
    const whole = await gemini.models.generateContent({ model: "m", contents, config });
    assert.match(note(seen, "gemini response", whole.responseId), PORTABLE);
    for (const call of whole.functionCalls ?? []) assert.match(note(seen, "gemini call", call.id), PORTABLE);
    const chunks = [];
    for await (const chunk of await gemini.models.generateContentStream({ model: "m", contents, config })) chunks.push(chunk);
    // One response: every chunk carries the same responseId, a new one.
    assert.equal(new Set(chunks.map((chunk) => chunk.responseId)).size, 1);
    note(seen, "gemini response", chunks[0]?.responseId);
    for (const chunk of chunks) for (const call of chunk.functionCalls ?? []) note(seen, "gemini call", call.id);
  } finally {
    await server.stop();
  }
  // A streamed reply repeats its id on every chunk; apart from that, no id was ever served twice.
  const chunkIds = new Set(seen["chat chunk"]);
  assert.equal(chunkIds.size, 2);
  const all = [
    ...Object.entries(seen)
      .filter(([kind]) => kind !== "chat chunk")
      .flatMap(([, ids]) => ids),
    ...chunkIds,
  ];
  assert.equal(new Set(all).size, all.length, all.join("\n"));
  assert.equal(seen["chat response"]?.length, 4);
  assert.equal(seen["gemini call"]?.length, 4);
});

test("the same served ids come out of every run: they are made from places, not chance or the clock", async () => {
  const ids = async () => {
    const server = await startServe("serve-calc");
    try {
      const chat = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: "x", maxRetries: 0 });
      const completion = await chat.chat.completions.create({
        model: "m",
        messages: [{ role: "user", content: QUESTION }],
        tools: [{ type: "function", function: { name: "calc", parameters: { type: "object" } } }],
      });
      return [completion.id, ...(completion.choices[0]?.message.tool_calls ?? []).map((call) => call.id)];
    } finally {
      await server.stop();
    }
  };
  const first = await ids();
  assert.equal(first.length, 3);
  assert.deepEqual(await ids(), first);
});
