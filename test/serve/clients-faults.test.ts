// Faults a harness must survive, proven with the real clients on the in-process server, one test
// per client family and case: with their default retry settings the OpenAI SDK, the Anthropic SDK,
// the Agents SDK (on the OpenAI client it is given), the AI SDK and Pi finish on "rate limit once, then succeed" and on "overloaded twice, then
// succeed"; with retries off each raises the provider's own error class and status, with the
// retry-after readable from it; with a client timeout set, a stalled answer surfaces as that
// client's timeout error. Waits stay short: retry-after is 10 ms (sent as retry-after-ms, which all
// three read first; the Anthropic SDK reads a retry-after of 0 as "none given" and backs off
// instead), and client timeouts are 200 ms. Each test has its own server: attempts are counted per
// history, so a second client sending the same conversation would be its retry.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { createAnthropic } from "@ai-sdk/anthropic";
import Anthropic from "@anthropic-ai/sdk";
import { ChatAnthropic } from "@langchain/anthropic";
import { Agent, OpenAIChatCompletionsModel, Runner } from "@openai/agents";
import { APICallError, generateText } from "ai";
import OpenAI from "openai";
import { until } from "../test-clock.ts";
import { newAgent, models as piModels, prompt } from "./clients-pi-driver.ts";
import { rejection, type ServeRun, startServe } from "./serve-helpers.ts";

const RATE_LIMIT_ONCE = "Rate-limit me once.";
const OVERLOADED_TWICE = "Overload me twice.";
const ALWAYS_LIMITED = "Always rate-limit me.";
const STALLS = "Stall on me.";
const DONE = "Done after the failures.";

const done = [{ type: "text", text: DONE }];
const fixture = {
  title: "serve's faults, seen by real clients",
  episodes: [
    { user: RATE_LIMIT_ONCE, script: [{ content: done, fail: { kind: "rateLimit", retryAfter: 0.01 } }] },
    { user: OVERLOADED_TWICE, script: [{ content: done, fail: { kind: "overloaded", times: 2, retryAfter: 0.01 } }] },
    { user: ALWAYS_LIMITED, script: [{ content: done, fail: { kind: "rateLimit", times: 9, retryAfter: 0.01 } }] },
    { user: STALLS, script: [{ content: done, stall: { afterEvents: 0 } }] },
  ],
};

let dir = "";
let file = "";
before(async () => {
  dir = await mkdtemp(join(tmpdir(), "serve-faults-"));
  file = join(dir, "faults.json");
  await writeFile(file, JSON.stringify(fixture));
});
after(() => rm(dir, { recursive: true, force: true }));

async function withServer<T>(run: (server: ServeRun) => Promise<T>): Promise<T> {
  const server = await startServe(file);
  try {
    return await run(server);
  } finally {
    await server.stop();
  }
}

/** The client families, each asking once with `user` as the message: its answer's text. */
const families: Record<string, (url: string, user: string, options: { retries?: 0; timeout?: number }) => Promise<string>> = {
  "OpenAI SDK": async (url, user, { retries, timeout }) => {
    const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: "x", ...(retries === 0 ? { maxRetries: 0 } : {}), ...(timeout ? { timeout } : {}) });
    const answer = await client.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: user }] });
    return answer.choices[0]?.message.content ?? "";
  },
  "Anthropic SDK": async (url, user, { retries, timeout }) => {
    const client = new Anthropic({ baseURL: url, apiKey: "x", ...(retries === 0 ? { maxRetries: 0 } : {}), ...(timeout ? { timeout } : {}) });
    const answer = await client.messages.create({ model: "claude-sonnet-4-6", max_tokens: 100, messages: [{ role: "user", content: user }] });
    return answer.content.map((block) => (block.type === "text" ? block.text : "")).join("");
  },
  "Agents SDK": async (url, user, { retries, timeout }) => {
    // The Agents SDK leaves retries to the OpenAI client it is given.
    const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: "x", ...(retries === 0 ? { maxRetries: 0 } : {}), ...(timeout ? { timeout } : {}) });
    const agent = new Agent({ name: "faults", model: new OpenAIChatCompletionsModel(client, "gpt-4o") });
    const result = await new Runner({ tracingDisabled: true }).run(agent, user);
    return String(result.finalOutput);
  },
  "AI SDK": async (url, user, { retries, timeout }) => {
    const model = createAnthropic({ baseURL: `${url}/v1`, apiKey: "x" })("claude-sonnet-4-6");
    const signal = timeout ? { abortSignal: AbortSignal.timeout(timeout) } : {};
    const answer = await generateText({ model, prompt: user, ...(retries === 0 ? { maxRetries: 0 } : {}), ...signal });
    return answer.text;
  },
};

/** What each family raises with retries off, read back the family's own way. */
const rateLimitOf: Record<string, (error: unknown) => { status: number | undefined; retryAfter: string | null | undefined }> = {
  "OpenAI SDK": (error) => {
    assert.ok(error instanceof OpenAI.RateLimitError, String(error));
    return { status: error.status, retryAfter: error.headers?.get("retry-after") };
  },
  "Anthropic SDK": (error) => {
    assert.ok(error instanceof Anthropic.RateLimitError, String(error));
    return { status: error.status, retryAfter: error.headers?.get("retry-after") };
  },
  "Agents SDK": (error) => {
    assert.ok(error instanceof OpenAI.RateLimitError, String(error));
    return { status: error.status, retryAfter: error.headers?.get("retry-after") };
  },
  "AI SDK": (error) => {
    assert.ok(APICallError.isInstance(error), String(error));
    return { status: error.statusCode, retryAfter: error.responseHeaders?.["retry-after"] };
  },
};

