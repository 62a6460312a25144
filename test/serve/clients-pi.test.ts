// The client matrix, Pi family (@mariozechner/pi-ai with @mariozechner/pi-agent-core): Pi's own
// Agent runs the loop on all four APIs (Pi always streams), one call, two calls at once and a
// multi-turn conversation with a text-only reply between user turns. On Gemini Pi sends calls and
// results without ids, so serve pairs them by name and order and keeps the conversation across
// turns (one responseId conversation from the first turn to the last). Then the broken histories
// through pi-ai's `complete`: Pi fills in a missing result itself (docs/clients.md), and a result
// for an unknown call gets the provider's 400 with its text.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type AssistantMessage, type Context, complete, type Model, type Api as PiApi } from "@mariozechner/pi-ai";
import { type Api, assertLoop, assertRefused, broken, SYSTEM, scenarios, settled, startMatrixServer } from "./clients-matrix.ts";
import { calc, models, newAgent, prompt } from "./clients-pi-driver.ts";

/** The conversation a served Gemini responseId names (`…c{n}t{n}`). */
function conversationOf(message: AssistantMessage): string | undefined {
  return /c(\d+)t\d+$/.exec(message.responseId ?? "")?.[1];
}

test("Pi: the agent runs each loop to its answer on every API (streamed, as Pi always is)", async (t) => {
  const server = await startMatrixServer();
  try {
    for (const [api, model] of Object.entries(models(server.url))) {
      await t.test(api, async (t) => {
        for (const scenario of ["oneCall", "twoCalls"] as const) {
          await t.test(scenario, () => assertLoop(server, scenarios[scenario].answer, () => prompt(newAgent(model), scenarios[scenario].prompt)));
        }
        await t.test("multiTurn", async () => {
          const agent = newAgent(model);
          await assertLoop(server, scenarios.multiTurn.reply, () => prompt(agent, scenarios.multiTurn.prompt));
          await assertLoop(server, scenarios.multiTurn.answer, () => prompt(agent, scenarios.multiTurn.next));
          // Every reply of the conversation was served in one conversation, ids or not.
          const replies = agent.state.messages.flatMap((message) => ("role" in message && message.role === "assistant" ? [message] : []));
          const conversations = new Set(replies.map(conversationOf));
          if (api === "gemini") assert.equal(conversations.size, 1, `responseIds ${replies.map((reply) => reply.responseId).join(", ")}`);
        });
      });
    }
  } finally {
    await server.stop();
  }
});

/** The broken two-call turn as Pi's context. */
function brokenContext(model: Model<PiApi>, which: "missing" | "unknown"): Context {
  const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
  return {
    systemPrompt: SYSTEM,
    tools: [calc],
    messages: [
      { role: "user", content: broken.question, timestamp: 0 },
      {
        role: "assistant",
        content: broken.calls.map((call) => ({ type: "toolCall", id: call.id, name: "calc", arguments: call.args })),
        api: model.api,
        provider: model.provider,
        model: model.id,
        usage,
        stopReason: "toolUse",
        timestamp: 0,
      },
      ...broken.results[which].map((result) => ({
        role: "toolResult" as const,
        toolCallId: result.id,
        toolName: "calc",
        content: [{ type: "text" as const, text: result.text }],
        isError: false,
        timestamp: 0,
      })),
    ],
  };
}

test("Pi: a missing result is filled in by Pi; a result for an unknown call gets the provider's 400", async (t) => {
  const server = await startMatrixServer();
  try {
    for (const [api, model] of Object.entries(models(server.url))) {
      await t.test(`${api} missing`, async () => {
        // Pi answers the orphaned call itself with an error result "No result provided" before it
        // sends (docs/clients.md): the request keeps every rule, and only the script's `expect`
        // (a successful result for call_2) refuses it.
        const before = (await settled(server)).length;
        const reply = await complete(model, brokenContext(model, "missing"), { apiKey: "not-needed" });
        assert.equal(reply.stopReason, "error");
        const record = (await settled(server)).slice(before).at(-1);
        assert.equal(record?.outcome.kind, "expectation", JSON.stringify(record?.outcome));
        // The second result, for call_2 (on Gemini, sent without ids and paired by order).
        const sent = record.conversation?.results[1]?.result;
        assert.ok(JSON.stringify(sent?.content ?? null).includes("No result provided"), JSON.stringify(record.conversation?.results));
        // Chat and Responses results carry no error flag; the other two say it.
        if (api === "anthropic" || api === "gemini") assert.equal(sent?.isError, true);
      });
      await t.test(`${api} unknown`, () =>
        assertRefused(server, api as Api, "unknown", async () => {
          const reply = await complete(model, brokenContext(model, "unknown"), { apiKey: "not-needed" });
          assert.equal(reply.stopReason, "error");
          return reply.errorMessage;
        }),
      );
    }
  } finally {
    await server.stop();
  }
});
