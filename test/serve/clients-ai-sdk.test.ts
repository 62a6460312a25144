// The client matrix, Vercel AI SDK family (`ai` with @ai-sdk/openai, @ai-sdk/anthropic,
// @ai-sdk/google): the SDK runs the loop itself (`stopWhen`), plain (generateText) and streamed
// (streamText), one call, two calls at once and a multi-turn conversation with a text-only reply
// between user turns, on all four APIs, with no warning; then the broken histories. The Responses
// model keeps the SDK's default `store: true`, so its later turns send `item_reference`s.
import assert from "node:assert/strict";
import { test } from "node:test";
import { generateText, type LanguageModel, type ModelMessage } from "ai";
import { ask, calc, models, warnings } from "./clients-ai-sdk-driver.ts";
import { type Api, assertLoop, assertRefused, type Broken, broken, type MatrixServer, scenarios, settled, startMatrixServer } from "./clients-matrix.ts";

async function loops(server: MatrixServer, model: LanguageModel, stream: boolean, t: test.TestContext): Promise<void> {
  for (const scenario of ["oneCall", "twoCalls"] as const) {
    await t.test(scenario, () =>
      assertLoop(server, scenarios[scenario].answer, () => ask(model, [{ role: "user", content: scenarios[scenario].prompt }], stream)),
    );
  }
  await t.test("multiTurn", async () => {
    const { prompt, reply, next, answer } = scenarios.multiTurn;
    let messages: ModelMessage[] = [];
    await assertLoop(server, reply, async () => {
      const first = await ask(model, [{ role: "user", content: prompt }], stream);
      messages = first.messages;
      return first;
    });
    await assertLoop(server, answer, () => ask(model, [...messages, { role: "user", content: next }], stream));
  });
  assert.deepEqual(warnings, [], "the SDK warned");
}

test("AI SDK: every API, plain and streamed, runs each loop to its answer", async (t) => {
  const server = await startMatrixServer();
  try {
    for (const [api, model] of Object.entries(models(server.url))) {
      for (const stream of [false, true]) await t.test(`${api} ${stream ? "streamed" : "plain"}`, (t) => loops(server, model, stream, t));
    }
  } finally {
    await server.stop();
  }
});

/** The broken two-call turn as the SDK's messages. */
function brokenMessages(which: Broken): ModelMessage[] {
  return [
    { role: "user", content: broken.question },
    { role: "assistant", content: broken.calls.map((call) => ({ type: "tool-call", toolCallId: call.id, toolName: "calc", input: call.args })) },
    {
      role: "tool",
      content: broken.results[which].map((result) => ({
        type: "tool-result",
        toolCallId: result.id,
        toolName: "calc",
        output: { type: "text", value: result.text },
      })),
    },
  ];
}

test("AI SDK: a missing result is refused by the SDK itself; a result for an unknown call gets the provider's 400", async (t) => {
  const server = await startMatrixServer();
  try {
    for (const [api, model] of Object.entries(models(server.url))) {
      await t.test(`${api} missing`, async () => {
        // The SDK checks the pairing before it sends (docs/clients.md): nothing reaches serve.
        const before = (await settled(server)).length;
        await assert.rejects(generateText({ model, messages: brokenMessages("missing"), tools: { calc }, maxRetries: 0 }), {
          name: "AI_MissingToolResultsError",
          message: "Tool result is missing for tool call call_2.",
        });
        assert.equal((await settled(server)).length, before);
      });
      await t.test(`${api} unknown`, () =>
        assertRefused(server, api as Api, "unknown", () =>
          generateText({ model, messages: brokenMessages("unknown"), tools: { calc }, maxRetries: 0, maxOutputTokens: 1000 }).then(
            () => assert.fail("accepted"),
            (error: unknown) => error,
          ),
        ),
      );
    }
  } finally {
    await server.stop();
  }
});
