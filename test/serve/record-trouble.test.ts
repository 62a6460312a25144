// serve --record when the upstream has trouble: its 4xx and 5xx pass through unchanged and are
// recorded (as the scripted failure a replay gives back, or as a note where no kind says it), a
// conversation cut short is kept up to its last whole exchange, and an upstream that cannot be
// reached gives the harness a 502 in the provider's error shape.
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { MAX_RETRY_AFTER_S } from "../../src/fixture/fault-format.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import { TestClock } from "../test-clock.ts";
import { rawExchange, statusOf, validChat } from "./hostile-raw.ts";
import { startRecord } from "./record-helpers.ts";
import { startServe } from "./serve-helpers.ts";

const folder = await mkdtemp(join(tmpdir(), "record-trouble-"));
after(() => rm(folder, { recursive: true, force: true }));

const KEY = "sk-planted-trouble-0001";
const toolCall = { id: "call_1", type: "function", function: { name: "calc", arguments: '{"a":1,"b":2,"op":"add"}' } };
const reply = { role: "assistant", content: null, tool_calls: [toolCall] };
const completion = {
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 0,
  model: "m",
  choices: [{ index: 0, message: reply, finish_reason: "tool_calls" }],
};
const rateLimited = { error: { message: "Rate limit reached for requests", type: "requests", code: "rate_limit_exceeded" } };
const unauthorized = { error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } };

/** A stand-in API that answers each request in turn from `answers`, and keeps the headers it saw. */
async function scriptedUpstream(answers: { status: number; headers?: Record<string, string>; body: object }[]) {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    seen.push(request.headers);
    request.resume().on("end", () => {
      const answer = answers[seen.length - 1] ?? { status: 500, body: { error: { message: "no more" } } };
      response.writeHead(answer.status, { "content-type": "application/json", ...answer.headers }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function ask(url: string, messages: object[]): Promise<Response> {
  return fetch(`${url}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${KEY}` },
    body: JSON.stringify({ model: "m", messages, tools: [{ type: "function", function: { name: "calc", parameters: { type: "object" } } }] }),
  });
}

test("the upstream's failures pass through unchanged and are written as scripted failures; a conversation cut short keeps its whole exchanges", async (t) => {
  const upstream = await scriptedUpstream([
    { status: 429, headers: { "retry-after": "7" }, body: rateLimited },
    { status: 200, body: completion },
    { status: 401, body: unauthorized },
  ]);
  t.after(() => upstream.close());
  const file = join(folder, "trouble.json");
  const recorder = await startRecord(upstream.url, file);
  t.after(() => recorder.stop());
  const user = { role: "user", content: "What is 1 + 2?" };
  const first = await ask(recorder.url, [user]);
  assert.equal(first.status, 429);
  assert.equal(first.headers.get("retry-after"), "7");
  assert.deepEqual(await first.json(), rateLimited);
  const retried = await ask(recorder.url, [user]);
  assert.deepEqual(await retried.json(), completion);
  const result = { role: "tool", tool_call_id: "call_1", content: "3" };
  const refused = await ask(recorder.url, [user, reply, result]);
  assert.equal(refused.status, 401);
  assert.deepEqual(await refused.json(), unauthorized);
  assert.equal(await recorder.stop(), 130, recorder.err());
  await upstream.close();

  // The harness's own key went on to the upstream with each request.
  assert.deepEqual(
    upstream.seen.map((headers) => headers.authorization),
    [`Bearer ${KEY}`, `Bearer ${KEY}`, `Bearer ${KEY}`],
  );
  assert.match(recorder.out(), /← 429 from the upstream, passed on: Rate limit reached for requests \(recorded as a scripted failure: rateLimit\)/);
  assert.match(recorder.out(), /← 401 from the upstream, passed on: Incorrect API key provided \(not replayable/);
  const written = JSON.parse(await readFile(file, "utf8"));
  assert.deepEqual(written.episodes[0].script, [
    {
      content: [{ type: "toolCall", id: "call_1", name: "calc", arguments: { a: 1, b: 2, op: "add" } }],
      fail: { kind: "rateLimit", retryAfter: 7, message: "Rate limit reached for requests", times: 1 },
    },
  ]);
  assert.deepEqual(written.episodes[0].recordedResults, [{ toolCallId: "call_1", content: [{ type: "text", text: "3" }], isError: false }]);
  assert.match(written.description, /Conversation 1: model turn 2: the upstream answered 401 \(Incorrect API key provided\), which no scripted failure says\./);
  assert.match(written.description, /Conversation 1: cut short; kept up to its last whole exchange \(model turn 1\)\./);
  assert.ok(!JSON.stringify(written).includes(KEY));

  // Replayed offline: the recorded 429 comes back with its retry-after, then the recorded reply.
  const replay = await startServe(file);
  t.after(() => replay.stop());
  const again = await ask(replay.url, [user]);
  assert.equal(again.status, 429);
  assert.equal(again.headers.get("retry-after"), "7");
  const answered = (await (await ask(replay.url, [user])).json()) as { choices: { message: { tool_calls: { function: { arguments: string } }[] } }[] };
  assert.equal(answered.choices[0]?.message.tool_calls[0]?.function.arguments, toolCall.function.arguments);
});

test("an upstream that cannot be reached: the harness gets a 502 in the provider's error shape, the narration says so, nothing is written", async (t) => {
  const closed = await scriptedUpstream([]);
  await closed.close();
  const file = join(folder, "unreachable.json");
  const recorder = await startRecord(closed.url, file);
  t.after(() => recorder.stop());
  const answer = await ask(recorder.url, [{ role: "user", content: "What is 1 + 2?" }]);
  assert.equal(answer.status, 502);
  const body = JSON.parse(await answer.text());
  assert.match(body.error.message, /^tool-call-playground serve --record: the upstream http:\/\/127\.0\.0\.1:\d+ cannot be reached: /);
  assert.equal(body.error.type, "server_error");
  assert.equal(await recorder.stop(), 130);
  assert.match(recorder.out(), /← 502: the upstream http:\/\/127\.0\.0\.1:\d+ cannot be reached: connect ECONNREFUSED/);
  assert.match(recorder.err(), /nothing was recorded: no fixture written/);
  await assert.rejects(stat(file), { code: "ENOENT" });
});

test("stopped while an answer still streams: the conversation is written up to its last whole exchange, with a note", async (t) => {
  // The first answer whole; the second sends its first event, then nothing more.
  let requests = 0;
  const server = createServer((request, response) => {
    requests++;
    request.resume().on("end", () => {
      if (requests === 1) response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(completion));
      else
        response
          .writeHead(200, { "content-type": "text/event-stream" })
          .write(
            `data: ${JSON.stringify({ id: "c2", object: "chat.completion.chunk", choices: [{ index: 0, delta: { role: "assistant", content: "The sum" } }] })}\n\n`,
          );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(() => server.closeAllConnections());
  t.after(() => new Promise((resolve) => server.close(resolve)));
  const file = join(folder, "cut.json");
  const clock = new TestClock();
  const recorder = await startRecord(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, file, { clock });
  t.after(() => recorder.stop());
  const user = { role: "user", content: "What is 1 + 2?" };
  await (await ask(recorder.url, [user])).json();
  const streaming = await fetch(`${recorder.url}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "m", stream: true, messages: [user, reply, { role: "tool", tool_call_id: "call_1", content: "3" }] }),
  });
  const reader = streaming.body?.getReader();
  assert.match(new TextDecoder().decode((await reader?.read())?.value), /The sum/);
  // The stream still in flight when stopped is cut off once the grace is over.
  assert.equal(await clock.run(recorder.stop()), 130, recorder.err());
  assert.match(recorder.out(), /✂ the answer stopped before its end/);
  const written = JSON.parse(await readFile(file, "utf8"));
  assert.equal(written.episodes[0].script.length, 1);
  assert.match(
    written.description,
    /Conversation 1: model turn 2: the answer stopped before its end\. Conversation 1: cut short; kept up to its last whole exchange \(model turn 1\)\./,
  );
});

test("a request a web page sent is refused with 403 and never reaches the upstream; one that names no provider's route passes through unrecorded", async (t) => {
  const upstream = await scriptedUpstream([{ status: 404, body: { error: { message: "no such model list here" } } }]);
  t.after(() => upstream.close());
  const file = join(folder, "guarded.json");
  const recorder = await startRecord(upstream.url, file);
  t.after(() => recorder.stop());
  const page = await fetch(`${recorder.url}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: "https://evil.example" },
    body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }] }),
  });
  assert.equal(page.status, 403);
  assert.equal(upstream.seen.length, 0);
  const models = await fetch(`${recorder.url}/v1/models`);
  assert.equal(models.status, 404);
  assert.deepEqual(await models.json(), { error: { message: "no such model list here" } });
  assert.equal(await recorder.stop(), 130);
  assert.match(recorder.out(), /── request 2 · GET \/v1\/models · - ──\nupstream {3}← 404 from the upstream, passed on; no provider route: not recorded/);
  assert.match(recorder.err(), /nothing was recorded/);
});

