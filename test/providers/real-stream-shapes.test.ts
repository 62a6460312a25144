// Streams of the real shapes (real-stream-shapes.ts: Gemini 3 partialArgs with name-less
// continuation chunks, Anthropic, OpenAI Chat and Responses) rebuild to their calls and text: each
// is written out as SSE text, read back, detected as its provider's, parsed and assembled by the
// loop's one consumer's core (stream-assembler.ts), as replay-stream does.
import assert from "node:assert/strict";
import { test } from "node:test";
import { assembleEvents } from "../../src/agent/stream-assembler.ts";
import { detectStreamProvider, loadAllParts } from "../../src/providers/registry.ts";
import { formatSse, readSse } from "../../src/providers/shared/sse.ts";
import { realShapes } from "./real-stream-shapes.ts";

const partsOf = await loadAllParts();

for (const [name, shape] of Object.entries(realShapes)) {
  test(`${name} (${shape.seen}) rebuilds to its calls and text`, async () => {
    const { frames, problems: sseProblems } = readSse(formatSse(shape.frames));
    assert.deepEqual(sseProblems, []);
    assert.equal(detectStreamProvider(frames, partsOf), shape.provider);
    const parsed = partsOf(shape.provider).stream.parse(frames);
    assert.deepEqual(parsed.problems, []);
    const { message, unterminated } = assembleEvents(parsed.events);
    assert.equal(unterminated, false);
    const calls = message.content.flatMap((block) => (block.type === "toolCall" ? [{ name: block.name, arguments: block.arguments }] : []));
    const text = message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
    assert.deepEqual(calls, shape.calls);
    assert.equal(text, shape.text);
    assert.equal(message.stopReason, shape.stopReason);
  });
}
