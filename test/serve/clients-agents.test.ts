// The client matrix, OpenAI Agents SDK family (@openai/agents): the SDK's `Runner` runs the loop on
// Chat Completions (OpenAIChatCompletionsModel, which sends a reply's text and its calls back as two
// assistant messages in a row) and on Responses (OpenAIResponsesModel), plain and streamed, one
// call, two calls at once and a multi-turn conversation with a text-only reply between user turns
// — on Responses the second turn goes by `previousResponseId`, so serve resolves what it issued.
// Then the broken histories, as input items, each answered with the provider's 400 and its text.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import type { AgentInputItem, Model } from "@openai/agents";
import { projectRoot, serveGoldenFile } from "../../scripts/goldens.ts";
import { serveGoldenText } from "../../scripts/serve-golden.ts";
import { type AgentsApi, models, run, type Turn } from "./clients-agents-driver.ts";
import { assertLoop, assertRefused, broken, type MatrixServer, rejection, scenarios, startMatrixServer } from "./clients-matrix.ts";

async function loops(server: MatrixServer, api: AgentsApi, model: Model, stream: boolean, t: test.TestContext): Promise<void> {
  for (const scenario of ["oneCall", "twoCalls"] as const) {
    await t.test(scenario, () => assertLoop(server, scenarios[scenario].answer, () => run(model, scenarios[scenario].prompt, stream)));
  }
  await t.test("multiTurn", async () => {
    let first: Turn | undefined;
    await assertLoop(server, scenarios.multiTurn.reply, async () => (first = await run(model, scenarios.multiTurn.prompt, stream)));
    assert.ok(first);
    const { history, lastResponseId } = first;
    await assertLoop(server, scenarios.multiTurn.answer, () =>
      api === "openai-responses"
        ? run(model, scenarios.multiTurn.next, stream, lastResponseId)
        : run(model, [...history, { role: "user", content: scenarios.multiTurn.next }], stream),
    );
  });
}

test("Agents SDK: the Runner runs each loop to its answer on Chat and Responses, plain and streamed", async (t) => {
  const server = await startMatrixServer();
  try {
    for (const [api, model] of Object.entries(models(server.url))) {
      for (const stream of [false, true]) await t.test(`${api} ${stream ? "streamed" : "plain"}`, (t) => loops(server, api as AgentsApi, model, stream, t));
    }
  } finally {
    await server.stop();
  }
});

function brokenInput(which: "missing" | "unknown"): AgentInputItem[] {
  return [
    { role: "user", content: broken.question },
    ...broken.calls.map(
      (call): AgentInputItem => ({ type: "function_call", callId: call.id, name: "calc", arguments: JSON.stringify(call.args), status: "completed" }),
    ),
    ...broken.results[which].map(
      (result): AgentInputItem => ({
        type: "function_call_result",
        callId: result.id,
        name: "calc",
        status: "completed",
        output: { type: "text", text: result.text },
      }),
    ),
  ];
}

test("Agents SDK: a missing result and a result for an unknown call get the provider's 400 with its text", async (t) => {
  const server = await startMatrixServer();
  try {
    for (const [api, model] of Object.entries(models(server.url))) {
      for (const which of ["missing", "unknown"] as const) {
        await t.test(`${api} ${which}`, () => assertRefused(server, api as AgentsApi, which, () => rejection(run(model, brokenInput(which), false))));
      }
    }
  } finally {
    await server.stop();
  }
});

test("the narration of the Agents SDK run (Chat's two assistant messages, Responses by previous_response_id) equals its golden file", async () => {
  // npm run check -- --update rewrites it (scripts/goldens.ts lists it with the others).
  const file = serveGoldenFile("en", "agents-sdk-run");
  assert.equal(await serveGoldenText("en", "agents-sdk-run"), await readFile(`${projectRoot}/${file}`, "utf8"), file);
});
