// The client matrix, LangChain family (@langchain/core with @langchain/openai — Chat Completions
// and, with `useResponsesApi`, Responses — @langchain/anthropic and @langchain/google-genai): a
// harness's loop over `bindTools`, `invoke` or `stream`, and each tool's own `invoke` for the
// ToolMessage, as LangChain's tool-calling guide writes it; one call, two calls at once and a
// multi-turn conversation with a text-only reply between user turns, plain and streamed, with no
// warning. LangChain's Gemini model sends each of a turn's results as its own content, which the
// Gemini API refuses (docs/clients.md): that cell gets the provider's 400, narrated as the rule.
// Then the broken histories, each answered with the provider's 400 and its text.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ChatAnthropic } from "@langchain/anthropic";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type AIMessageChunk, type BaseMessage, HumanMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { ChatGoogleGenerativeAI } from "@langchain/google-genai";
import { ChatOpenAI } from "@langchain/openai";
import { z } from "zod";
import { runCalc } from "../../examples/calc-tool.ts";
import {
  type Api,
  assertLoop,
  assertRefused,
  type Broken,
  broken,
  type MatrixServer,
  rejection,
  SYSTEM,
  scenarios,
  startMatrixServer,
} from "./clients-matrix.ts";

const calc = tool(async (args) => runCalc(args).text, {
  name: "calc",
  description: "Arithmetic on two numbers.",
  schema: z.object({ a: z.number().describe("left operand"), b: z.number().describe("right operand"), op: z.enum(["add", "sub", "mul", "div"]) }),
});

function models(url: string): Record<Api, BaseChatModel> {
  const openai = { model: "gpt-4o", apiKey: "not-needed", configuration: { baseURL: `${url}/v1` }, maxRetries: 0 };
  return {
    "openai-chat": new ChatOpenAI(openai),
    "openai-responses": new ChatOpenAI({ ...openai, useResponsesApi: true }),
    anthropic: new ChatAnthropic({ model: "claude-sonnet-4-6", apiKey: "not-needed", anthropicApiUrl: url, maxRetries: 0 }),
    gemini: new ChatGoogleGenerativeAI({ model: "gemini-2.5-flash", apiKey: "not-needed", baseUrl: url, maxRetries: 0 }),
  };
}

/** The loop: ask, run every call the reply holds, send the results back, until a reply has none. */
async function loop(model: BaseChatModel, messages: BaseMessage[], stream: boolean): Promise<{ text: string; usage: (number | undefined)[] }> {
  const bound = model.bindTools?.([calc]);
  assert.ok(bound, "the model binds no tools");
  for (let turn = 0; turn < 5; turn++) {
    let reply: AIMessageChunk | undefined;
    if (stream) for await (const chunk of await bound.stream(messages)) reply = reply === undefined ? chunk : reply.concat(chunk);
    else reply = await bound.invoke(messages);
    assert.ok(reply, "no reply");
    messages.push(reply);
    const calls = reply.tool_calls ?? [];
    if (calls.length === 0) {
      const usage = reply.usage_metadata;
      return { text: reply.text, usage: [usage?.input_tokens, usage?.output_tokens, usage?.total_tokens] };
    }
    for (const call of calls) messages.push(await calc.invoke({ ...call, type: "tool_call" }));
  }
  assert.fail("no answer after 5 turns");
}

const start = (prompt: string): BaseMessage[] => [new SystemMessage(SYSTEM), new HumanMessage(prompt)];

async function loops(server: MatrixServer, api: Api, model: BaseChatModel, stream: boolean, t: test.TestContext): Promise<void> {
  await t.test("oneCall", () => assertLoop(server, scenarios.oneCall.answer, () => loop(model, start(scenarios.oneCall.prompt), stream)));
  await t.test("twoCalls", () =>
    api === "gemini"
      ? assertRefused(server, api, "missing", () => rejection(loop(model, start(scenarios.twoCalls.prompt), stream)))
      : assertLoop(server, scenarios.twoCalls.answer, () => loop(model, start(scenarios.twoCalls.prompt), stream)),
  );
  await t.test("multiTurn", async () => {
    const messages = start(scenarios.multiTurn.prompt);
    await assertLoop(server, scenarios.multiTurn.reply, () => loop(model, messages, stream));
    messages.push(new HumanMessage(scenarios.multiTurn.next));
    await assertLoop(server, scenarios.multiTurn.answer, () => loop(model, messages, stream));
  });
}

test("LangChain: every API, plain and streamed, runs each loop to its answer (Gemini's two-call turn: the API's own 400)", async (t) => {
  const server = await startMatrixServer();
  const warned: unknown[][] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warned.push(args);
  try {
    for (const [api, model] of Object.entries(models(server.url))) {
      for (const stream of [false, true]) await t.test(`${api} ${stream ? "streamed" : "plain"}`, (t) => loops(server, api as Api, model, stream, t));
    }
    assert.deepEqual(warned, [], "LangChain warned");
  } finally {
    console.warn = warn;
    await server.stop();
  }
});

function brokenMessages(which: Broken): BaseMessage[] {
  return [
    new HumanMessage(broken.question),
    new AIMessage({ content: "", tool_calls: broken.calls.map((call) => ({ id: call.id, name: "calc", args: call.args, type: "tool_call" })) }),
    ...broken.results[which].map((result) => new ToolMessage({ tool_call_id: result.id, name: "calc", content: result.text })),
  ];
}

test("LangChain: a missing result and a result for an unknown call get the provider's 400 with its text", async (t) => {
  const server = await startMatrixServer();
  try {
    for (const [api, model] of Object.entries(models(server.url))) {
      for (const which of ["missing", "unknown"] as const) {
        await t.test(`${api} ${which}`, () => assertRefused(server, api as Api, which, () => rejection(model.invoke(brokenMessages(which)))));
      }
    }
  } finally {
    await server.stop();
  }
});
