// Fixture files: a syntax slip gets line:column, a shape mistake gets the JSON path, and the
// locator agrees with JSON.parse on what is valid.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { findJsonSyntaxError } from "../src/fixture/json-syntax.ts";
import { FixtureError, fixtureLocation, parseFixture } from "../src/fixture/load-fixture.ts";
import { fixtureFileFor } from "../src/fixture/fixture-files.ts";

const walkthrough = readFileSync(fixtureFileFor("walkthrough"), "utf8");

/** Line and column of the first occurrence of `needle`. */
function placeOf(text: string, needle: string): { line: number; column: number } {
  const before = text.slice(0, text.indexOf(needle)).split("\n");
  return { line: before.length, column: (before[before.length - 1] ?? "").length + 1 };
}

function problemOf(source: string) {
  try {
    parseFixture("f.json", source);
  } catch (error) {
    assert.ok(error instanceof FixtureError);
    return { problem: error.problem, where: fixtureLocation(error.problem) };
  }
  assert.fail("expected a FixtureError");
}

test("the walkthrough fixture parses, with a byte-order mark too", () => {
  assert.equal(parseFixture("w.json", walkthrough).episodes.length, 5);
  assert.equal(parseFixture("w.json", `\uFEFF${walkthrough}`).episodes.length, 5);
});

test("a missing comma is reported at its line and column", () => {
  const broken = walkthrough.replace('"tools": ["calc"],', '"tools": ["calc"]');
  const { problem, where } = problemOf(broken);
  assert.equal(problem.kind, "syntax");
  const lines = broken.split("\n");
  const line = lines.findIndex((text, index) => index > 0 && lines[index - 1]?.includes('"tools": ["calc"]') === true) + 1;
  assert.deepEqual(where, { line, column: 7 });
});

test("a toolCall without name is reported by JSON path", () => {
  const broken = walkthrough.replace('"name": "calc", ', "");
  const { problem, where } = problemOf(broken);
  assert.equal(problem.kind, "shape");
  // A missing key is placed at the object that lacks it.
  assert.deepEqual(where, { ...placeOf(broken, '{ "type": "toolCall"'), path: "$.episodes[0].script[0].content[1].name" });
});

test("an unknown tool in an episode's registry lists the valid names", () => {
  const broken = walkthrough.replace('"tools": ["calc"]', '"tools": ["calculator"]');
  const { problem, where } = problemOf(broken);
  assert.equal(problem.kind, "unknownTool");
  assert.deepEqual(where, { ...placeOf(broken, '"calculator"'), path: "$.episodes[0].tools[0]" });
  if (problem.kind === "unknownTool") assert.deepEqual(problem.known, ["calc", "echo", "boom", "slow"]);
});

test("empty files, wrong types at the top and empty episode lists are shape or syntax errors", () => {
  assert.equal(problemOf("").problem.kind, "syntax");
  assert.equal(problemOf("[]").problem.kind, "shape");
  assert.deepEqual(problemOf('{"title":"t","episodes":[]}').where, { line: 1, column: 25, path: "$.episodes" });
  assert.deepEqual(problemOf('{"title":"t","episodes":[{"user":1,"script":[]}]}').where, { line: 1, column: 34, path: "$.episodes[0].user" });
});

test("the syntax locator accepts exactly what JSON.parse accepts", () => {
  const samples = ['{"a":[1,2.5e3,-0,true,false,null,"\\u00e9\\n"]}', "[1,]", '{"a":1,}', "{'a':1}", '{"a":01}', '"x', "1 2", "[[[]]]", "{}", " ", '{"a":"tab\there"}', "-", "1.", "[1e]", "nul"];
  for (const sample of samples) {
    let valid = true;
    try {
      JSON.parse(sample);
    } catch {
      valid = false;
    }
    assert.equal(findJsonSyntaxError(sample) === undefined, valid, sample);
  }
  assert.equal(findJsonSyntaxError("[".repeat(100_000) + "]".repeat(100_000)), undefined);
});
