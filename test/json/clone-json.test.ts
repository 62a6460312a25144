// cloneJson: a copy that shares nothing with the original, keeps a "__proto__" key a key (flat or
// nested), keeps shared values shared, and survives nesting no recursive copy could.
import assert from "node:assert/strict";
import { test } from "node:test";
import { cloneJson } from "../../src/json/clone-json.ts";

test("a flat value and a nested one are copied, a __proto__ key staying an own key", () => {
  for (const text of ['{"__proto__":"p","a":1,"b":null}', '{"outer":{"__proto__":{"polluted":true}},"list":[1,"two",{"__proto__":3}]}', '[1,"a",true]']) {
    const original: unknown = JSON.parse(text);
    const copy = cloneJson(original);
    assert.notEqual(copy, original);
    assert.equal(JSON.stringify(copy), text);
    assert.deepEqual(copy, original);
  }
  const flat = cloneJson(JSON.parse('{"__proto__":"p"}'));
  assert.equal(Object.getPrototypeOf(flat), Object.prototype);
  assert.deepEqual(Object.keys(flat), ["__proto__"]);
});

test("the copy shares nothing, and a value shared inside the original is shared inside the copy", () => {
  const shared = { x: 1 };
  const original = { a: shared, b: shared, list: [[1], [2]] };
  const copy = cloneJson(original);
  assert.notEqual(copy.a, shared);
  assert.equal(copy.a, copy.b);
  copy.list[0]?.push(9);
  assert.deepEqual(original.list[0], [1]);
});

test("nesting ten thousand deep is copied without overflowing the stack", () => {
  let deep: unknown = "bottom";
  for (let level = 0; level < 10_000; level++) deep = [deep];
  let copy: unknown = cloneJson(deep);
  let levels = 0;
  for (let original = deep; Array.isArray(original) && Array.isArray(copy); levels++) {
    assert.notEqual(copy, original);
    [original] = original;
    [copy] = copy;
  }
  assert.equal(levels, 10_000);
  assert.equal(copy, "bottom");
});
