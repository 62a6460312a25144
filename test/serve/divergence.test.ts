// A history that sends back a model turn other than the one serve served gets a finding naming the
// first place that differs, as a JSON pointer into the body the harness sent: Anthropic's 400 where
// Anthropic refuses it (a tool turn's thinking blocks dropped or changed, thinking on), a warning
// elsewhere, and every provider's 400 under --strict. Each harness is the provider's official SDK
// (divergence-runs.ts), on an in-process server of its own, so conversations never mix.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import Anthropic from "@anthropic-ai/sdk";
import { ApiError } from "@google/genai";
import OpenAI from "openai";
import { runCli } from "../../src/cli/cli.ts";
import {
  anthropicTurns,
  chatTurns,
  DIVERGENCE_FIXTURE,
  dropThinking,
  editArguments,
  editResponseText,
  editSignature,
  editText,
  editThinking,
  geminiTurns,
  ownCallIds,
  reorderArguments,
  responsesTurns,
  SAYS,
} from "./divergence-runs.ts";
import { rejection, type ServeRun, startServe } from "./serve-helpers.ts";

async function withServer<T>(run: (server: ServeRun) => Promise<T>, strict = false): Promise<{ result: T; out: string }> {
  const server = await startServe(DIVERGENCE_FIXTURE, { strict });
  try {
    const result = await run(server);
    return { result, out: server.out() };
  } finally {
    await server.stop();
  }
}

/** The narration's divergence line, if any. */
function divergenceLine(out: string): string | undefined {
  return out.split("\n").find((line) => line.includes("divergence "));
}

