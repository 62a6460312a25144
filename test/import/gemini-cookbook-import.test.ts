// import takes the bodies the real Gemini API answered 200 in Google's cookbook
// (test/lint/gemini-cookbook-bodies.ts): `contents` and `parts` as single objects, tools under
// their proto name, and the function response in a role "function" content, which becomes the
// call's result rather than a dropped content.
import assert from "node:assert/strict";
import { test } from "node:test";
import { importSource } from "../../src/commands/import/import-source.ts";
import { replayFixture } from "../../src/commands/import/replay-fixture.ts";
import { parseFixture } from "../../src/fixture/load-fixture.ts";
import { cookbookBodies } from "../lint/gemini-cookbook-bodies.ts";

async function imported(name: string) {
  const outcome = await importSource(JSON.stringify(cookbookBodies[name]), { title: name });
  if (!outcome.ok) assert.fail(`${name}: ${JSON.stringify(outcome.problem)} at ${outcome.pointer}`);
  assert.equal(outcome.report.format, "gemini");
  return outcome;
}

test("cookbook single-turn: one user message from a single-object contents, the tool from function_declarations", async () => {
  const { report, fixture } = await imported("single-turn");
  assert.deepEqual(report.counts, { users: 1, replies: 0, calls: 0, results: 0, tools: 1 });
  assert.match(JSON.stringify(fixture.episodes[0]), /Which theaters in Mountain View show Barbie movie\?/);
  assert.deepEqual(
    fixture.episodes[0]?.declaredTools?.map((tool) => tool.name),
    ["find_movies"],
  );
});

for (const name of ["previous-turn-response", "multiple-calls"]) {
  test(`cookbook ${name}: the role "function" response answers the call, and the conversation replays`, async () => {
    const { report, fixture } = await imported(name);
    assert.equal(report.counts.calls, 1);
    assert.equal(report.counts.results, 1);
    assert.ok(!report.notes.some((note) => note.kind === "unanswered"), "the call is answered");
    const replay = await replayFixture(parseFixture(`${name}.json`, JSON.stringify(fixture)));
    const result = replay.history.find((message) => message.role === "toolResult");
    assert.ok(result && result.role === "toolResult");
    assert.match(JSON.stringify(result.content), /AMC Mountain View 16/);
  });
}
