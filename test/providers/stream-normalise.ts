// What a message looks like after a trip through one provider's stream format: each format has
// things it cannot carry, and the round-trip tests compare against this instead of pretending
// otherwise. (docs/streaming.md lists the same differences.)

import type { AssistantStreamEvent } from "../../src/protocol/stream-events.ts";
import type { AssistantMessage, StopReason } from "../../src/protocol/types.ts";
import { geminiArgs } from "../../src/providers/gemini/render-stream.ts";

type Content = AssistantMessage["content"];

import type { ProviderId } from "../../src/providers/registry.ts";

export type StreamForm = ProviderId | "gemini-partial";

export interface WireExpectation {
  /** The message without its timestamp (no wire format carries the playground's clock). */
  message: { content: Content; stopReason: StopReason; errorMessage?: string };
  content: Content;
  /** False when the stream was aborted: on the wire it simply ends, and reads back as cut off. */
  terminated: boolean;
}

export function expectedFromWire(form: StreamForm, events: readonly AssistantStreamEvent[], message: AssistantMessage): WireExpectation {
  let content = message.content.map((item) => ({ ...item }));
  if (form === "gemini") {
    // Classic Gemini sends a call only once it is whole: an unfinished one never reaches the wire.
    const ended = new Set(events.flatMap((event) => (event.type === "toolcall_end" ? [event.contentIndex] : [])));
    const calls = events.flatMap((event) => (event.type === "toolcall_start" ? [event.contentIndex] : []));
    const unfinished = new Set(calls.filter((index) => !ended.has(index)));
    const openedInOrder = events
      .flatMap((event) => (event.type === "toolcall_start" || event.type === "text_start" ? [event.contentIndex] : []))
      .sort((a, b) => a - b);
    content = content.filter((_item, position) => !unfinished.has(openedInOrder[position] ?? -1));
  }
  if (form === "openai-chat" || form === "gemini" || form === "gemini-partial") {
    // No text block boundaries: adjacent texts arrive as one, an empty one not at all.
    const merged: Content = [];
    for (const item of content) {
      const last = merged[merged.length - 1];
      if (item.type === "text" && item.text === "") continue;
      if (item.type === "text" && last?.type === "text") merged[merged.length - 1] = { type: "text", text: last.text + item.text };
      else merged.push(item);
    }
    content = merged;
  }
  if (form === "gemini" || form === "gemini-partial") {
    // Gemini's args are an object; streamed ones are leaves, so an empty object or array has no entry.
    const args = form === "gemini" ? geminiArgs : (value: unknown) => stripEmpty(geminiArgs(value));
    content = content.map((item) => (item.type === "toolCall" ? { ...item, arguments: args(item.arguments) } : item));
  }
  let stopReason = message.stopReason;
  // Responses and Gemini have no tool-use reason: a finished reply with a call is "toolUse".
  if ((form === "openai-responses" || form === "gemini" || form === "gemini-partial") && (stopReason === "stop" || stopReason === "toolUse")) {
    stopReason = content.some((item) => item.type === "toolCall") ? "toolUse" : "stop";
  }
  const terminated = events.some((event) => event.type === "done" || (event.type === "error" && event.reason === "error"));
  // An error event's message is a required string on every wire: an empty one reads back as none.
  const errorMessage = message.errorMessage === undefined || message.errorMessage === "" ? {} : { errorMessage: message.errorMessage };
  return { message: { content, stopReason, ...errorMessage }, content, terminated };
}

function stripEmpty(value: unknown): unknown {
  // A leaf is sent as a JSON value, and JSON cannot carry -0: a number cut right after "-0" (of
  // "-0.5") is -0 in the neutral stream and 0 on Gemini's wire.
  if (Object.is(value, -0)) return 0;
  if (Array.isArray(value)) {
    const items = value.map(stripEmpty);
    while (items.length > 0 && isEmpty(items[items.length - 1])) items.pop();
    return items;
  }
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(
      Object.entries(value)
        .map(([key, item]) => [key, stripEmpty(item)])
        .filter(([, item]) => !isEmpty(item)),
    );
  return value;
}

function isEmpty(value: unknown): boolean {
  return typeof value === "object" && value !== null && Object.keys(value).length === 0;
}
