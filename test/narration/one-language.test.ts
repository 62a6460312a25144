// One language per run (issue 9, item 6): every message the app writes follows --lang; only data
// (fixture text, tool output, the tools' own contract strings) prints as it is. The FakeModel's
// refusals are worded from their structured cause, not passed through in English.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ModelRequestError } from "../../src/agent/fake-model.ts";
import { narrateFixture } from "../../src/commands/play/transcript.ts";
import { fixtureSchemaFor } from "../../src/fixture/fixture-format.ts";
import { parseFixture } from "../../src/fixture/load-fixture.ts";
import { allLanguages } from "../../src/narration/catalog-loader.ts";
import { errorLine } from "../../src/narration/error-line.ts";
import { loadCatalog } from "../../src/narration/load-catalog.ts";
import { EpisodeError } from "../../src/replay/run-fixture.ts";
import { schemaFromJsonSchema } from "../../src/schema/from-json-schema.ts";
import { SchemaError } from "../../src/schema/schema-error.ts";

const catalogs = await allLanguages(loadCatalog);

/** What `run` throws (undefined when it returns). */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (thrown) {
    return thrown;
  }
  return undefined;
}

const exhausted = fixtureSchemaFor("zh").parse({
  title: "t",
  episodes: [{ user: "u", tools: ["calc"], script: [{ content: [{ type: "toolCall", id: "c1", name: "calc", arguments: { a: 1, b: 2, op: "add" } }] }] }],
});

async function refusal(lang: "zh" | "en"): Promise<{ line: string; transcript: string[] }> {
  const transcript: string[] = [];
  try {
    await narrateFixture(exhausted, { lang, write: (line) => transcript.push(line) });
  } catch (error) {
    return { line: errorLine(error, "x.json", catalogs[lang]) ?? "", transcript };
  }
  throw new Error("the script should have run out");
}

test("a script that runs out is refused in the run's language", async () => {
  const zh = await refusal("zh");
  assert.match(zh.line, /^x\.json: \$\.episodes\[0\]\.script: FakeModel 拒绝了请求：第 2 次请求没有对应的回复，脚本只有 1 条/);
  assert.doesNotMatch(zh.line, /has no reply|script holds/);
  const en = await refusal("en");
  assert.match(en.line, /FakeModel refused the request: there is no reply for request 2; the script holds 1/);
  // What was narrated before the refusal is still printed, under its heading.
  assert.ok(zh.transcript.some((line) => line.includes("[toolResult] calc#c1")));
});

test("a pairing refusal is worded from its problem, in each language", () => {
  const error = new EpisodeError(0, new ModelRequestError("400 invalid_request_error: …", { kind: "unanswered", messageIndex: 1, toolCallIds: ["c1"] }));
  assert.match(errorLine(error, "x.json", catalogs.zh) ?? "", /messages\.1 里的调用 c1 后面没有紧跟配对的 toolResult/);
  assert.match(errorLine(error, "x.json", catalogs.en) ?? "", /in messages\.1, the calls c1 are not followed by their toolResult/);
  assert.doesNotMatch(errorLine(error, "x.json", catalogs.zh) ?? "", /invalid_request_error/);
});

test("a recorded tool's integer and null expectations are worded in the run's language; the result keeps the contract text", () => {
  const { schema } = schemaFromJsonSchema({
    type: "object",
    properties: { people: { type: "integer" }, note: { type: "null" } },
    required: ["people", "note"],
  });
  for (const [value, expected] of [
    [{ people: "two", note: null }, "an integer"],
    [{ people: 2, note: 1 }, "null"],
  ] as const) {
    const error = thrownBy(() => schema.parse(value));
    assert.ok(error instanceof SchemaError);
    const line = catalogs.en.argumentProblem(String(error.path[0]), error.expected, JSON.stringify(error.received));
    assert.match(line, new RegExp(`must be ${expected}, got`));
    assert.doesNotMatch(line, /[\u4e00-\u9fff]/);
    assert.match(error.message, /^必须是 (integer|null)$/);
  }
});

test("a stream plan's block index is checked with a structured expectation, worded in the run's language", () => {
  const source = JSON.stringify({
    title: "t",
    episodes: [{ user: "u", tools: ["calc"], script: [{ content: [{ type: "text", text: "hi" }], stream: { deltas: [{ block: -1, text: "hi" }] } }] }],
  });
  const error = thrownBy(() => parseFixture("x.json", source));
  const zh = errorLine(error, "x.json", catalogs.zh) ?? "";
  const en = errorLine(error, "x.json", catalogs.en) ?? "";
  assert.match(zh, /非负整数/);
  assert.doesNotMatch(zh, /[A-Za-z]{5,} (index|number)/);
  assert.match(en, /a whole number of at least 0/);
});
