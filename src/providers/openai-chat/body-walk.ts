// What every Chat Completions rule walks: the messages and the tool calls of the assistant ones,
// each with its place, read once per body (perBody) and shared by both tables — the pairing rules
// (rules.ts) and the shape rules (shape-rules.ts) — so one lint walks the messages once.
import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { arrayAt, objectsIn, perBody, stringAt } from "../shared/json-shape.ts";
import { parsedArguments } from "../shared/openai-conventions.ts";

export interface ChatCall {
  messageIndex: number;
  callIndex: number;
  call: JsonObject;
  id: string | undefined;
  /** `function.arguments` parsed once for the rules that read it (undefined: not a JSON string). */
  parsed: unknown;
}

/** Every object among `messages`, with its index. */
export const messagesOf = perBody((body: JsonObject): readonly [number, JsonObject][] => objectsIn(arrayAt(body, "messages")));

/** Every object in an assistant message's tool_calls, in document order. */
export const callsOf = perBody((body: JsonObject): ChatCall[] => {
  const calls: ChatCall[] = [];
  for (const [messageIndex, message] of messagesOf(body)) {
    if (message.role !== "assistant") continue;
    for (const [callIndex, call] of objectsIn(arrayAt(message, "tool_calls"))) {
      calls.push({
        messageIndex,
        callIndex,
        call,
        id: stringAt(call, "id"),
        parsed: isRecord(call.function) ? parsedArguments(call.function.arguments) : undefined,
      });
    }
  }
  return calls;
});
