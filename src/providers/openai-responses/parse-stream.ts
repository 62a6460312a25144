// The Responses API's events back to neutral events: an output item per block, keyed by
// `output_index`; text from `response.output_text.delta`, a call's id (`call_id`) and name from
// the `function_call` item and its arguments from `response.function_call_arguments.delta`. The
// API has no "tool use" stop reason: like Pi, a completed response with a call means "toolUse".
// Reasoning, refusals, built-in tools and lifecycle extras are listed and skipped.
import type { SseFrame } from "../shared/sse.ts";
import { NeutralEventBuilder, numberField, type ParsedStream, recordField, stringField, typedFrames } from "../shared/stream-builder.ts";

export function parseOpenAIResponsesStream(frames: readonly SseFrame[]): ParsedStream {
  const builder = new NeutralEventBuilder();
  const problems: string[] = [];
  const key = (data: Record<string, unknown>) => `item${numberField(data, "output_index") ?? -1}`;
  for (const { type, data } of typedFrames(frames, builder)) {
    switch (type) {
      case "response.created":
        builder.start();
        break;
      case "response.output_item.added": {
        const item = recordField(data, "item");
        const itemType = item && stringField(item, "type");
        if (itemType === "message") builder.openText(key(data));
        else if (item && itemType === "function_call") builder.openCall(key(data), stringField(item, "call_id") ?? "", stringField(item, "name") ?? "");
        else builder.skip(`${type}:${itemType ?? "?"}`);
        break;
      }
      case "response.output_text.delta":
      case "response.function_call_arguments.delta":
        builder.delta(key(data), stringField(data, "delta") ?? "");
        break;
      case "response.function_call_arguments.done":
      case "response.output_item.done":
        builder.end(key(data));
        break;
      // Known, and saying nothing the events above have not: the part boundaries and the text's echo.
      case "response.in_progress":
      case "response.content_part.added":
      case "response.content_part.done":
      case "response.output_text.done":
        break;
      case "response.completed":
        builder.done(builder.hasToolCalls() ? "toolUse" : "stop");
        break;
      case "response.incomplete":
        builder.done("length");
        break;
      case "response.failed": {
        const error = recordField(recordField(data, "response") ?? {}, "error");
        const message = error && stringField(error, "message");
        builder.error("error", message === "" ? undefined : message);
        break;
      }
      case "error": {
        const message = stringField(data, "message");
        builder.error("error", message === "" ? undefined : message);
        break;
      }
      default:
        builder.skip(type);
    }
  }
  return { events: builder.events, skipped: builder.skipped, problems };
}
