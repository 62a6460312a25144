// serve, driven by the official SDK clients (openai, @anthropic-ai/sdk, @google/genai) over
// loopback: the example harnesses' full calc loop with two parallel calls, streamed and not, for
// all four APIs; the forgotten-result bug raising each SDK's 400 with the provider's message; the
// narration of an SDK-driven run against a golden file; and the server's own robustness.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { request } from "node:http";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import Anthropic from "@anthropic-ai/sdk";
import { ApiError } from "@google/genai";
import OpenAI from "openai";
import { anthropicHarness } from "../../examples/anthropic-calc.ts";
import { geminiHarness } from "../../examples/gemini-calc.ts";
import { chatHarness, responsesHarness } from "../../examples/openai-calc.ts";
import { serveGoldenFile } from "../../scripts/goldens.ts";
import { serveGoldenText } from "../../scripts/serve-golden.ts";
import { runCli } from "../../src/cli/cli.ts";
import { exampleHarnesses, type Harness } from "./example-harnesses.ts";
import { startServe } from "./serve-helpers.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const ANSWER = "7 + 5 = 12 and 6 × 7 = 42.";

test("each SDK runs the calc loop with two parallel calls through serve, streamed and not", async () => {
  const server = await startServe("serve-calc");
  try {
    for (const [name, harness] of exampleHarnesses) {
      for (const stream of [false, true]) {
        const lines: string[] = [];
        const answer = await harness(server.url, { stream, log: (line) => lines.push(line) });
        assert.equal(answer, ANSWER, `${name} stream=${stream}`);
        assert.deepEqual(lines, ["model: Two sums at once. (+2 call(s))", `model: ${ANSWER}`], `${name} stream=${stream}`);
      }
    }
  } finally {
    assert.equal(await server.stop(), 130);
  }
  // Every request was answered 200 and every one carried both results back (the reply's `expect`).
  assert.equal((server.out().match(/← 200 /g) ?? []).length, 16);
  assert.doesNotMatch(server.out(), /← 4\d\d/);
});

