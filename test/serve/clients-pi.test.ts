// The client matrix, Pi family (@mariozechner/pi-ai with @mariozechner/pi-agent-core): Pi's own
// Agent runs the loop on all four APIs (Pi always streams), one call, two calls at once and a
// multi-turn conversation with a text-only reply between user turns. On Gemini Pi sends calls and
// results without ids, so serve pairs them by name and order and keeps the conversation across
// turns (one responseId conversation from the first turn to the last). Then the broken histories
// through pi-ai's `complete`: Pi fills in a missing result itself (docs/clients.md), and a result
// for an unknown call gets the provider's 400 with its text.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Agent, type AgentTool } from "@mariozechner/pi-agent-core";
import { type AssistantMessage, type Context, complete, type Model, type Api as PiApi } from "@mariozechner/pi-ai";
import { Type } from "@sinclair/typebox";
import { runCalc } from "../../examples/calc-tool.ts";
import { type Api, assertLoop, assertRefused, broken, type LoopResult, SYSTEM, scenarios, startMatrixServer } from "./clients-matrix.ts";

const calcSchema = Type.Object({
  a: Type.Number({ description: "left operand" }),
  b: Type.Number({ description: "right operand" }),
  op: Type.Union([Type.Literal("add"), Type.Literal("sub"), Type.Literal("mul"), Type.Literal("div")]),
});

const calc: AgentTool<typeof calcSchema> = {
  name: "calc",
  label: "calc",
  description: "Arithmetic on two numbers.",
  parameters: calcSchema,
  execute: async (_id, params) => {
    const result = runCalc(params);
    if (result.isError) throw new Error(result.text);
    return { content: [{ type: "text", text: result.text }], details: {} };
  },
};

function models(url: string): Record<Api, Model<PiApi>> {
  const base = {
    name: "matrix",
    reasoning: false,
    input: ["text" as const],
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: 128000,
    maxTokens: 1000,
  };
  return {
    "openai-chat": { ...base, id: "gpt-4o", api: "openai-completions", provider: "openai", baseUrl: `${url}/v1` },
    "openai-responses": { ...base, id: "gpt-4o", api: "openai-responses", provider: "openai", baseUrl: `${url}/v1` },
    anthropic: { ...base, id: "claude-sonnet-4-5", api: "anthropic-messages", provider: "anthropic", baseUrl: url },
    gemini: { ...base, id: "gemini-2.5-flash", api: "google-generative-ai", provider: "google", baseUrl: `${url}/v1beta` },
  };
}

function lastReply(agent: Agent): AssistantMessage {
  const last = agent.state.messages.at(-1);
  assert.ok(last && "role" in last && last.role === "assistant", "the run ends without a reply");
  assert.equal(last.stopReason, "stop", last.errorMessage);
  return last;
}

/** One prompt through the agent's own loop: the answer and the last reply's usage. */
async function prompt(agent: Agent, text: string): Promise<LoopResult> {
  await agent.prompt(text);
  const reply = lastReply(agent);
  const answer = reply.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
  return { text: answer, usage: [reply.usage.input, reply.usage.output, reply.usage.totalTokens] };
}

function newAgent(model: Model<PiApi>): Agent {
  return new Agent({ initialState: { systemPrompt: SYSTEM, model, tools: [calc] }, getApiKey: () => "not-needed" });
}

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
        const before = server.records().length;
        const reply = await complete(model, brokenContext(model, "missing"), { apiKey: "not-needed" });
        assert.equal(reply.stopReason, "error");
        const record = server.records().slice(before).at(-1);
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
