// replay-stream: every stream the playground renders (each fixture's replies, streamed, in each
// provider's format) is rebuilt to the message it came from; captured streams carrying what
// providers really send besides (ping, usage chunks, thinking blocks, comments, CRLF, unknown
// event types) are read without failing; a stream that stops early yields its partial message.
// It speaks the run's --lang (Chinese by default), its error lines included.
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { runCli } from "../../src/cli/cli.ts";
import { fixtureJsonLines } from "../../src/commands/play/transcript.ts";
import { replayStream } from "../../src/commands/replay-stream/replay-stream-command.ts";
import { fixtureFileFor, fixtureNames } from "../../src/fixture/fixture-files.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import type { AssistantStreamEvent } from "../../src/protocol/stream-events.ts";
import type { AssistantMessage } from "../../src/protocol/types.ts";
import { type ProviderId, providerIds } from "../../src/providers/registry.ts";
import { loadWireStreamRenderer, type WireStreamRenderer } from "../../src/providers/render-wire-stream.ts";
import { formatSse } from "../../src/providers/shared/sse.ts";
import { expectedFromWire } from "../providers/stream-normalise.ts";

const wireStreams = new Map<ProviderId, WireStreamRenderer>(await Promise.all(providerIds.map(async (id) => [id, await loadWireStreamRenderer(id)] as const)));

/** One reply as `provider`'s stream, as the wire view shows it. */
function renderWireStream(provider: ProviderId, events: Parameters<WireStreamRenderer>[0]): ReturnType<WireStreamRenderer> {
  const render = wireStreams.get(provider);
  assert.ok(render, provider);
  return render(events);
}

const scratch = mkdtempSync(join(tmpdir(), "tcp-replay-"));

