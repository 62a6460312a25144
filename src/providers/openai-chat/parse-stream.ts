// OpenAI Chat chunks back to neutral events, the way Pi's openai-completions provider reads them:
// `content` continues the current text block (or opens one after a call), each new tool-call
// `index` opens a call, and `finish_reason` closes everything — except a call whose JSON is still
// unfinished (a `length` cut), which stays open and is answered with an error. `[DONE]`, usage-only
// chunks and unknown fields are skipped; the data is untrusted and every field is checked.

import { isRecord } from "../../json/is-record.ts";
import { PartialJsonParser } from "../../json/partial-json.ts";
import type { SseFrame } from "../shared/sse.ts";
import { NeutralEventBuilder, numberField, type ParsedStream, recordField, stringField } from "../shared/stream-builder.ts";

export function parseOpenAIChatStream(frames: readonly SseFrame[]): ParsedStream {
  const builder = new NeutralEventBuilder();
  const problems: string[] = [];
  const calls = new Map<number, PartialJsonParser>();
  for (const frame of frames) {
    const data = frame.data;
    if (data === "[DONE]") continue;
    if (!isRecord(data)) {
      builder.skip(frame.event ?? typeof data);
      continue;
    }
    const error = recordField(data, "error");
    if (error) {
      const message = stringField(error, "message");
      builder.error("error", message === "" ? undefined : message);
      continue;
    }
    const choices = data.choices;
    if (!Array.isArray(choices)) {
      builder.skip(stringField(data, "object") ?? "(chunk without choices)");
      continue;
    }
    builder.start();
    const choice: unknown = choices[0];
    // A usage-only chunk (stream_options.include_usage) has no choices at all.
    if (!isRecord(choice)) continue;
    const delta = recordField(choice, "delta");
    const content = delta && stringField(delta, "content");
    if (content) builder.appendText(content);
    const toolCalls = delta?.tool_calls;
    if (Array.isArray(toolCalls)) {
      for (const toolCall of toolCalls) {
        if (!isRecord(toolCall)) continue;
        const index = numberField(toolCall, "index");
        if (index === undefined) {
          problems.push("a tool_calls entry without index");
          continue;
        }
        const key = `call${index}`;
        const fn = recordField(toolCall, "function");
        if (!builder.has(key)) {
          builder.openCall(key, stringField(toolCall, "id") ?? "", (fn && stringField(fn, "name")) ?? "");
          calls.set(index, new PartialJsonParser());
        }
        const fragment = fn && stringField(fn, "arguments");
        if (fragment) {
          calls.get(index)?.push(fragment);
          builder.delta(key, fragment);
        }
      }
    }
    const finish = stringField(choice, "finish_reason");
    if (finish !== undefined) {
      builder.endOpenTexts();
      for (const [index, parser] of calls) if (parser.end().complete || parser.length === 0) builder.end(`call${index}`);
      if (finish === "content_filter") builder.error("error", "finish_reason: content_filter");
      else builder.done(finish === "tool_calls" || finish === "function_call" ? "toolUse" : finish === "length" ? "length" : "stop");
    }
  }
  return { events: builder.events, skipped: builder.skipped, problems };
}