test("a harness that forgets a tool result gets each SDK's API error: status 400 with the provider's message", async () => {
  const server = await startServe("serve-calc");
  try {
    const failure = async (harness: Harness, stream: boolean) => {
      try {
        await harness(server.url, { stream, forgetResult: true });
      } catch (error) {
        return error;
      }
      assert.fail("the broken harness was answered");
    };
    for (const stream of [false, true]) {
      const chat = await failure(chatHarness, stream);
      assert.ok(chat instanceof OpenAI.BadRequestError);
      assert.equal(chat.status, 400);
      assert.match(
        chat.message,
        /An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'\. The following tool_call_ids did not have response messages: call_0+c\d+t1k2$/,
      );

      const responses = await failure(responsesHarness, stream);
      assert.ok(responses instanceof OpenAI.BadRequestError);
      assert.equal(responses.status, 400);
      assert.match(responses.message, /No tool output found for function call call_0+c\d+t1k2\.?$/);

      const anthropic = await failure(anthropicHarness, stream);
      assert.ok(anthropic instanceof Anthropic.BadRequestError);
      assert.equal(anthropic.status, 400);
      // The call left unanswered is the reply's second, under the id it was served with.
      const unanswered = /without `tool_result` blocks immediately after: (toolu_01\w+)\./.exec(anthropic.message)?.[1] ?? "";
      assert.match(unanswered, /^toolu_010*c\d+t1k2$/);
      assert.deepEqual(anthropic.error, {
        type: "error",
        error: {
          type: "invalid_request_error",
          message: `messages.1: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${unanswered}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
        },
        request_id: anthropic.requestID,
      });

      const gemini = await failure(geminiHarness, stream);
      assert.ok(gemini instanceof ApiError);
      assert.equal(gemini.status, 400);
      assert.deepEqual(JSON.parse(gemini.message), {
        error: {
          code: 400,
          message: "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.",
          status: "INVALID_ARGUMENT",
        },
      });
    }
  } finally {
    await server.stop();
  }
  assert.match(server.out(), /lint error: anthropic\/tool-use-without-result at \/messages\/1\/content\/2/);
});

test("the narration of an SDK-driven run equals its golden file, in English and in Chinese", async () => {
  // npm run check -- --update rewrites them (scripts/goldens.ts lists them with the others).
  for (const lang of ["en", "zh"] as const) assert.equal(await serveGoldenText(lang), await readFile(join(root, serveGoldenFile(lang)), "utf8"), lang);
});

/** Raw HTTP, for what no SDK sends: broken JSON, unknown routes, huge bodies. */
function post(url: string, path: string, body: string, method = "POST"): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method, headers: { "content-type": "application/json" } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const chatBody = (messages: unknown[]) =>
  JSON.stringify({ model: "m", messages, tools: [{ type: "function", function: { name: "calc", parameters: { type: "object" } } }] });

test("malformed JSON, unknown routes and bodies over the limit are answered in each provider's error shape", async () => {
  const server = await startServe("serve-calc", { maxBody: 1000 });
  try {
    const chat = await post(server.url, "/v1/chat/completions", "{oops");
    assert.equal(chat.status, 400);
    assert.deepEqual(Object.keys((chat.body as { error: object }).error).sort(), ["code", "message", "param", "type"]);
    const anthropic = await post(server.url, "/v1/messages", "{oops");
    assert.equal(anthropic.status, 400);
    assert.equal((anthropic.body as { type: string }).type, "error");
    assert.equal((anthropic.body as { error: { type: string } }).error.type, "invalid_request_error");
    const gemini = await post(server.url, "/v1beta/models/m:generateContent", "[1]");
    assert.equal(gemini.status, 400);
    assert.equal((gemini.body as { error: { status: string } }).error.status, "INVALID_ARGUMENT");

    const missing = await post(server.url, "/v1/nothing", "{}");
    assert.equal(missing.status, 404);
    const message = (missing.body as { error: { message: string } }).error.message;
    for (const route of [
      "POST /v1/chat/completions",
      "POST /v1/responses",
      "POST /v1/messages",
      "POST /v1beta/models/{model}:generateContent",
      "POST /v1beta/models/{model}:streamGenerateContent?alt=sse",
    ]) {
      assert.ok(message.includes(route), route);
    }
    assert.equal((await post(server.url, "/v1/chat/completions", "", "GET")).status, 404);

    const large = await post(server.url, "/v1/messages", JSON.stringify({ padding: "x".repeat(2000) }));
    assert.equal(large.status, 413);
    assert.equal((large.body as { error: { type: string } }).error.type, "request_too_large");
  } finally {
    await server.stop();
  }
});

test("a script that runs out answers a clear error and the server keeps running; an unmet expectation is narrated", async () => {
  const server = await startServe("serve-calc");
  const user = { role: "user", content: "What is 7 + 5, and 6 times 7?" };
  const calls = { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "calc", arguments: "{}" } }] };
  try {
    // Two assistant messages already: the script (two replies) has none left for this conversation.
    const exhausted = await post(
      server.url,
      "/v1/chat/completions",
      chatBody([
        user,
        { role: "assistant", content: "a" },
        { role: "user", content: "b" },
        { role: "assistant", content: "c" },
        { role: "user", content: "d" },
      ]),
    );
    assert.equal(exhausted.status, 400);
    assert.match((exhausted.body as { error: { message: string } }).error.message, /the script has no reply 3 for this conversation/);
    // Reply 2 expects the call results "12" and "42": an error result for call_1 is not that.
    const unmet = await post(server.url, "/v1/chat/completions", chatBody([user, calls, { role: "tool", tool_call_id: "call_1", content: "boom" }]));
    assert.equal(unmet.status, 400);
    assert.match((unmet.body as { error: { message: string } }).error.message, /the result for call_1 does not contain "12"; no result for call call_2/);
    const fresh = await post(server.url, "/v1/chat/completions", chatBody([user]));
    assert.equal(fresh.status, 200);
  } finally {
    await server.stop();
  }
  assert.match(server.out(), /expected by the script, not in the request: no result for call call_2/);
});

test("concurrent requests are all answered, each from its own place in the script", async () => {
  const server = await startServe("serve-calc");
  try {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? chatHarness(server.url) : anthropicHarness(server.url, { stream: true }))),
    );
    assert.deepEqual(new Set(answers), new Set([ANSWER]));
  } finally {
    await server.stop();
  }
});

test("client data reaches the terminal sanitised; --json narrates as JSON Lines after the URL line", async () => {
  const text = await startServe("serve-calc");
  const json = await startServe("serve-calc", { json: true });
  try {
    const hostile = chatBody([{ role: "user", content: "hi \u001b[2J\u202e there" }]);
    await post(text.url, "/v1/chat/completions", hostile);
    await post(json.url, "/v1/chat/completions", hostile);
  } finally {
    await text.stop();
    await json.stop();
  }
  assert.doesNotMatch(text.out(), /[\u001b\u202e]/);
  assert.match(text.out(), /hi \\u001b\[2J\\u202e there/);
  const lines = json.out().trimEnd().split("\n");
  assert.match(lines[0] ?? "", /^http:\/\/127\.0\.0\.1:\d+$/);
  const events = lines.slice(1).map((line) => JSON.parse(line) as { type: string });
  assert.deepEqual(
    events.map((event) => event.type),
    ["listening", "exchange", "closing", "closed"],
  );
  assert.doesNotMatch(json.out(), /[\u001b\u202e]/);
});

/** `serve …` through runCli in this process until `ready` says the output so far is enough, then
 *  Ctrl-C (the interrupt the process hands runCli): what the command line reads needs no process. */
async function serveCommand(args: string[], ready: (out: string, err: string) => boolean): Promise<{ out: string; err: string; code: number }> {
  let out = "";
  let err = "";
  const interrupt = new AbortController();
  const exit = runCli(args, {
    out: (text) => {
      out += text;
      if (ready(out, err)) interrupt.abort();
    },
    err: (text) => {
      err += text;
      if (ready(out, err)) interrupt.abort();
    },
    env: {},
    isTTY: false,
    interrupt: interrupt.signal,
  });
  return { code: await exit, out, err };
}

test("the command line: --json and --lang are read after `serve` as before it; the first line is the URL", async () => {
  for (const args of [
    ["serve", "serve-calc", "--json", "--lang", "en"],
    ["--json", "--lang", "en", "serve", "serve-calc"],
  ]) {
    const { code, out } = await serveCommand(args, (text) => text.split("\n").length > 2);
    const lines = out.split("\n");
    assert.match(lines[0] ?? "", /^http:\/\/127\.0\.0\.1:\d+$/, args.join(" "));
    assert.equal((JSON.parse(lines[1] ?? "") as { type: string }).type, "listening", args.join(" "));
    assert.equal(code, 130);
  }
});

test("--lang given after `serve` wins over the main command's default, as before it", async () => {
  for (const args of [
    ["serve", "serve-calc", "--lang", "en"],
    ["--lang", "en", "serve", "serve-calc"],
    ["serve", "serve-calc"],
  ]) {
    // The listening line goes to stderr once the server is up, in the narration's language.
    const { code, err } = await serveCommand(args, (_, errText) => errText.includes("\n"));
    const listening = err.split("\n")[0] ?? "";
    if (args.includes("en")) assert.match(listening, /^serving serve-calc at http:/, args.join(" "));
    else assert.match(listening, /^在 http:/, args.join(" "));
    assert.equal(code, 130);
  }
});
