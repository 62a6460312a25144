// diffJson: where two JSON values differ, as pointers in the source's key order then the replay's
// own keys; key order aside, array order counted; deep nesting without recursion; capped.
import assert from "node:assert/strict";
import { test } from "node:test";
import { diffJson } from "../../src/commands/import/json-diff.ts";

test("differences are listed by pointer: changed, missing and added keys, array elements, escaped tokens", () => {
  const source = { a: 1, b: { "x/y": [1, 2, 3], keep: true }, gone: "s" };
  const replay = { b: { keep: true, "x/y": [1, 9] }, a: 1, added: null };
  assert.deepEqual(diffJson(source, replay), [
    { pointer: "/b/x~1y/1", source: 2, replay: 9 },
    { pointer: "/b/x~1y/2", source: 3, replay: undefined },
    { pointer: "/gone", source: "s", replay: undefined },
    { pointer: "/added", source: undefined, replay: null },
  ]);
  assert.deepEqual(diffJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }), [], "key order and equal values: no difference");
  assert.deepEqual(diffJson(1, "1"), [{ pointer: "", source: 1, replay: "1" }], "a difference at the root has the empty pointer");
});

test("the list stops at the limit, and 10,000-deep nesting is compared without overflowing", () => {
  const many = diffJson(
    Array.from({ length: 50 }, (_, index) => index),
    [],
    10,
  );
  assert.equal(many.length, 10);
  assert.equal(many[0]?.pointer, "/0");
  let a: unknown = 1;
  let b: unknown = 2;
  for (let level = 0; level < 10_000; level++) {
    a = { d: a };
    b = { d: b };
  }
  assert.equal(diffJson(a, b)[0]?.pointer, "/d".repeat(10_000));
});
