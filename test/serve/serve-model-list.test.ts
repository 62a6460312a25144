// What a client probes before it asks anything: the list of models. Each SDK's own `models.list()`
// reads serve's answer — OpenAI's and Anthropic's on the same GET /v1/models, told apart by the
// `anthropic-version` header, Gemini's on GET /v1beta/models — and finds fake-model, the one name
// a fixture's models go by. The narration says so in one line in each language, --json carries it
// as an exchange, the routes printed at start list both paths, and another method on them is a
// 404 naming the routes. Where ../shared/specs is present, OpenAI's list also validates against
// its published spec.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { test } from "node:test";
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import { Ajv2020 } from "ajv/dist/2020.js";
import OpenAI from "openai";
import { projectRoot } from "../../scripts/goldens.ts";
import { loadAllParts } from "../../src/providers/registry.ts";
import { startServe } from "./serve-helpers.ts";

/** Raw HTTP, for what no SDK sends: a method the path does not take. */
function send(url: string, method: string, path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(`${url}${path}`, { method }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    sent.on("error", reject);
    sent.end();
  });
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

test("each SDK's models.list() reads its provider's list, naming fake-model, and the narration says so", async () => {
  const server = await startServe("serve-calc");
  try {
    const openai = await collect(new OpenAI({ baseURL: `${server.url}/v1`, apiKey: "x", maxRetries: 0 }).models.list());
    assert.deepEqual(
      openai.map(({ id, object }) => ({ id, object })),
      [{ id: "fake-model", object: "model" }],
    );
    const anthropic = await collect(new Anthropic({ baseURL: server.url, apiKey: "x", maxRetries: 0 }).models.list());
    assert.deepEqual(
      anthropic.map(({ id, type, display_name }) => ({ id, type, display_name })),
      [{ id: "fake-model", type: "model", display_name: "fake-model" }],
    );
    const gemini = await collect(await new GoogleGenAI({ apiKey: "x", httpOptions: { baseUrl: server.url } }).models.list());
    assert.deepEqual(
      gemini.map(({ name, supportedActions }) => ({ name, supportedActions })),
      [{ name: "models/fake-model", supportedActions: ["generateContent", "streamGenerateContent"] }],
    );

    const out = server.out();
    assert.match(out, /── request 1 · GET \/v1\/models · openai-chat ──\n.*← 200 the list of models the client asked for: fake-model\n/);
    assert.match(out, /── request 2 · GET \/v1\/models(\?\S*)? · anthropic ──\n.*← 200 the list of models the client asked for: fake-model\n/);
    assert.match(out, /── request 3 · GET \/v1beta\/models(\?\S*)? · gemini ──\n.*← 200 the list of models the client asked for: fake-model\n/);
  } finally {
    await server.stop();
  }
});

test("the routes printed at start list both model lists; another method on their paths is a 404 naming the routes", async () => {
  const server = await startServe("serve-calc");
  try {
    assert.match(server.err(), /\n {2}GET \/v1\/models\n {2}GET \/v1beta\/models\n/);
    for (const path of ["/v1/models", "/v1beta/models"]) {
      const wrong = await send(server.url, "POST", path);
      assert.equal(wrong.status, 404, path);
      assert.match(JSON.parse(wrong.text).error.message, /no route POST \/v1(beta)?\/models \(routes: .*GET \/v1\/models, GET \/v1beta\/models\)/);
    }
    assert.equal((await send(server.url, "DELETE", "/v1/models")).status, 404);
  } finally {
    await server.stop();
  }
});

test("in Chinese the narration says the list was answered; --json carries it as an exchange with the models", async () => {
  const zh = await startServe("serve-calc", { lang: "zh" });
  try {
    assert.equal((await send(zh.url, "GET", "/v1beta/models")).status, 200);
    assert.match(zh.out(), /← 200 客户端要的模型列表：fake-model/);
  } finally {
    await zh.stop();
  }
  const json = await startServe("serve-calc", { json: true });
  try {
    assert.equal((await send(json.url, "GET", "/v1/models")).status, 200);
    const exchange = json
      .out()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line))
      .find((event) => event.type === "exchange");
    assert.deepEqual(exchange?.record, {
      number: 1,
      method: "GET",
      path: "/v1/models",
      provider: "openai-chat",
      stream: false,
      outcome: { status: 200, kind: "models", models: ["fake-model"] },
    });
  } finally {
    await json.stop();
  }
});

const specs = `${projectRoot}/../shared/specs/openai/openapi.json`;
test("OpenAI's list validates against the published spec's ListModelsResponse", { skip: !existsSync(specs) && "no ../shared/specs here" }, async () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema({ $id: "openai", components: JSON.parse(readFileSync(specs, "utf8")).components });
  const validate = ajv.getSchema("openai#/components/schemas/ListModelsResponse");
  assert.ok(validate);
  const body = (await loadAllParts())("openai-chat").response.models(["fake-model", "another"]);
  assert.ok(validate(body), JSON.stringify(validate.errors));
  // Not vacuous: a list whose model lacks `owned_by` is refused.
  assert.equal(validate({ object: "list", data: [{ id: "m", object: "model", created: 0 }] }), false);
});
