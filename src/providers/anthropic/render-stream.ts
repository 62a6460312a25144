// A reply's neutral events as the server-sent events Anthropic would send for it. Anthropic streams
// one content block after another (`index` counts up; fragments of two blocks never mix), so
// interleaved fragments are regrouped block by block. A length cut still stops every open block
// and then reports `max_tokens`; an abort leaves the stream simply ending, as a closed socket does.
// A reply's thinking blocks stream at their place as extended thinking streams them
// (https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking, "Streaming thinking"):
// `content_block_start` of type `thinking`, its text in `thinking_delta`s, the `signature` in one
// `signature_delta` just before `content_block_stop`; a redacted block starts whole, with its `data`.
import type { Message, RawContentBlockStartEvent, RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import type { AssistantStreamEvent } from "../../protocol/stream-events.ts";
import { WIRE_MODEL } from "../shared/provider.ts";
import type { ServedMeta } from "../shared/served-reply.ts";
import { groupStream, STREAM_MESSAGE_ID, type StreamBlock, type ThinkingAt } from "../shared/stream-blocks.ts";
import { thinkingBlock } from "./response.ts";
import { type AnthropicStreamFrame, anthropicStopReasons } from "./stream-events.ts";

/** A message's usage: the input counted once the request is read, the output as it is written
 *  (the wire view shows zeros). */
export function servedUsage(input: number, output: number): Message["usage"] {
  return {
    cache_creation: null,
    cache_creation_input_tokens: null,
    cache_read_input_tokens: null,
    inference_geo: null,
    input_tokens: input,
    output_tokens: output,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: "standard",
    speed: null,
  };
}

/** `messageId`: the id `message_start` carries (serve passes its own; the wire view a fixed one).
 *  `meta`: what serve answers with (the model asked for, the usage, the request id); the wire view
 *  shows the fixed model and zeros. As the API does, `message_start` carries the input count and
 *  `message_delta` the output count (https://docs.anthropic.com/en/docs/build-with-claude/streaming,
 *  "Basic streaming request": `message_delta` … `"usage": {"output_tokens": 15}`). */
export function renderAnthropicStream(
  events: readonly AssistantStreamEvent[],
  messageId = STREAM_MESSAGE_ID,
  meta?: ServedMeta,
  thinking: readonly ThinkingAt[] = [],
): AnthropicStreamFrame[] {
  const { blocks, terminal } = groupStream(events);
  const frames: AnthropicStreamFrame[] = [];
  const push = (data: RawMessageStreamEvent) => {
    frames.push({ event: data.type, data });
  };
  push({
    type: "message_start",
    message: {
      id: messageId,
      type: "message",
      role: "assistant",
      model: meta?.model ?? WIRE_MODEL,
      content: [],
      container: null,
      diagnostics: null,
      stop_details: null,
      stop_reason: null,
      stop_sequence: null,
      usage: servedUsage(meta?.usage.input ?? 0, meta ? 1 : 0),
    },
  });
  const finished = terminal !== undefined && terminal.reason !== "aborted" && terminal.reason !== "error";
  inContentOrder(blocks, thinking, finished).forEach((block, index) => {
    if ("block" in block) pushThinking(push, block.block, index);
    else pushBlock(push, block, index, terminal?.reason === "length");
  });
  if (!terminal || terminal.reason === "aborted") return frames;
  if (terminal.reason === "error") {
    frames.push({
      event: "error",
      data: { type: "error", error: { type: "api_error", message: terminal.errorMessage ?? "" }, request_id: meta?.requestId ?? null },
    });
    return frames;
  }
  push({
    type: "message_delta",
    delta: { container: null, stop_details: null, stop_reason: anthropicStopReasons[terminal.reason], stop_sequence: null },
    usage: {
      cache_creation_input_tokens: null,
      cache_read_input_tokens: null,
      input_tokens: null,
      output_tokens: meta?.usage.output ?? 0,
      output_tokens_details: null,
      server_tool_use: null,
    },
  });
  push({ type: "message_stop" });
  return frames;
}

/** A text or call block: its start, each fragment as a delta, and its stop once it ended (or the
 *  reply was cut at its length, which stops every open block). */
function pushBlock(push: (data: RawMessageStreamEvent) => void, block: StreamBlock, index: number, cutAtLength: boolean): void {
  const contentBlock: RawContentBlockStartEvent["content_block"] =
    block.kind === "text"
      ? { type: "text", text: "", citations: null }
      : { type: "tool_use", id: block.id, name: block.name, input: {}, caller: { type: "direct" } };
  push({ type: "content_block_start", index, content_block: contentBlock });
  for (const fragment of block.fragments) {
    push({
      type: "content_block_delta",
      index,
      delta: block.kind === "text" ? { type: "text_delta", text: fragment } : { type: "input_json_delta", partial_json: fragment },
    });
  }
  if (block.ended || cutAtLength) push({ type: "content_block_stop", index });
}

/** The streamed blocks and the thinking blocks, by their place in the reply. A thinking block
 *  after the last streamed one goes out only when the reply finished (a cut stream stops before it). */
function inContentOrder(blocks: readonly StreamBlock[], thinking: readonly ThinkingAt[], finished: boolean): (StreamBlock | ThinkingAt)[] {
  const last = blocks.at(-1)?.index ?? -1;
  const placed = thinking.filter((at) => finished || at.index < last);
  return [...blocks, ...placed].sort((a, b) => a.index - b.index);
}

/** One thinking block, whole: its text as one `thinking_delta`, then its signature. */
function pushThinking(push: (data: RawMessageStreamEvent) => void, block: ThinkingAt["block"], index: number): void {
  const whole = thinkingBlock(block);
  if (whole.type === "redacted_thinking") push({ type: "content_block_start", index, content_block: whole });
  else {
    push({ type: "content_block_start", index, content_block: { type: "thinking", thinking: "", signature: "" } });
    if (whole.thinking !== "") push({ type: "content_block_delta", index, delta: { type: "thinking_delta", thinking: whole.thinking } });
    push({ type: "content_block_delta", index, delta: { type: "signature_delta", signature: whole.signature } });
  }
  push({ type: "content_block_stop", index });
}