describe("Anthropic refuses a tool turn whose thinking blocks did not come back as served", () => {
  test("a harness that drops the thinking block gets Anthropic's 400 and the place, /messages/1/content/0", async () => {
    const { result: error, out } = await withServer((server) => rejection(anthropicTurns(server.url, dropThinking, { stream: true }), "a reply"));
    assert.ok(error instanceof Anthropic.BadRequestError, String(error));
    assert.equal(error.status, 400);
    assert.match(error.message, /messages\.1\.content\.0\.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`/);
    assert.match(
      divergenceLine(out) ?? "",
      /^playground divergence error: model turn 1 .* at \/messages\/1\/content\/0 \(a thinking block\): served "Adding is calc's job: 7 and 5\.", sent back nothing$/,
    );
  });

  test("a harness that edits the thinking text gets the 400 'cannot be modified', naming /messages/1/content/0/thinking", async () => {
    const { result: error, out } = await withServer((server) => rejection(anthropicTurns(server.url, editThinking), "a reply"));
    assert.ok(error instanceof Anthropic.BadRequestError, String(error));
    assert.match(error.message, /messages\.1\.content\.0: `thinking` or `redacted_thinking` blocks in the latest assistant message cannot be modified/);
    assert.match(
      divergenceLine(out) ?? "",
      /at \/messages\/1\/content\/0\/thinking \(a thinking block\): served "Adding is calc's job: 7 and 5\.", sent back "Adding is calc's job: 7 and 5\. \(summarised\)"/,
    );
  });

  test("a harness that edits the signature gets the 400, naming /messages/1/content/0/signature", async () => {
    const { result: error, out } = await withServer((server) => rejection(anthropicTurns(server.url, editSignature), "a reply"));
    assert.ok(error instanceof Anthropic.BadRequestError, String(error));
    assert.match(divergenceLine(out) ?? "", /error: .* at \/messages\/1\/content\/0\/signature \(a thinking block's signature\)/);
  });

  test("without thinking enabled, a dropped thinking block is a warning and the reply is served", async () => {
    const { result: second, out } = await withServer(async (server) => (await anthropicTurns(server.url, dropThinking, { thinking: false })).second);
    assert.deepEqual(second.content, [{ type: "text", text: "7 + 5 = 12." }]);
    assert.match(divergenceLine(out) ?? "", /^playground divergence warning: .* at \/messages\/1\/content\/0 \(a thinking block\)/);
  });
});

describe("elsewhere a divergence is a warning, and the reply is served", () => {
  test("Chat with the model's text edited: named at /messages/2/content", async () => {
    const { result, out } = await withServer((server) => chatTurns(server.url, editText));
    assert.equal(result.choices[0]?.message.content, "6 + 7 = 13.");
    assert.match(
      divergenceLine(out) ?? "",
      /^playground divergence warning: model turn 1 .* at \/messages\/2\/content \(the text\): served "I will add 6 and 7 with calc\.", sent back "I'll add 6 and 7\."$/,
    );
  });

  test("Chat with call ids of the harness's own: named at /messages/2/tool_calls/0/id with the id served", async () => {
    const { out } = await withServer((server) => chatTurns(server.url, ownCallIds));
    assert.match(divergenceLine(out) ?? "", /at \/messages\/2\/tool_calls\/0\/id \(a call's id\): served "call_0+c1t1k1", sent back "call_mine_1"$/);
  });

  test("Responses with a call's arguments edited: named at /input/2/arguments", async () => {
    const { out } = await withServer((server) => responsesTurns(server.url, editArguments));
    assert.match(
      divergenceLine(out) ?? "",
      /at \/input\/2\/arguments \(a call's arguments\): served \{"a":6,"b":7,"op":"add"\}, sent back \{"a":6,"b":7,"op":"mul"\}$/,
    );
  });
});

describe("with strict, a harness that edits the model's text gets the provider's 400 naming the text", () => {
  const edited = "I'll add them.";
  test("Anthropic: /messages/1/content/0/text", async () => {
    const edit = (content: Anthropic.ContentBlock[]) => content.map((block) => (block.type === "text" ? { type: "text" as const, text: edited } : block));
    const { result: error } = await withServer((server) => rejection(anthropicTurns(server.url, edit, { user: SAYS }), "a reply"), true);
    assert.ok(error instanceof Anthropic.BadRequestError, String(error));
    assert.match(error.message, /^400 .*--strict: \/messages\/1\/content\/0\/text: the text of model turn 1 is not what was served/);
  });

  test("OpenAI Chat: /messages/2/content", async () => {
    const { result: error } = await withServer((server) => rejection(chatTurns(server.url, editText), "a reply"), true);
    assert.ok(error instanceof OpenAI.BadRequestError, String(error));
    assert.match(error.message, /--strict: \/messages\/2\/content: the text/);
  });

  test("OpenAI Responses: /input/1/content/0/text", async () => {
    const { result: error } = await withServer((server) => rejection(responsesTurns(server.url, editResponseText(edited)), "a reply"), true);
    assert.ok(error instanceof OpenAI.BadRequestError, String(error));
    assert.match(error.message, /--strict: \/input\/1\/content\/0\/text: the text/);
  });

  test("Gemini: /contents/1/parts/0/text", async () => {
    const edit = (parts: { text?: string }[]) => parts.map((part) => (part.text === undefined ? part : { ...part, text: edited }));
    const { result: error } = await withServer((server) => rejection(geminiTurns(server.url, edit), "a reply"), true);
    assert.ok(error instanceof ApiError, String(error));
    assert.equal(error.status, 400);
    assert.match(error.message, /--strict: \/contents\/1\/parts\/0\/text: the text/);
  });
});

test("`serve --strict` on the command line refuses a history whose text was edited", async () => {
  let out = "";
  let listening: (url: string) => void = () => {};
  const url = new Promise<string>((resolve) => (listening = resolve));
  const interrupt = new AbortController();
  const exit = runCli(["serve", DIVERGENCE_FIXTURE, "--strict", "--lang", "en"], {
    out: (text) => {
      out += text;
      const [first, ...rest] = out.split("\n");
      if (first !== undefined && rest.length > 0) listening(first);
    },
    err: () => {},
    env: {},
    isTTY: false,
    interrupt: interrupt.signal,
  });
  const error = await rejection(chatTurns(await url, editText), "a reply");
  interrupt.abort();
  assert.equal(await exit, 130);
  assert.ok(error instanceof OpenAI.BadRequestError, String(error));
  assert.match(error.message, /--strict: \/messages\/2\/content: the text/);
});

describe("a harness that sends back what was served has no divergence, even with strict", () => {
  test("Anthropic with thinking, streamed and not; Chat; Responses; Gemini", async () => {
    const { out } = await withServer(async (server) => {
      await anthropicTurns(server.url, (content) => content);
      await anthropicTurns(server.url, (content) => content, { stream: true });
      await chatTurns(server.url, (message) => message);
      await responsesTurns(server.url, (items) => items);
      await geminiTurns(server.url, (parts) => parts);
    }, true);
    assert.equal(divergenceLine(out), undefined);
    assert.equal((out.match(/← 200/g) ?? []).length, 10);
  });

  test("Responses with a call's arguments sent back with their keys in another order", async () => {
    const { out } = await withServer((server) => responsesTurns(server.url, reorderArguments), true);
    assert.equal(divergenceLine(out), undefined);
    assert.equal((out.match(/← 200/g) ?? []).length, 2);
  });
});
