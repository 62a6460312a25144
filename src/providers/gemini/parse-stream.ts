// Gemini's chunks back to neutral events. Text parts continue the current text block (or open one
// after a call), as Pi's google provider reads them. A classic `functionCall` part is a whole call:
// it opens, carries its args as one JSON fragment and ends at once. A streamed one (`partialArgs`,
// `willContinue`) opens with its name, gathers its entries by JSON path — a string whose entry says
// `willContinue` goes on in the next entry for the same path — and ends when the call's
// `willContinue` is false. In real Gemini 3 streams (recorded in the Vercel AI SDK's fixtures,
// vercel/ai packages/google/src/__fixtures__/google-stream-tool-call-arguments.chunks.txt) only the
// first chunk of a call names it; the continuation chunks carry partialArgs and willContinue but no
// name, and the call ends with an empty `functionCall: {}`. Gemini has no "tool use" reason: STOP
// with a call means "toolUse".

import { isRecord } from "../../json/is-record.ts";
import type { SseFrame } from "../shared/sse.ts";
import { NeutralEventBuilder, type ParsedStream, recordField, stringField } from "../shared/stream-builder.ts";
import { parsePartialArgsPath, setAtPath } from "./partial-args-path.ts";

interface StreamedCall {
  key: string;
  value: Record<string, unknown>;
  /** Strings still growing, by JSON path text. */
  growing: Map<string, string>;
}

export function parseGeminiStream(frames: readonly SseFrame[]): ParsedStream {
  const builder = new NeutralEventBuilder();
  const problems: string[] = [];
  let calls = 0;
  let streamed: StreamedCall | undefined;
  const finishStreamed = (finished: boolean) => {
    if (!streamed) return;
    builder.delta(streamed.key, JSON.stringify(streamed.value));
    if (finished) builder.end(streamed.key, { arguments: streamed.value });
    streamed = undefined;
  };
  for (const frame of frames) {
    const data = frame.data;
    if (!isRecord(data)) {
      builder.skip(frame.event ?? typeof data);
      continue;
    }
    const error = recordField(data, "error");
    if (error) {
      finishStreamed(false);
      const message = stringField(error, "message");
      builder.error("error", message === "" ? undefined : message);
      continue;
    }
    const candidates = data.candidates;
    const candidate: unknown = Array.isArray(candidates) ? candidates[0] : undefined;
    if (!isRecord(candidate)) {
      // A chunk of only usageMetadata or promptFeedback.
      builder.skip(Object.keys(data).join("+") || "(empty chunk)");
      continue;
    }
    builder.start();
    const parts = recordField(candidate, "content")?.parts;
    for (const part of Array.isArray(parts) ? parts : []) {
      if (!isRecord(part)) continue;
      const text = stringField(part, "text");
      const call = recordField(part, "functionCall");
      if (text) {
        if (part.thought === true) builder.skip("thought");
        else builder.appendText(text);
      } else if (call) {
        // A streamed call ends with an empty functionCall (`{}`: no name, no arguments, no
        // willContinue), as real Gemini 3 streams do; it is no call of its own.
        if (Object.keys(call).length === 0) {
          if (streamed) finishStreamed(true);
          else builder.skip("functionCall (empty)");
          continue;
        }
        const isStreamed = "partialArgs" in call || "willContinue" in call;
        if (!isStreamed) {
          const key = `call${calls++}`;
          const args = recordField(call, "args") ?? {};
          builder.openCall(key, stringField(call, "id") ?? "", stringField(call, "name") ?? "");
          builder.delta(key, JSON.stringify(args));
          builder.end(key, { arguments: args });
          continue;
        }
        const name = stringField(call, "name");
        if (!streamed || name !== undefined) {
          finishStreamed(false);
          streamed = { key: `call${calls++}`, value: {}, growing: new Map() };
          builder.openCall(streamed.key, stringField(call, "id") ?? "", name ?? "");
        }
        const entries = call.partialArgs;
        for (const entry of Array.isArray(entries) ? entries : []) {
          if (!isRecord(entry)) continue;
          const pathText = stringField(entry, "jsonPath") ?? "";
          const path = parsePartialArgsPath(pathText);
          if (!path) {
            problems.push(`unreadable jsonPath ${JSON.stringify(pathText)}`);
            continue;
          }
          let value: unknown =
            "stringValue" in entry ? entry.stringValue : "numberValue" in entry ? entry.numberValue : "boolValue" in entry ? entry.boolValue : null;
          if (typeof value === "string") {
            const joined = (streamed.growing.get(pathText) ?? "") + value;
            if (entry.willContinue === true) streamed.growing.set(pathText, joined);
            else streamed.growing.delete(pathText);
            value = joined;
          }
          setAtPath(streamed.value, path, value);
        }
        if (call.willContinue !== true) finishStreamed(true);
      } else builder.skip(Object.keys(part).join("+") || "(empty part)");
    }
    const finishReason = stringField(candidate, "finishReason");
    if (finishReason !== undefined) {
      finishStreamed(false);
      builder.endOpenTexts();
      if (finishReason === "STOP") builder.done(builder.hasToolCalls() ? "toolUse" : "stop");
      else if (finishReason === "MAX_TOKENS") builder.done("length");
      else builder.error("error", `finishReason: ${finishReason}`);
    }
  }
  finishStreamed(false);
  return { events: builder.events, skipped: builder.skipped, problems };
}
