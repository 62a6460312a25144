// The smallest whole stream: a reply that says one text in one fragment and stops. Tests that ask
// what a provider's stream adds around its events (usage chunks, pre-rendered JSON) share it.
import type { AssistantStreamEvent } from "../../src/protocol/stream-events.ts";

export function textReplyEvents(text: string): AssistantStreamEvent[] {
  return [
    { type: "start", timestamp: 0 },
    { type: "text_start", contentIndex: 0 },
    { type: "text_delta", contentIndex: 0, delta: text },
    { type: "text_end", contentIndex: 0, content: text },
    { type: "done", reason: "stop" },
  ];
}