/** Each family's own timeout error. */
const timedOut: Record<string, (error: unknown) => boolean> = {
  "OpenAI SDK": (error) => error instanceof OpenAI.APIConnectionTimeoutError,
  "Anthropic SDK": (error) => error instanceof Anthropic.APIConnectionTimeoutError,
  "Agents SDK": (error) => error instanceof OpenAI.APIConnectionTimeoutError,
  "AI SDK": (error) => error instanceof DOMException && error.name === "TimeoutError",
};

for (const [family, ask] of Object.entries(families)) {
  describe(family, () => {
    test("with its default retries, finishes on a rate limit once, then the reply", () =>
      withServer(async (server) => {
        assert.equal(await ask(server.url, RATE_LIMIT_ONCE, {}), DONE);
        assert.match(
          server.out(),
          /attempt 2 at reply 1 \(the script fails the first 1\): the harness waited \d+\.\d s after request 1 \(retry-after asked for 0\.0 s\) and resent the same body/,
        );
      }));

    test("with its default retries, finishes on overloaded twice, then the reply", () =>
      withServer(async (server) => {
        assert.equal(await ask(server.url, OVERLOADED_TWICE, {}), DONE);
        assert.match(server.out(), /attempt 3 at reply 1 \(the script fails the first 2\)/);
      }));

    test("with retries off, raises the provider's rate-limit error: status 429, retry-after readable", () =>
      withServer(async (server) => {
        const { status, retryAfter } =
          rateLimitOf[family]?.(await rejection(ask(server.url, ALWAYS_LIMITED, { retries: 0 }), "the client handed the harness a success")) ?? {};
        assert.equal(status, 429);
        assert.equal(retryAfter, "1");
      }));

    test("with a client timeout set, a stalled answer surfaces as the client's timeout error", () =>
      withServer(async (server) => {
        const error = await rejection(ask(server.url, STALLS, { retries: 0, timeout: 200 }), "the client handed the harness a success");
        assert.ok(timedOut[family]?.(error), `not ${family}'s timeout error: ${String(error)}`);
        // The client's abort reaches the server as its connection closing, a moment later.
        await until(() => /the client gave up on the stalled answer after \d+\.\d s/.test(server.out()), "the server narrated the client giving up");
      }));
  });
}

// LangChain retries in its own AsyncCaller (p-retry: about 1 s, then 2 s, with no regard for
// retry-after), having turned the Anthropic client's retries off, so its default-retry rows take
// those seconds; they run side by side with its other rows. Its retries-off and timeout rows: it
// lets the Anthropic SDK's own errors through.
describe("LangChain (ChatAnthropic)", { concurrency: true }, () => {
  const model = (url: string, timeout?: number) =>
    new ChatAnthropic({ model: "claude-sonnet-4-6", apiKey: "x", anthropicApiUrl: url, maxRetries: 0, ...(timeout ? { clientOptions: { timeout } } : {}) });
  const textOf = (content: unknown) => (typeof content === "string" ? content : JSON.stringify(content));

  for (const [name, user, attempt] of [
    ["a rate limit once", RATE_LIMIT_ONCE, 2],
    ["overloaded twice", OVERLOADED_TWICE, 3],
  ] as const) {
    test(`with its default retries, finishes on ${name}, then the reply`, () =>
      withServer(async (server) => {
        const defaults = new ChatAnthropic({ model: "claude-sonnet-4-6", apiKey: "x", anthropicApiUrl: server.url });
        assert.match(textOf((await defaults.invoke(user)).content), new RegExp(DONE));
        assert.match(server.out(), new RegExp(`attempt ${attempt} at reply 1`));
      }));
  }

  test("with retries off, raises the Anthropic SDK's rate-limit error: status 429, retry-after readable", () =>
    withServer(async (server) => {
      const error = await rejection(model(server.url).invoke(ALWAYS_LIMITED), "the client handed the harness a success");
      // By name: LangChain may bring its own copy of the Anthropic SDK, whose classes are not these.
      assert.ok(error instanceof Error && error.constructor.name === "RateLimitError", String(error));
      assert.equal(Reflect.get(error, "status"), 429);
      const headers = Reflect.get(error, "headers");
      assert.equal(headers instanceof Headers ? headers.get("retry-after") : undefined, "1");
    }));

  test("with a client timeout set, a stalled answer surfaces as the Anthropic SDK's timeout error", () =>
    withServer(async (server) => {
      const error = await rejection(model(server.url, 200).invoke(STALLS), "the client handed the harness a success");
      assert.ok(error instanceof Error && error.constructor.name === "APIConnectionTimeoutError", String(error));
    }));
});

// Pi streams through the Anthropic SDK with the SDK's default retries: it finishes both retry
// cases. Its Agent reports a provider error as a reply with stopReason "error" rather than raising
// (the matrix's clients-pi test shows that), so its retries-off row is the Anthropic SDK's above.
describe("Pi (Anthropic)", () => {
  for (const [name, user] of [
    ["a rate limit once", RATE_LIMIT_ONCE],
    ["overloaded twice", OVERLOADED_TWICE],
  ] as const) {
    test(`with its default retries, finishes on ${name}, then the reply`, () =>
      withServer(async (server) => {
        const agent = newAgent(piModels(server.url).anthropic);
        assert.equal((await prompt(agent, user)).text, DONE);
      }));
  }
});