test("an upstream retry-after past the format's bound is recorded at the bound, so serve loads the fixture", async (t) => {
  const upstream = await scriptedUpstream([
    { status: 429, headers: { "retry-after": "9".repeat(24) }, body: rateLimited },
    { status: 200, body: completion },
  ]);
  t.after(() => upstream.close());
  const file = join(folder, "retry-after.json");
  const recorder = await startRecord(upstream.url, file);
  t.after(() => recorder.stop());
  const user = { role: "user", content: "What is 1 + 2?" };
  await (await ask(recorder.url, [user])).text();
  await (await ask(recorder.url, [user])).text();
  assert.equal(await recorder.stop(), 130, recorder.err());
  const written = JSON.parse(await readFile(file, "utf8"));
  assert.equal(written.episodes[0].script[0].fail.retryAfter, MAX_RETRY_AFTER_S);
  assert.equal((await loadFixture(file, undefined, "en")).episodes.length, 1);
});

test("an absolute-form request line is refused with 400 in the provider's shape and never sent on (the recorder is not a proxy)", async (t) => {
  const upstream = await scriptedUpstream([{ status: 200, body: completion }]);
  t.after(() => upstream.close());
  const recorder = await startRecord(upstream.url, join(folder, "absolute.json"));
  t.after(() => recorder.stop());
  const port = Number(new URL(recorder.url).port);
  const answer = await rawExchange(port, validChat().replace("POST /v1/", "POST http://x/v1/"));
  assert.equal(statusOf(answer), 400, answer);
  assert.match(answer, /"message":"tool-call-playground serve --record: the request line names a whole URL, not a path/);
  assert.equal(upstream.seen.length, 0);
  assert.equal(await recorder.stop(), 130);
  assert.match(recorder.out(), /← 400: the request line names a whole URL, not a path: refused, never sent on/);
  assert.doesNotMatch(recorder.out(), /ENOTFOUND/);
});
