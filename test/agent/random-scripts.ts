// The property tests' generator of random model scripts (any tool names, any JSON as arguments,
// repeated and empty ids, every stopReason), shared by the loop property test and the lint test
// that renders the histories those scripts produce. Not a test file itself.
import fc from "fast-check";
import type { ScriptedReply, StopReason } from "../../src/index.ts";

export const toolName = fc.constantFrom("calc", "echo", "boom", "slow", "", "missing", "__proto__", "constructor");
export const argumentsValue = fc.oneof(
  fc.record(
    {
      a: fc.oneof(fc.integer(), fc.double(), fc.string()),
      b: fc.oneof(fc.integer(), fc.constant(0), fc.string()),
      op: fc.constantFrom("add", "sub", "mul", "div", "pow"),
    },
    { requiredKeys: [] },
  ),
  fc.record({ value: fc.oneof(fc.string(), fc.integer()), ignored: fc.string() }, { requiredKeys: [] }),
  fc.record({ ms: fc.constantFrom(0, 1) }),
  fc.jsonValue({ maxDepth: 3 }),
);
export const block = fc.oneof(
  fc.record({ type: fc.constant("text" as const), text: fc.string() }),
  fc.record({ type: fc.constant("toolCall" as const), id: fc.constantFrom("c1", "c2", "c3", ""), name: toolName, arguments: argumentsValue }),
);
export const stopReason = fc.option(fc.constantFrom<StopReason>("stop", "length", "toolUse", "error", "aborted"), { nil: undefined });
export const reply: fc.Arbitrary<ScriptedReply> = fc
  .record({ content: fc.array(block, { maxLength: 4 }), stopReason })
  .map(({ content, stopReason: reason }) => (reason === undefined ? { content } : { content, stopReason: reason }));
/** Some replies, then a final text reply, so every script can end. */
export const script = fc
  .tuple(fc.array(reply, { maxLength: 5 }), fc.string())
  .map(([replies, last]) => [...replies, { content: [{ type: "text" as const, text: last }] }]);
