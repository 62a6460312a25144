// How deeply a JSON text nests is found by one pass over the text, before anything parses or walks
// it: a document 100,000 levels deep is caught at the level past the limit, with its place, and
// one 1,000,000 keys wide is no deeper than one level, found in a pass that builds nothing.
import assert from "node:assert/strict";
import { test } from "node:test";
import { jsonTooDeep, MAX_JSON_DEPTH } from "../../src/json/json-depth.ts";

test("a document 100,000 levels deep is too deep at the level past the limit, with its line and column", () => {
  const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
  assert.deepEqual(jsonTooDeep(deep), { line: 1, column: MAX_JSON_DEPTH + 1, limit: MAX_JSON_DEPTH });
  // Inside a string, brackets open nothing.
  assert.equal(jsonTooDeep(JSON.stringify({ text: "[".repeat(100_000) })), undefined);
});

test("a document 1,000,000 keys wide is as deep as its deepest value, found in one pass", () => {
  const parts: string[] = [];
  for (let index = 0; index < 1_000_000; index++) parts.push(`"k${index}":{}`);
  const wide = `{${parts.join(",")}}`;
  assert.equal(jsonTooDeep(wide), undefined);
  // Two levels: the first key's value is where a limit of one is passed.
  assert.deepEqual(jsonTooDeep(wide, 1), { line: 1, column: 7, limit: 1 });
});
