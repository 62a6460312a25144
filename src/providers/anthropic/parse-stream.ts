// Anthropic's stream back to neutral events: blocks by `index`, text from `text_delta`, a call's
// id and name from `content_block_start` and its arguments from `input_json_delta.partial_json`.
// A tool_use block stopped while its JSON is unfinished (a `max_tokens` cut) stays unfinished, so
// the call is answered with an error rather than run on half its input. `ping`, thinking blocks
// and anything newer are listed and skipped. The data is untrusted: every field is checked.
import { PartialJsonParser } from "../../json/partial-json.ts";
import type { SseFrame } from "../shared/sse.ts";
import { NeutralEventBuilder, numberField, type ParsedStream, recordField, stringField, typedFrames } from "../shared/stream-builder.ts";
import { anthropicStopReasons } from "./stream-events.ts";

export function parseAnthropicStream(frames: readonly SseFrame[]): ParsedStream {
  const builder = new NeutralEventBuilder();
  const problems: string[] = [];
  const kinds = new Map<number, "text" | "toolCall" | "other">();
  const json = new Map<number, PartialJsonParser>();
  let stopReason: string | undefined;
  for (const { type, data } of typedFrames(frames, builder)) {
    switch (type) {
      case "message_start":
        builder.start();
        break;
      case "content_block_start": {
        const index = numberField(data, "index");
        const block = recordField(data, "content_block");
        const blockType = block && stringField(block, "type");
        if (index === undefined || !block) {
          problems.push("content_block_start without index or content_block");
        } else if (blockType === "text") {
          kinds.set(index, "text");
          builder.openText(`${index}`);
          const initial = stringField(block, "text");
          if (initial) builder.delta(`${index}`, initial);
        } else if (blockType === "tool_use") {
          kinds.set(index, "toolCall");
          json.set(index, new PartialJsonParser());
          builder.openCall(`${index}`, stringField(block, "id") ?? "", stringField(block, "name") ?? "");
        } else {
          // thinking, server tools and the like: not part of this playground's messages.
          kinds.set(index, "other");
          builder.skip(`content_block_start:${blockType ?? "?"}`);
        }
        break;
      }
      case "content_block_delta": {
        const index = numberField(data, "index");
        const delta = recordField(data, "delta");
        if (index === undefined || !delta) {
          problems.push("content_block_delta without index or delta");
          break;
        }
        const deltaType = stringField(delta, "type");
        if (deltaType === "text_delta") builder.delta(`${index}`, stringField(delta, "text") ?? "");
        else if (deltaType === "input_json_delta") {
          const fragment = stringField(delta, "partial_json") ?? "";
          json.get(index)?.push(fragment);
          builder.delta(`${index}`, fragment);
        } else builder.skip(`content_block_delta:${deltaType ?? "?"}`);
        break;
      }
      case "content_block_stop": {
        const index = numberField(data, "index");
        if (index === undefined) break;
        const parser = json.get(index);
        // Unfinished JSON means the block was cut, not completed: leave the call open.
        if (kinds.get(index) === "toolCall" && parser && !parser.end().complete && parser.length > 0) break;
        builder.end(`${index}`);
        break;
      }
      case "message_delta": {
        const delta = recordField(data, "delta");
        stopReason = (delta && stringField(delta, "stop_reason")) ?? stopReason;
        break;
      }
      case "message_stop":
        // A refusal (or content flagged "sensitive") ends the reply as an error, as Pi reads it.
        if (stopReason === "refusal" || stopReason === "sensitive") builder.error("error", `stop_reason: ${stopReason}`);
        else builder.done(stopReason === anthropicStopReasons.toolUse ? "toolUse" : stopReason === anthropicStopReasons.length ? "length" : "stop");
        break;
      case "error": {
        const error = recordField(data, "error");
        const message = error && stringField(error, "message");
        builder.error("error", message === "" ? undefined : message);
        break;
      }
      default:
        builder.skip(type);
    }
  }
  return { events: builder.events, skipped: builder.skipped, problems };
}
