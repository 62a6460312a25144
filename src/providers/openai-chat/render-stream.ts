// A reply's neutral events as OpenAI Chat chunks. Chat keys each call's fragments by `index`, so
// fragments keep their arrival order even when two calls interleave. Text has no block boundary:
// two text blocks in a row arrive as one text, and an empty text block not at all.
import type { ChatCompletionChunk } from "openai/resources/chat/completions";
import type { AssistantStreamEvent } from "../../protocol/stream-events.ts";
import { WIRE_MODEL } from "../shared/provider.ts";
import { groupStream } from "../shared/stream-blocks.ts";
import { chatFinishReasons, type OpenAIChatStreamFrame } from "./stream-events.ts";

/** `completionId`: what every chunk carries as `id` (serve passes its own; the wire view a fixed one). */
export function renderOpenAIChatStream(events: readonly AssistantStreamEvent[], completionId = "chatcmpl-fake"): OpenAIChatStreamFrame[] {
  const { terminal } = groupStream(events);
  const frames: OpenAIChatStreamFrame[] = [];
  const chunk = (delta: ChatCompletionChunk.Choice.Delta, finishReason: ChatCompletionChunk.Choice["finish_reason"] = null): void => {
    frames.push({
      data: { id: completionId, object: "chat.completion.chunk", created: 0, model: WIRE_MODEL, choices: [{ index: 0, delta, finish_reason: finishReason }] },
    });
  };
  // Call index among the calls, as Chat numbers them, by content index.
  const callIndex = new Map<number, number>();
  chunk({ role: "assistant", content: "" });
  for (const event of events) {
    if (event.type === "text_delta") chunk({ content: event.delta });
    else if (event.type === "toolcall_start") {
      const index = callIndex.size;
      callIndex.set(event.contentIndex, index);
      chunk({ tool_calls: [{ index, id: event.id, type: "function", function: { name: event.name, arguments: "" } }] });
    } else if (event.type === "toolcall_delta") {
      chunk({ tool_calls: [{ index: callIndex.get(event.contentIndex) ?? 0, function: { arguments: event.delta } }] });
    }
  }
  if (!terminal || terminal.reason === "aborted") return frames;
  if (terminal.reason === "error") {
    frames.push({ data: { error: { message: terminal.errorMessage ?? "", type: "server_error", code: null, param: null } } });
    return frames;
  }
  chunk({}, chatFinishReasons[terminal.reason]);
  frames.push({ data: "[DONE]" });
  return frames;
}
