// Anthropic's Messages stream, as it arrives: named server-sent events whose data is one of the
// SDK's RawMessageStreamEvent shapes, plus `error` (the SDK's ErrorResponse) and `ping`.
// Source: https://docs.anthropic.com/en/docs/build-with-claude/streaming ("Event types": message_start,
// content_block_start/delta/stop, message_delta, message_stop, ping, error; tool inputs arrive as
// `input_json_delta` fragments whose `partial_json` strings concatenate to the input's JSON).
import type { StopReason as AnthropicStopReason, RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import type { ErrorResponse } from "@anthropic-ai/sdk/resources/shared";

export type AnthropicStreamData = RawMessageStreamEvent | ErrorResponse | { type: "ping" };

export interface AnthropicStreamFrame {
  /** Anthropic names every event, and the name always equals the data's `type`. */
  event: AnthropicStreamData["type"];
  data: AnthropicStreamData;
}

/** stop_reason ↔ Pi's StopReason, as Pi's anthropic provider maps them (pi-mono packages/ai/src/providers/anthropic.ts,
 *  mapStopReason): "pause_turn" and "stop_sequence" also read as "stop", "refusal" as an error. */
export const anthropicStopReasons = { stop: "end_turn", toolUse: "tool_use", length: "max_tokens" } as const satisfies Record<string, AnthropicStopReason>;
