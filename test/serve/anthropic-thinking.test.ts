// serve answers a scripted reply's thinking blocks as Anthropic's extended thinking does: in the
// plain body as `thinking` blocks with their `signature` (a redacted one as `redacted_thinking`),
// and streamed as a `thinking` block filled by `thinking_delta` and closed by a `signature_delta`,
// so the official SDK rebuilds the same blocks either way and a harness can send them back.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import Anthropic from "@anthropic-ai/sdk";
import type { AssistantMessage } from "../../src/protocol/types.ts";
import { renderAnthropicStream } from "../../src/providers/anthropic/render-stream.ts";
import { renderAnthropicResponse } from "../../src/providers/anthropic/response.ts";
import { thinkingOf } from "../../src/providers/shared/stream-blocks.ts";
import { DIVERGENCE_FIXTURE, THINKS } from "./divergence-runs.ts";
import { type ServeRun, startServe } from "./serve-helpers.ts";

const THOUGHT = "Adding is calc's job: 7 and 5.";
const SIGNATURE = "EqQBCkgIARABGAIiQFakeSignatureForServeDivergence1";

let server: ServeRun;
before(async () => {
  server = await startServe(DIVERGENCE_FIXTURE);
});
after(() => server.stop());

function ask(stream: boolean) {
  const client = new Anthropic({ baseURL: server.url, apiKey: "not-needed", maxRetries: 0 });
  const request = {
    model: "fake-model",
    max_tokens: 2048,
    thinking: { type: "enabled" as const, budget_tokens: 1024 },
    messages: [{ role: "user" as const, content: THINKS }],
  };
  return stream ? client.messages.stream(request).finalMessage() : client.messages.create(request);
}

describe("a scripted reply's thinking blocks, served on Anthropic", () => {
  for (const stream of [false, true]) {
    test(`reach the Anthropic SDK ${stream ? "streamed" : "unstreamed"} as a thinking block with its signature, before the call`, async () => {
      const message = await ask(stream);
      assert.deepEqual(
        message.content.map((block) => block.type),
        ["thinking", "tool_use"],
      );
      assert.deepEqual(message.content[0], { type: "thinking", thinking: THOUGHT, signature: SIGNATURE });
    });
  }

  test("a streamed thinking block is its start, one thinking_delta, one signature_delta and its stop", () => {
    const message: AssistantMessage = {
      role: "assistant",
      content: [
        { type: "thinking", thinking: THOUGHT, thinkingSignature: SIGNATURE },
        { type: "text", text: "Done." },
      ],
      stopReason: "stop",
      timestamp: 0,
    };
    const events = [
      { type: "start" as const, timestamp: 0 },
      { type: "text_start" as const, contentIndex: 1 },
      { type: "text_delta" as const, contentIndex: 1, delta: "Done." },
      { type: "text_end" as const, contentIndex: 1, content: "Done." },
      { type: "done" as const, reason: "stop" as const },
    ];
    const frames = renderAnthropicStream(events, "msg_x", undefined, thinkingOf(message)).map((frame) => frame.data);
    assert.deepEqual(frames.slice(1, 5), [
      { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "", signature: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: THOUGHT } },
      { type: "content_block_delta", index: 0, delta: { type: "signature_delta", signature: SIGNATURE } },
      { type: "content_block_stop", index: 0 },
    ]);
    assert.deepEqual(frames[5], { type: "content_block_start", index: 1, content_block: { type: "text", text: "", citations: null } });
  });

  test("a redacted thinking block is served as redacted_thinking with its data", () => {
    const message: AssistantMessage = {
      role: "assistant",
      content: [{ type: "thinking", thinking: "", thinkingSignature: "EmwKAhgBEgy3va3pzix", redacted: true }],
      stopReason: "stop",
      timestamp: 0,
    };
    const body = renderAnthropicResponse(message, { conversation: 1, turn: 1 }, { model: "m", usage: { input: 1, output: 1 }, includeUsage: false });
    assert.deepEqual(body.content, [{ type: "redacted_thinking", data: "EmwKAhgBEgy3va3pzix" }]);
    const frames = renderAnthropicStream([{ type: "done", reason: "stop" }], "msg_x", undefined, thinkingOf(message)).map((frame) => frame.data);
    assert.deepEqual(frames[1], { type: "content_block_start", index: 0, content_block: { type: "redacted_thinking", data: "EmwKAhgBEgy3va3pzix" } });
  });
});
