// A reply's neutral events as OpenAI Chat chunks. Chat keys each call's fragments by `index`, so
// fragments keep their arrival order even when two calls interleave. Text has no block boundary:
// two text blocks in a row arrive as one text, and an empty text block not at all.
import type { ChatCompletionChunk } from "openai/resources/chat/completions";
import type { CompletionUsage } from "openai/resources/completions";
import type { AssistantStreamEvent } from "../../protocol/stream-events.ts";
import { WIRE_MODEL } from "../shared/provider.ts";
import type { ServedMeta } from "../shared/served-reply.ts";
import { groupStream } from "../shared/stream-blocks.ts";
import { chatFinishReasons, type OpenAIChatStreamFrame } from "./stream-events.ts";

/** The counts as Chat writes them (https://platform.openai.com/docs/api-reference/chat/object, `usage`). */
export function chatUsage(meta: ServedMeta): CompletionUsage {
  return { prompt_tokens: meta.usage.input, completion_tokens: meta.usage.output, total_tokens: meta.usage.input + meta.usage.output };
}

/** `completionId`: what every chunk carries as `id` (serve passes its own; the wire view a fixed one).
 *  `meta`: what serve answers with (the model asked for; the usage). Asked for with
 *  `stream_options.include_usage`, every chunk carries `"usage": null` and one more chunk before
 *  `[DONE]` has no choices and the whole usage (https://platform.openai.com/docs/api-reference/chat/create,
 *  `stream_options.include_usage`; openai-node ChatCompletionChunk.usage). */
export function renderOpenAIChatStream(events: readonly AssistantStreamEvent[], completionId = "chatcmpl-fake", meta?: ServedMeta): OpenAIChatStreamFrame[] {
  const { terminal } = groupStream(events);
  const frames: OpenAIChatStreamFrame[] = [];
  const model = meta?.model ?? WIRE_MODEL;
  const withUsage = meta?.includeUsage === true;
  const chunk = (delta: ChatCompletionChunk.Choice.Delta, finishReason: ChatCompletionChunk.Choice["finish_reason"] = null) => {
    frames.push({
      data: {
        id: completionId,
        object: "chat.completion.chunk",
        created: 0,
        model,
        choices: [{ index: 0, delta, finish_reason: finishReason }],
        ...(withUsage ? { usage: null } : {}),
      },
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
  if (meta && withUsage) frames.push({ data: { id: completionId, object: "chat.completion.chunk", created: 0, model, choices: [], usage: chatUsage(meta) } });
  frames.push({ data: "[DONE]" });
  return frames;
}
