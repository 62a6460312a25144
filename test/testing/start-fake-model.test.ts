// The testing entry's contract (src/testing.ts), as a harness's own test uses it: start the fake
// model, run a tool loop through the official SDKs against it, read what it saw, and fail on a
// protocol mistake — a result dropped, a call answered twice, a loop that stops before the script
// ends — naming the request and the narration's own sentence. The same journal over HTTP.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import OpenAI from "openai";
import { anthropicHarness } from "../../examples/anthropic-calc.ts";
import { chatHarness } from "../../examples/openai-calc.ts";
import { type FakeModel, startFakeModel } from "../../src/testing.ts";

/** The AssertionError's message, which the test then reads. */
function assertionMessage(model: FakeModel, options?: { warnings?: boolean }): string {
  try {
    model.assertClean(options);
  } catch (error) {
    assert.ok(error instanceof assert.AssertionError, `not an AssertionError: ${String(error)}`);
    return error.message;
  }
  return assert.fail("assertClean did not throw");
}

/** One Chat request with the OpenAI SDK, the first of serve-calc's loop: the two calls. */
async function firstTurn(model: FakeModel) {
  const client = new OpenAI({ baseURL: model.baseURL("openai"), apiKey: "x", maxRetries: 0 });
  const messages: OpenAI.ChatCompletionMessageParam[] = [
    { role: "system", content: "You are a helpful assistant. Use calc for arithmetic." },
    { role: "user", content: "What is 7 + 5, and 6 times 7?" },
  ];
  const tools: OpenAI.ChatCompletionTool[] = [{ type: "function", function: { name: "calc", parameters: { type: "object" } } }];
  const reply = await client.chat.completions.create({ model: "fake-model", messages, tools });
  const message = reply.choices[0]?.message;
  assert.ok(message?.tool_calls);
  return { client, messages: [...messages, message], calls: message.tool_calls, tools };
}

