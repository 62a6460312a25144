// Deep model data (issue 10, item 7, the render side): arguments nested thousands of levels deep
// print in every mode — narrated, --json, --wire — with the cut shown as such, no event replaced by
// an error object, no stack overflow, and output that grows with the input, not its square.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fixtureJsonLines, narrateFixture } from "../../src/commands/play/transcript.ts";
import { type Fixture, fixtureSchemaFor } from "../../src/fixture/fixture-format.ts";
import { DISPLAY_DEPTH_LIMIT, depthCut, depthMarker } from "../../src/narration/display-text.ts";
import { JSON_DEPTH_LIMIT } from "../../src/narration/json-lines.ts";
import { providerIds } from "../../src/providers/registry.ts";

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { k: value };
  return value;
}

function deepFixture(depth: number): Fixture {
  return fixtureSchemaFor("zh").parse({
    title: "deep",
    episodes: [
      {
        user: "u",
        tools: ["echo"],
        maxTurns: 1,
        script: [{ content: [{ type: "toolCall", id: "c1", name: "echo", arguments: { value: nested(depth) } }] }],
      },
    ],
  });
}

async function collect(run: (write: (line: string) => void) => Promise<void>): Promise<string> {
  const lines: string[] = [];
  await run((line) => lines.push(line));
  return `${lines.join("\n")}\n`;
}

const modes: Record<string, (fixture: Fixture) => Promise<string>> = {
  narrated: (fixture) => collect((write) => narrateFixture(fixture, { lang: "en", write })),
  json: (fixture) => collect((write) => fixtureJsonLines(fixture, { write })),
  ...Object.fromEntries(
    providerIds.map((wire) => [`--wire ${wire}`, (fixture: Fixture) => collect((write) => narrateFixture(fixture, { lang: "en", write, wire }))]),
  ),
  "--json --wire anthropic": (fixture) => collect((write) => fixtureJsonLines(fixture, { write, wire: "anthropic" })),
};

for (const [name, mode] of Object.entries(modes)) {
  test(`${name}: 20,000-deep arguments print with the depth cut shown, in linear size`, async () => {
    const deep = await mode(deepFixture(20_000));
    const limit = name.startsWith("json") || name.startsWith("--json") ? JSON_DEPTH_LIMIT : DISPLAY_DEPTH_LIMIT;
    assert.ok(deep.includes(depthMarker(limit)), "the cut is shown as such");
    assert.doesNotMatch(deep, /unserializable|internal error|Maximum call stack/);
    if (name.includes("json")) {
      const events = deep
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line) as { type: string; error?: unknown; message?: { role: string } });
      assert.ok(
        events.every((event) => event.error === undefined),
        "no event replaced by an error object",
      );
      assert.ok(
        events.some((event) => event.type === "messageAppended" && event.message?.role === "assistant"),
        "the deep reply is there",
      );
    }
    // Twice the depth, at most about twice the output: the cut keeps indentation bounded.
    const [small, large] = [await mode(deepFixture(2_000)), await mode(deepFixture(4_000))];
    assert.ok(large.length <= small.length * 2.2 + 10_000, `${small.length} → ${large.length} bytes`);
  });
}

test("depthCut keeps a shallow value as it is and cuts cycles", () => {
  const shallow = { a: [1, { b: 2 }] };
  assert.equal(depthCut(shallow, 8), shallow);
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = cyclic;
  assert.deepEqual(depthCut(cyclic, 8), { a: 1, self: depthMarker(8) });
  assert.deepEqual(depthCut(nested(3), 2), [{ k: depthMarker(2) }]);
});
