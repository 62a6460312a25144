// The client matrix, OpenAI Agents SDK family (@openai/agents): the SDK's `Runner` runs the loop on
// Chat Completions (OpenAIChatCompletionsModel, which sends a reply's text and its calls back as two
// assistant messages in a row) and on Responses (OpenAIResponsesModel), plain and streamed, one
// call, two calls at once and a multi-turn conversation with a text-only reply between user turns
// — on Responses the second turn goes by `previousResponseId`, so serve resolves what it issued.
// Then the broken histories, as input items, each answered with the provider's 400 and its text.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { AgentInputItem, Model } from "@openai/agents";
import OpenAI from "openai";
import { type AgentsApi, models, run, type Turn } from "./clients-agents-driver.ts";
import { assertLoop, assertRefused, broken, type MatrixServer, rejection, scenarios, settled, startMatrixServer } from "./clients-matrix.ts";

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

test("Responses references serve did not issue get the API's own errors; what a store: false request got is not kept; OpenAI answers carry x-request-id", async () => {
  const server = await startMatrixServer();
  try {
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: "not-needed", maxRetries: 0 });
    const previous = await rejection(client.responses.create({ model: "gpt-4o", previous_response_id: "resp_unknown", input: "What is 2 + 3?" }));
    assert.ok(previous instanceof OpenAI.BadRequestError, String(previous));
    assert.deepEqual(previous.error, {
      message: "Previous response with id 'resp_unknown' not found.",
      type: "invalid_request_error",
      param: "previous_response_id",
      code: "previous_response_not_found",
    });
    const item = await rejection(client.responses.create({ model: "gpt-4o", input: [{ type: "item_reference", id: "msg_unknown" }] }));
    assert.ok(item instanceof OpenAI.NotFoundError, String(item));
    assert.match(item.message, /^404 Item with id 'msg_unknown' not found\. Items are not persisted when `store` is set to false\./);

    // A reply to a request that said store: false is not kept: pointing at it is refused.
    const { data, response } = await client.responses.create({ model: "gpt-4o", input: scenarios.multiTurn.prompt, store: false }).withResponse();
    assert.match(response.headers.get("x-request-id") ?? "", /^req_0+r\d+$/);
    const unstored = await rejection(client.responses.create({ model: "gpt-4o", previous_response_id: data.id, input: scenarios.multiTurn.next }));
    assert.ok(unstored instanceof OpenAI.BadRequestError, String(unstored));
    assert.equal((await settled(server)).at(-1)?.outcome.kind, "unknownReference");
  } finally {
    await server.stop();
  }
});