describe("startFakeModel", () => {
  test("a correct tool loop through the OpenAI SDK passes assertClean, and exchanges holds each request as serve --json's event", async () => {
    const model = await startFakeModel({ fixture: "serve-calc" });
    try {
      assert.match(model.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.equal(model.baseURL("openai"), `${model.url}/v1`);
      assert.equal(model.baseURL("anthropic"), model.url);
      assert.equal(await chatHarness(model.url), "7 + 5 = 12 and 6 × 7 = 42.");
      model.assertClean();
      model.assertClean({ warnings: true });
      const exchanges = model.exchanges;
      assert.deepEqual(
        exchanges.map(({ type, record }) => [type, record.number, record.path, record.outcome.status, record.outcome.kind, record.conversation?.replyIndex]),
        [
          ["exchange", 1, "/v1/chat/completions", 200, "reply", 0],
          ["exchange", 2, "/v1/chat/completions", 200, "reply", 1],
        ],
      );
      // A copy: what a test changes in it is not the journal's.
      exchanges.length = 0;
      assert.equal(model.exchanges.length, 2);
    } finally {
      await model.close();
    }
  });

  test("the same loop through the Anthropic SDK passes too", async () => {
    const model = await startFakeModel({ fixture: "serve-calc" });
    try {
      assert.equal(await anthropicHarness(model.baseURL("anthropic")), "7 + 5 = 12 and 6 × 7 = 42.");
      model.assertClean();
      assert.deepEqual(
        model.exchanges.map(({ record }) => [record.path, record.provider]),
        [
          ["/v1/messages", "anthropic"],
          ["/v1/messages", "anthropic"],
        ],
      );
    } finally {
      await model.close();
    }
  });

  test("a harness that drops a tool result fails assertClean, naming the request and the rule the API enforces", async () => {
    const model = await startFakeModel({ fixture: "serve-calc" });
    try {
      await assert.rejects(chatHarness(model.url, { forgetResult: true }), (error: unknown) => error instanceof OpenAI.BadRequestError);
      const message = assertionMessage(model);
      assert.match(
        message,
        /^the fake model saw 1 problem\(s\):\n {2}request 2: lint error: openai-chat\/tool-call-unanswered at \/messages\/2\/tool_calls\/1: /,
      );
      assert.doesNotMatch(message, /never asked for/);
    } finally {
      await model.close();
    }
  });

  test("a harness that answers a call twice fails assertClean, naming the request", async () => {
    const model = await startFakeModel({ fixture: "serve-calc" });
    try {
      const { client, messages, calls, tools } = await firstTurn(model);
      const [first, second] = calls;
      assert.ok(first && second);
      messages.push(
        { role: "tool", tool_call_id: first.id, content: "12" },
        { role: "tool", tool_call_id: first.id, content: "12" },
        { role: "tool", tool_call_id: second.id, content: "42" },
      );
      await assert.rejects(
        client.chat.completions.create({ model: "fake-model", messages, tools }),
        (error: unknown) => error instanceof OpenAI.BadRequestError,
      );
      assert.match(assertionMessage(model), /^the fake model saw 1 problem\(s\):\n {2}request 2: ← 400 the request breaks the tool-call protocol: .*call_1/);
    } finally {
      await model.close();
    }
  });

  test("a harness that stops before the script's end fails assertClean, naming the reply never asked for", async () => {
    const model = await startFakeModel({ fixture: "serve-calc" });
    try {
      await firstTurn(model);
      assert.equal(
        assertionMessage(model),
        "the fake model saw 1 problem(s):\n  reply 2 of 2 (episode 1) was never asked for: the harness stopped before the script's end",
      );
    } finally {
      await model.close();
    }
  });

  test("a request after the script's end fails assertClean", async () => {
    const model = await startFakeModel({ fixture: "serve-calc" });
    try {
      const { client, messages, calls, tools } = await firstTurn(model);
      for (const call of calls) messages.push({ role: "tool", tool_call_id: call.id, content: call.id.endsWith("1") ? "12" : "42" });
      const answer = await client.chat.completions.create({ model: "fake-model", messages, tools });
      const last = answer.choices[0]?.message;
      assert.ok(last);
      messages.push(last, { role: "user", content: "And 1 + 1?" });
      await assert.rejects(client.chat.completions.create({ model: "fake-model", messages, tools }));
      assert.match(assertionMessage(model), /^the fake model saw 1 problem\(s\):\n {2}request 3: ← 400 the script has no more replies for this conversation: /);
    } finally {
      await model.close();
    }
  });

  test("with strict, a harness that edits the model's text is answered 400 naming the place, and assertClean names it", async () => {
    for (const strict of [false, true]) {
      const model = await startFakeModel({ fixture: "serve-calc", strict });
      try {
        const { client, messages, calls, tools } = await firstTurn(model);
        const served = messages[2];
        assert.ok(served?.role === "assistant");
        messages[2] = { ...served, content: "Two sums, edited." };
        for (const call of calls) messages.push({ role: "tool", tool_call_id: call.id, content: call.id.endsWith("1") ? "12" : "42" });
        const answered = client.chat.completions.create({ model: "fake-model", messages, tools });
        if (!strict) {
          await answered;
          model.assertClean();
          assert.match(assertionMessage(model, { warnings: true }), /request 2: lint warning: .* at \/messages\/2\/content: /);
          continue;
        }
        await assert.rejects(answered, (error: unknown) => error instanceof OpenAI.BadRequestError && /\/messages\/2\/content/.test(error.message));
        assert.match(assertionMessage(model), /request 2: lint error: .* at \/messages\/2\/content: /);
      } finally {
        await model.close();
      }
    }
  });

  test("reset starts the script over: the journal empties, and the next loop gets the first loop's numbers and ids", async () => {
    const model = await startFakeModel({ fixture: "serve-calc" });
    try {
      await chatHarness(model.url);
      const first = model.exchanges;
      model.reset();
      assert.deepEqual(model.exchanges, []);
      assert.match(assertionMessage(model), /saw 2 problem\(s\):\n {2}reply 1 of 2 .*\n {2}reply 2 of 2 /);
      await chatHarness(model.url);
      model.assertClean();
      assert.deepEqual(model.exchanges, first);
    } finally {
      await model.close();
    }
  });

  test("GET /_playground/exchanges serves the journal and POST /_playground/reset resets it; a web page can do neither", async () => {
    const model = await startFakeModel({ fixture: "serve-calc" });
    try {
      await chatHarness(model.url);
      const served = await fetch(`${model.url}/_playground/exchanges`);
      assert.equal(served.status, 200);
      assert.deepEqual(await served.json(), model.exchanges);
      const fromPage = await fetch(`${model.url}/_playground/reset`, { method: "POST", headers: { origin: "https://example.com" } });
      assert.equal(fromPage.status, 403);
      const readFromPage = await fetch(`${model.url}/_playground/exchanges`, { headers: { origin: "https://example.com" } });
      assert.equal(readFromPage.status, 403);
      // Refused as any request from a page is (and journaled so): the journal was not reset.
      assert.deepEqual(
        model.exchanges.map(({ record }) => record.outcome.kind),
        ["reply", "reply", "forbidden", "forbidden"],
      );
      const reset = await fetch(`${model.url}/_playground/reset`, { method: "POST" });
      assert.equal(reset.status, 204);
      assert.deepEqual(await (await fetch(`${model.url}/_playground/exchanges`)).json(), []);
    } finally {
      await model.close();
    }
  });

  test("assertClean words its problems in the run's language", async () => {
    const model = await startFakeModel({ fixture: "serve-calc", lang: "zh" });
    try {
      assert.match(assertionMessage(model), /^fake model 看到 2 个问题：\n {2}第 1 段的第 1 条回复（共 2 条）从没有请求要过/);
    } finally {
      await model.close();
    }
  });

  test("takes the fixture as an object, and a broken one rejects with one line naming the place", async () => {
    const fixture = {
      title: "Says hi",
      episodes: [{ user: "Say hi.", tools: [], script: [{ content: [{ type: "text", text: "Hi." }] }] }],
    };
    const model = await startFakeModel({ fixture });
    try {
      const client = new OpenAI({ baseURL: model.baseURL("openai"), apiKey: "x", maxRetries: 0 });
      const reply = await client.chat.completions.create({ model: "fake-model", messages: [{ role: "user", content: "Say hi." }] });
      assert.equal(reply.choices[0]?.message.content, "Hi.");
      model.assertClean();
    } finally {
      await model.close();
    }
    await assert.rejects(startFakeModel({ fixture: { ...fixture, episodes: [{ ...fixture.episodes[0], user: 1 }] } }), (error: unknown) => {
      assert.ok(error instanceof Error);
      assert.match(error.message, /^\(fixture object\):\d+:\d+: \$\.episodes\[0\]\.user: /);
      assert.doesNotMatch(error.message, /\n/);
      return true;
    });
    await assert.rejects(startFakeModel({ fixture: "no-such-fixture" }), /Unknown fixture "no-such-fixture"/);
  });

  test("close (and Symbol.asyncDispose, what `await using` calls) stops the server", async () => {
    const model = await startFakeModel({ fixture: "serve-calc" });
    await model[Symbol.asyncDispose]();
    await assert.rejects(fetch(`${model.url}/_playground/exchanges`));
    await model.close();
  });

  test("narrate receives each exchange as serve narrates it", async () => {
    const lines: string[] = [];
    const model = await startFakeModel({ fixture: "serve-calc", narrate: (text) => lines.push(text) });
    try {
      await chatHarness(model.url);
    } finally {
      await model.close();
    }
    const text = lines.join("\n");
    assert.match(text, /── request 1 · POST \/v1\/chat\/completions · openai-chat ──/);
    assert.match(text, /← 200 the next scripted reply/);
    assert.doesNotMatch(text, /\u001b\[/);
  });
});
