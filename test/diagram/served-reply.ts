// A scripted reply as serve hands it to the live page: one text block, stopped, with no usage.
import type { AssistantMessage } from "../../src/protocol/types.ts";

export function servedReply(text: string): AssistantMessage {
  return {
    role: "assistant",
    content: [{ type: "text", text }],
    stopReason: "stop",
    api: "x",
    provider: "x",
    model: "x",
    usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
    timestamp: 0,
  };
}
