// Scripted failures through serve, seen by the official SDK clients: a reply with stopReason
// "error" is the provider's server error (HTTP 500 in its error shape, so each SDK raises its
// InternalServerError / ApiError with the script's errorMessage), streamed or not; a reply with
// stopReason "aborted" drops the connection — at once, or after its events when streamed — so the
// SDK raises a connection error instead of handing the harness a success.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import Anthropic from "@anthropic-ai/sdk";
import { ApiError, GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { rejection, type ServeRun, startServe } from "./serve-helpers.ts";

const FAIL = "Please fail.";
const ABORT = "Please stop halfway.";
const ERROR_MESSAGE = "The scripted model fell over.";

const fixture = {
  title: { zh: "serve 的脚本失败", en: "serve's scripted failures" },
  episodes: [
    { user: FAIL, tools: ["calc"], script: [{ content: [{ type: "text", text: "Working on it" }], stopReason: "error", errorMessage: ERROR_MESSAGE }] },
    { user: ABORT, tools: ["calc"], script: [{ content: [{ type: "text", text: "Half of a long answer that never ends" }], stopReason: "aborted" }] },
  ],
};

let dir = "";
let server: ServeRun;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), "serve-failures-"));
  const file = join(dir, "failures.json");
  await writeFile(file, JSON.stringify(fixture));
  server = await startServe(file);
});
after(async () => {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

/** Drives each SDK once, streamed or not, with `user` as the opening message; what it raised, by provider. */
async function eachSdk(user: string, stream: boolean): Promise<Record<string, { error: unknown; events: number }>> {
  const openai = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: "x", maxRetries: 0 });
  const anthropic = new Anthropic({ baseURL: server.url, apiKey: "x", maxRetries: 0 });
  const gemini = new GoogleGenAI({ apiKey: "x", httpOptions: { baseUrl: server.url } });
  const seen: Record<string, { error: unknown; events: number }> = {};
  const drive = async (name: string, run: (count: () => void) => Promise<unknown>) => {
    let events = 0;
    seen[name] = {
      error: await rejection(
        run(() => events++),
        "the SDK handed the harness a success",
      ),
      events: 0,
    };
    seen[name].events = events;
  };
  await drive("openai-chat", async (count) => {
    if (!stream) return openai.chat.completions.create({ model: "m", messages: [{ role: "user", content: user }] });
    for await (const _ of await openai.chat.completions.create({ model: "m", messages: [{ role: "user", content: user }], stream: true })) count();
  });
  await drive("openai-responses", async (count) => {
    if (!stream) return openai.responses.create({ model: "m", input: user });
    for await (const _ of await openai.responses.create({ model: "m", input: user, stream: true })) count();
  });
  await drive("anthropic", async (count) => {
    const request = { model: "m", max_tokens: 100, messages: [{ role: "user" as const, content: user }] };
    if (!stream) return anthropic.messages.create(request);
    for await (const _ of await anthropic.messages.create({ ...request, stream: true })) count();
  });
  await drive("gemini", async (count) => {
    const request = { model: "m", contents: [{ role: "user", parts: [{ text: user }] }] };
    if (!stream) return gemini.models.generateContent(request);
    for await (const _ of await gemini.models.generateContentStream(request)) count();
  });
  return seen;
}

test('stopReason "error" is answered as each provider\'s 500 server error, and each SDK raises it', async () => {
  for (const stream of [false, true]) {
    const seen = await eachSdk(FAIL, stream);
    for (const name of ["openai-chat", "openai-responses"]) {
      const error = seen[name]?.error;
      assert.ok(error instanceof OpenAI.InternalServerError, `${name} stream=${stream}: ${String(error)}`);
      assert.equal(error.status, 500);
      assert.deepEqual(error.error, { message: ERROR_MESSAGE, type: "server_error", param: null, code: null });
    }
    const anthropic = seen.anthropic?.error;
    assert.ok(anthropic instanceof Anthropic.InternalServerError, `anthropic stream=${stream}: ${String(anthropic)}`);
    assert.equal(anthropic.status, 500);
    assert.match(anthropic.requestID ?? "", /^req_01\w{22}$/);
    assert.deepEqual(anthropic.error, { type: "error", error: { type: "api_error", message: ERROR_MESSAGE }, request_id: anthropic.requestID });
    const gemini = seen.gemini?.error;
    assert.ok(gemini instanceof ApiError, `gemini stream=${stream}: ${String(gemini)}`);
    assert.equal(gemini.status, 500);
    assert.deepEqual(JSON.parse(gemini.message), { error: { code: 500, message: ERROR_MESSAGE, status: "INTERNAL" } });
    // Raised before any event: the request failed, nothing was streamed.
    for (const [name, { events }] of Object.entries(seen)) assert.equal(events, 0, name);
  }
  assert.match(server.out(), /← 500 the scripted reply is an error, sent as the provider's server error: The scripted model fell over\./);
});

test('stopReason "aborted" drops the connection: at once, or after the streamed events, and each SDK raises', async () => {
  const plain = await eachSdk(ABORT, false);
  for (const name of ["openai-chat", "openai-responses"])
    assert.ok(plain[name]?.error instanceof OpenAI.APIConnectionError, `${name}: ${String(plain[name]?.error)}`);
  assert.ok(plain.anthropic?.error instanceof Anthropic.APIConnectionError, String(plain.anthropic?.error));
  // @google/genai hands fetch's own failure through ("fetch failed").
  assert.ok(plain.gemini?.error instanceof TypeError, String(plain.gemini?.error));
  for (const { events } of Object.values(plain)) assert.equal(events, 0);

  const streamed = await eachSdk(ABORT, true);
  for (const [name, { error, events }] of Object.entries(streamed)) {
    // Some events arrived, then the body broke off without the stream's end ("terminated").
    assert.ok(events > 0, `${name}: no event before the cut`);
    assert.ok(error instanceof Error, `${name}: ${String(error)}`);
    assert.match(`${error.message} ${error.cause instanceof Error ? error.cause.message : ""}`, /terminated|other side closed|aborted|premature/i, name);
  }
  assert.match(server.out(), /✂ the scripted reply is aborted: the connection is dropped without an answer/);
  assert.match(server.out(), /✂ the scripted reply is aborted: \d+ server-sent event\(s\), then the connection is dropped before the stream's end:/);
});
