// The journal a harness's test reads (src/commands/serve/journal.ts) stays within its budget on a
// server that runs for days: the oldest exchanges leave it, and problems past the cap are counted,
// not kept, while a reply never asked for is still reported. What it keeps of an exchange is what
// serve --json prints of it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Journal } from "../../src/commands/serve/journal.ts";
import type { ExchangeRecord } from "../../src/commands/serve/serve-events.ts";
import serveEn from "../../src/commands/serve/serve-messages-en.ts";
import { parseFixture } from "../../src/fixture/load-fixture.ts";
import { printedEvents, startServe } from "./serve-helpers.ts";

const fixture = parseFixture(
  "two-replies.json",
  JSON.stringify({
    title: "two replies",
    episodes: [{ user: "Hi", tools: [], script: [{ content: [{ type: "text", text: "One." }] }, { content: [{ type: "text", text: "Two." }] }] }],
  }),
  "en",
);

function refused(number: number): ExchangeRecord {
  return { number, method: "POST", path: "/nowhere", provider: undefined, stream: false, outcome: { status: 404, kind: "notFound", message: "x".repeat(100) } };
}

test("the journal keeps its newest exchanges within its budget, and counts the problems past its cap", () => {
  const journal = new Journal(fixture, serveEn, { bytes: 2_000, problems: 3 });
  for (let number = 1; number <= 1_000; number++) journal.record(refused(number));
  const kept = journal.exchanges().map(({ record }) => record.number);
  assert.ok(kept.length > 1 && kept.length < 20, `kept ${kept.length}`);
  assert.deepEqual(
    kept,
    Array.from({ length: kept.length }, (_, index) => 1_001 - kept.length + index),
  );
  assert.ok(journal.json().length <= 2_000 + 300);
  const problems = journal.problems();
  assert.deepEqual(
    problems.map(({ request }) => request),
    [1, 2, 3, undefined, undefined],
  );
  assert.equal(journal.problemsLeftOut(), 997);
  journal.reset();
  assert.deepEqual(journal.exchanges(), []);
  assert.equal(journal.problemsLeftOut(), 0);
});

test("serve --json prints each exchange as the journal keeps it: a reply, a streamed reply and a refusal", async () => {
  const run = await startServe("serve-calc", { lang: "en", json: true });
  let kept = "";
  try {
    for (const stream of [false, true]) {
      const body = JSON.stringify({ model: "fake-model", stream, messages: [{ role: "user", content: "What is 7 + 5, and 6 times 7?" }] });
      await (await fetch(`${run.url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body })).text();
    }
    await (await fetch(`${run.url}/v1/nowhere`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).text();
    kept = await (await fetch(`${run.url}/_playground/exchanges`)).text();
  } finally {
    await run.stop();
  }
  const printed = printedEvents(run.out()).filter((event) => event.type === "exchange");
  assert.equal(printed.length, 3);
  assert.deepEqual(JSON.parse(kept), printed);
});