async function replay(
  text: string,
  options: { json?: boolean; provider?: (typeof providerIds)[number] } = {},
): Promise<{ code: number; out: string; err: string }> {
  const file = join(scratch, `capture-${Math.random().toString(36).slice(2)}.sse`);
  writeFileSync(file, text);
  let out = "";
  let err = "";
  const code = await replayStream(
    file,
    { lang: "en", json: options.json, provider: options.provider },
    { out: (chunk) => void (out += chunk), err: (chunk) => void (err += chunk), env: {}, isTTY: false },
  );
  return { code, out, err };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** Each reply of a fixture, streamed: its events and the message the loop appended. */
async function streamedReplies(name: string): Promise<{ events: AssistantStreamEvent[]; message: AssistantMessage }[]> {
  const lines: unknown[] = [];
  await fixtureJsonLines(await loadFixture(fixtureFileFor(name)), { write: (line) => lines.push(JSON.parse(line)), stream: {} });
  const replies: { events: AssistantStreamEvent[]; message: AssistantMessage }[] = [];
  let events: AssistantStreamEvent[] = [];
  for (const line of lines) {
    if (!isRecord(line)) continue;
    if (line.type === "streamEvent" && isStreamEvent(line.event)) events.push(line.event);
    if (line.type === "messageAppended" && isAssistant(line.message)) {
      replies.push({ events, message: line.message });
      events = [];
    }
  }
  return replies;
}

// The lines were written by this project from these very types; the guards only re-narrow them.
function isStreamEvent(value: unknown): value is AssistantStreamEvent {
  return isRecord(value) && typeof value.type === "string";
}
function isAssistant(value: unknown): value is AssistantMessage {
  return isRecord(value) && value.role === "assistant";
}

test("rebuilds every stream the playground renders, for every fixture and provider", async () => {
  let checked = 0;
  for (const name of fixtureNames()) {
    for (const { events, message } of await streamedReplies(name)) {
      for (const provider of providerIds) {
        for (const variant of renderWireStream(provider, events).variants) {
          const result = await replay(formatSse(variant.frames), { json: true });
          assert.equal(result.code, 0, `${name} ${provider}: ${result.err}`);
          const rebuilt: unknown = JSON.parse(result.out);
          assert.ok(isAssistant(rebuilt));
          const expected = expectedFromWire(variant.label?.includes("partialArgs") ? "gemini-partial" : provider, events, message);
          if (!expected.terminated) assert.deepEqual(rebuilt.content, expected.content, `${name} ${provider}`);
          else {
            const { timestamp: _timestamp, role: _role, ...actual } = rebuilt;
            assert.deepEqual(actual, expected.message, `${name} ${provider} ${variant.label ?? ""}`);
          }
          checked++;
        }
      }
    }
  }
  assert.ok(checked > 100, `only ${checked} streams checked`);
});

test("a captured Anthropic stream with ping, thinking, an unknown event, comments and CRLF", async () => {
  const capture = [
    ": a proxy's keep-alive comment",
    "event: message_start",
    'data: {"type":"message_start","message":{"id":"msg_01","type":"message","role":"assistant","model":"claude-x","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":1}}}',
    "",
    "event: ping",
    'data: {"type": "ping"}',
    "",
    "event: content_block_start",
    'data: {"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"","signature":""}}',
    "",
    "event: content_block_delta",
    'data: {"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"Let me think."}}',
    "",
    "event: content_block_stop",
    'data: {"type":"content_block_stop","index":0}',
    "",
    "event: content_block_start",
    'data: {"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_01","name":"calc","input":{}}}',
    "",
    "event: content_block_delta",
    'data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":""}}',
    "",
    "event: content_block_delta",
    'data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\\"a\\": 2, \\"b\\": 3, \\"op\\": \\"add\\"}"}}',
    "",
    "event: content_block_stop",
    'data: {"type":"content_block_stop","index":1}',
    "",
    "event: some_future_event",
    'data: {"type":"some_future_event","detail":1}',
    "",
    "event: message_delta",
    'data: {"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":42}}',
    "",
    "event: message_stop",
    'data: {"type":"message_stop"}',
    "",
  ].join("\r\n");
  const json = await replay(capture, { json: true });
  assert.equal(json.code, 0, json.err);
  const message: unknown = JSON.parse(json.out);
  assert.ok(isAssistant(message));
  assert.deepEqual(message.content, [{ type: "toolCall", id: "toolu_01", name: "calc", arguments: { a: 2, b: 3, op: "add" } }]);
  assert.equal(message.stopReason, "toolUse");
  const narrated = await replay(capture);
  assert.match(narrated.out, /provider: anthropic/);
  assert.match(narrated.out, /skipped: ping, content_block_start:thinking, content_block_delta:thinking_delta, some_future_event/);
  assert.match(narrated.out, /toolcall_delta +\[0\] \+"\{\\"a\\": 2/);
});

test("a captured OpenAI Chat stream with a usage chunk, and one that stops early", async () => {
  const chunk = (delta: unknown, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: "gpt-x", system_fingerprint: "fp", choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
  const head = [
    chunk({ role: "assistant", content: null, refusal: null }),
    chunk({ tool_calls: [{ index: 0, id: "call_abc", type: "function", function: { name: "calc", arguments: "" } }] }),
    chunk({ tool_calls: [{ index: 0, function: { arguments: '{"a":12' } }] }),
  ].join("");
  const whole =
    head +
    chunk({ tool_calls: [{ index: 0, function: { arguments: '8,"b":64,"op":"mul"}' } }] }) +
    chunk({}, "tool_calls") +
    `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: "gpt-x", choices: [], usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } })}\n\ndata: [DONE]\n\n`;
  const complete = await replay(whole, { json: true });
  const message: unknown = JSON.parse(complete.out);
  assert.ok(isAssistant(message));
  assert.deepEqual(message.content, [{ type: "toolCall", id: "call_abc", name: "calc", arguments: { a: 128, b: 64, op: "mul" } }]);
  assert.equal(message.stopReason, "toolUse");

  const cut = await replay(head);
  assert.equal(cut.code, 0);
  assert.match(cut.out, /the stream ended early, after event 3/);
  assert.match(cut.out, /"arguments": \{ ?"a": 12 ?\}|"arguments":\{"a":12\}/);
});

test("unreadable input is one line naming the file, and an unknown sender asks for --provider", async () => {
  const garbage = await replay("this is not a stream\n");
  assert.equal(garbage.code, 1);
  assert.equal(garbage.err.trimEnd().split("\n").length, 1);
  assert.match(garbage.err, /capture-.*\.sse/);
  const unknown = await replay('data: {"hello": 1}\n\n');
  assert.equal(unknown.code, 1);
  assert.match(unknown.err, /--provider \(expected one of: openai-chat, openai-responses, anthropic, gemini\)/);
});

test("a Gemini stream logged as one JSON array (no alt=sse) and as JSON Lines", async () => {
  const chunks = [
    { candidates: [{ content: { role: "model", parts: [{ text: "Let me " }] }, index: 0 }], modelVersion: "gemini-x" },
    {
      candidates: [{ content: { role: "model", parts: [{ text: "check." }, { functionCall: { name: "calc", args: { a: 1, b: 2, op: "add" } } }] }, index: 0 }],
    },
    { candidates: [{ content: { role: "model", parts: [{ text: "" }] }, finishReason: "STOP", index: 0 }], usageMetadata: { totalTokenCount: 9 } },
  ];
  for (const text of [JSON.stringify(chunks, null, 2), chunks.map((chunk) => JSON.stringify(chunk)).join("\n")]) {
    const result = await replay(text, { json: true });
    assert.equal(result.code, 0, result.err);
    const message: unknown = JSON.parse(result.out);
    assert.ok(isAssistant(message));
    assert.deepEqual(message.content, [
      { type: "text", text: "Let me check." },
      { type: "toolCall", id: "", name: "calc", arguments: { a: 1, b: 2, op: "add" } },
    ]);
    assert.equal(message.stopReason, "toolUse");
  }
});

test("an Anthropic refusal ends the rebuilt message as an error, as Pi reads it", async () => {
  const capture = [
    'event: message_start\ndata: {"type":"message_start","message":{}}\n',
    'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"refusal","stop_sequence":null},"usage":{"output_tokens":1}}\n',
    'event: message_stop\ndata: {"type":"message_stop"}\n',
  ].join("\n");
  const result = await replay(capture, { json: true });
  const message: unknown = JSON.parse(result.out);
  assert.ok(isAssistant(message));
  assert.equal(message.stopReason, "error");
  assert.equal(message.errorMessage, "stop_reason: refusal");
});

test("--lang: Chinese by default, English before or after `replay-stream`, the error lines too", async () => {
  const file = join(scratch, "lang.sse");
  writeFileSync(file, 'event: message_start\ndata: {"type":"message_start","message":{}}\n\nevent: message_stop\ndata: {"type":"message_stop"}\n\n');
  const cli = async (args: string[]) => {
    let out = "";
    let err = "";
    const code = await runCli(args, { out: (text) => void (out += text), err: (text) => void (err += text), env: {}, isTTY: false });
    return { code, out, err };
  };
  const chinese = await cli(["replay-stream", file]);
  assert.equal(chinese.code, 0, chinese.err);
  assert.match(chinese.out, /提供方：anthropic，共 2 个事件/);
  assert.match(chinese.out, /重建出的 assistant 消息：/);
  for (const args of [
    ["--lang", "en", "replay-stream", file],
    ["replay-stream", file, "--lang", "en"],
  ]) {
    const english = await cli(args);
    assert.match(english.out, /provider: anthropic, 2 event\(s\)/, args.join(" "));
    assert.doesNotMatch(english.out, /[\u4e00-\u9fff]/, args.join(" "));
  }
  const missing = join(scratch, "no-such.sse");
  assert.match((await cli(["replay-stream", missing])).err, /no-such\.sse: 没有这个文件\n$/);
  assert.match((await cli(["replay-stream", missing, "--lang", "en"])).err, /no-such\.sse: no such file\n$/);
  const empty = join(scratch, "empty.sse");
  writeFileSync(empty, "");
  assert.match((await cli(["replay-stream", empty])).err, /empty\.sse: 没有任何事件\n$/);
  assert.match((await cli(["--lang", "en", "replay-stream", empty])).err, /empty\.sse: no events\n$/);
});
