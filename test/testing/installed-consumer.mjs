// A harness author's test in a project of their own, which has installed tool-call-playground
// from its packed tarball (test/testing/installed-package.test.ts lays the project out and runs
// this file with plain `node`, no loader). It uses only the testing entry's contract: start, an
// OpenAI SDK tool loop, exchanges, assertClean, reset, the HTTP journal, close.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import OpenAI from "openai";
import { startFakeModel } from "tool-call-playground/testing";

let model;
before(async () => {
  model = await startFakeModel({ fixture: "serve-calc" });
});
after(() => model.close());

test("a tool loop against the installed fake model is clean, and the journal says what it saw", async () => {
  const client = new OpenAI({ baseURL: model.baseURL("openai"), apiKey: "test-key" });
  const tools = [{ type: "function", function: { name: "calc", parameters: { type: "object" } } }];
  const messages = [{ role: "user", content: "What is 7 + 5, and 6 times 7?" }];
  const first = (await client.chat.completions.create({ model: "fake-model", messages, tools })).choices[0].message;
  messages.push(first);
  for (const call of first.tool_calls) {
    const { a, b, op } = JSON.parse(call.function.arguments);
    messages.push({ role: "tool", tool_call_id: call.id, content: String(op === "add" ? a + b : a * b) });
  }
  const answer = (await client.chat.completions.create({ model: "fake-model", messages, tools })).choices[0].message;
  assert.equal(answer.content, "7 + 5 = 12 and 6 × 7 = 42.");
  model.assertClean();
  assert.deepEqual(
    model.exchanges.map(({ type, record }) => [type, record.outcome.status]),
    [
      ["exchange", 200],
      ["exchange", 200],
    ],
  );
  const journal = await (await fetch(`${model.url}/_playground/exchanges`)).json();
  assert.deepEqual(journal, model.exchanges);
  model.reset();
  assert.deepEqual(model.exchanges, []);
  assert.throws(() => model.assertClean(), /reply 1 of 2 \(episode 1\) was never asked for/);
  assert.equal((await fetch(`${model.url}/_playground/reset`, { method: "POST" })).status, 204);
});
