// The wire view's cost and depth: pairing results with calls by an id map is linear in the number
// of calls (issue 10, item 8: `findIndex` pairing took 67 s for 40k calls), counted in reads of
// the results' ids rather than timed; and arguments nested 2,500 deep render in every provider
// instead of overflowing the stack (issue 10, item 7, the wire side).
import assert from "node:assert/strict";
import { test } from "node:test";
import { text } from "../../src/protocol/text.ts";
import type { Context, Message, ToolCall } from "../../src/protocol/types.ts";
import { renderWireRequest, wireProviders } from "../../src/wire.ts";

/** One reply with `calls` calls and their results, whose `toolCallId` getters count every read. */
function wideReply(calls: number): { context: Context; reads: () => number } {
  let reads = 0;
  const toolCalls: ToolCall[] = Array.from({ length: calls }, (_, index) => ({ type: "toolCall", id: `call_${index}`, name: "calc", arguments: { a: index } }));
  const results: Message[] = toolCalls.map((call) => {
    const result = { role: "toolResult" as const, toolName: "calc", content: [text("1")], isError: false, timestamp: 0, toolCallId: "" };
    Object.defineProperty(result, "toolCallId", {
      enumerable: true,
      get: () => {
        reads++;
        return call.id;
      },
    });
    return result;
  });
  const messages: Message[] = [
    { role: "user", content: "go", timestamp: 0 },
    { role: "assistant", content: toolCalls, stopReason: "toolUse", timestamp: 0 },
    ...results,
  ];
  return { context: { messages }, reads: () => reads };
}

test("pairing reads each result's id a constant number of times, however many calls the reply has", () => {
  for (const provider of wireProviders) {
    const perCall = [500, 2000].map((calls) => {
      const { context, reads } = wideReply(calls);
      const { body } = renderWireRequest(provider, context);
      assert.ok(JSON.stringify(body).includes(`call_${calls - 1}`), provider);
      return reads() / calls;
    });
    // Linear: the reads per call do not grow with the number of calls (findIndex made them grow as calls/2).
    assert.ok(
      perCall.every((count) => count <= 4),
      `${provider}: ${perCall.join(", ")} reads per call`,
    );
  }
});

test("arguments nested 2,500 deep render in every provider, and the body keeps them", () => {
  let deep: unknown = { leaf: true };
  for (let depth = 0; depth < 2500; depth++) deep = { a: deep };
  const context: Context = {
    messages: [
      { role: "user", content: "go", timestamp: 0 },
      { role: "assistant", content: [{ type: "toolCall", id: "call_1", name: "calc", arguments: deep }], stopReason: "toolUse", timestamp: 0 },
      { role: "toolResult", toolCallId: "call_1", toolName: "calc", content: [text("too deep")], isError: true, timestamp: 0 },
    ],
  };
  for (const provider of wireProviders) {
    const { body, notes } = renderWireRequest(provider, context);
    assert.ok(JSON.stringify(body).includes("leaf"), provider);
    assert.deepEqual(notes, [], provider);
  }
});
