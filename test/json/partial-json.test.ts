// The partial-JSON parser: after any fragmenting, a whole text gives exactly what JSON.parse gives;
// a cut text gives the best value so far; text that is not JSON is an error with its offset, and
// the parser agrees with JSON.parse on which texts are JSON.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { type JsonChange, type JsonPathSegment, PartialJsonParser, parsePartialJson } from "../../src/json/partial-json.ts";
import { propertyRuns } from "../property-runs.ts";

/** Cuts `text` at the given positions (sorted, deduplicated). */
function fragments(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let previous = 0;
  for (const point of [...points, text.length]) {
    pieces.push(text.slice(previous, point));
    previous = point;
  }
  return pieces;
}

test("a whole text in any fragments parses to what JSON.parse gives", () => {
  fc.assert(
    fc.property(fc.jsonValue(), fc.array(fc.nat(), { maxLength: 12 }), fc.boolean(), (value, cuts, spaced) => {
      const text = JSON.stringify(value, null, spaced ? 2 : undefined);
      const parser = new PartialJsonParser();
      for (const piece of fragments(text, cuts)) parser.push(piece);
      parser.end();
      assert.equal(parser.error, undefined);
      assert.equal(parser.complete, true);
      assert.deepEqual(parser.value, JSON.parse(text));
    }),
    { numRuns: propertyRuns(500) },
  );
});

test("agrees with JSON.parse on which texts are JSON", () => {
  const nearlyJson = fc
    .tuple(fc.jsonValue(), fc.nat(), fc.constantFrom("", "x", ",", "]", "}", '"', "\\", "\n", "0", "-", ".", "e", "tru"))
    .map(([value, at, insert]) => {
      const text = JSON.stringify(value);
      const point = at % (text.length + 1);
      return text.slice(0, point) + insert + text.slice(point);
    });
  fc.assert(
    fc.property(fc.oneof(nearlyJson, fc.string()), (text) => {
      let expected: unknown;
      let valid = true;
      try {
        expected = JSON.parse(text);
      } catch {
        valid = false;
      }
      const parser = new PartialJsonParser().push(text).end();
      const accepted = parser.complete && parser.error === undefined;
      // A cut text is not an error, only incomplete: JSON.parse rejects it, and so does `complete`.
      assert.equal(accepted, valid, text);
      if (valid) assert.deepEqual(parser.value, expected);
    }),
    { numRuns: propertyRuns(2000) },
  );
});

test("a cut text gives the best value known so far and names the leaf still growing", () => {
  const parser = new PartialJsonParser().push('{"a":12');
  assert.deepEqual(parser.value, { a: 12 });
  assert.equal(parser.growing, "number");
  parser.push('3,"b":"hel');
  assert.deepEqual(parser.value, { a: 123, b: "hel" });
  assert.equal(parser.growing, "string");
  parser.push('lo\\n", "c": [1, tr');
  assert.deepEqual(parser.value, { a: 123, b: "hello\n", c: [1, true] });
  assert.equal(parser.growing, "literal");
  parser.push('ue], "d');
  // A key still arriving shows nothing, nor does a key with no value yet.
  assert.deepEqual(parser.value, { a: 123, b: "hello\n", c: [1, true] });
  assert.equal(parser.growing, undefined);
  parser.push('":');
  assert.deepEqual(parser.value, { a: 123, b: "hello\n", c: [1, true] });
  parser.push("-");
  assert.deepEqual(parser.value, { a: 123, b: "hello\n", c: [1, true] });
  parser.push("4.5e}");
  // The whole text read so far ends in "-4.5e}": the bad number's last character is the offset.
  assert.equal(parser.error?.offset, parser.length - 2);
  assert.equal(parser.complete, false);
  assert.deepEqual(parsePartialJson('{"x": {"y": [ "\\u00e'), { x: { y: [""] } });
  assert.deepEqual(parsePartialJson(""), undefined);
  assert.deepEqual(parsePartialJson("12"), 12);
});

test("__proto__ is an own key, as JSON.parse makes it, never the prototype", () => {
  const value = parsePartialJson('{"__proto__": {"polluted": true}, "a": 1}');
  assert.deepEqual(value, JSON.parse('{"__proto__": {"polluted": true}, "a": 1}'));
  assert.equal(Object.getPrototypeOf(value), Object.prototype);
  assert.equal(Object.hasOwn(value as object, "__proto__"), true);
});

test("nesting ten thousand levels deep needs no recursion", () => {
  const depth = 10_000;
  const parser = new PartialJsonParser().push("[".repeat(depth)).push("]".repeat(depth));
  assert.equal(parser.complete, true);
});

/** A copy of the value kept only from the parser's changes, as a UI would keep its own. */
class Replica {
  root: unknown = undefined;
  apply(changes: readonly JsonChange[]): void {
    for (const change of changes) {
      const value = change.kind === "open" ? (change.container === "array" ? [] : {}) : change.kind === "set" ? change.value : undefined;
      if (change.kind === "append") {
        const before = this.#get(change.path);
        assert.equal(typeof before, "string", "append follows a set of the same string");
        this.#put(change.path, `${before}${change.text}`);
      } else this.#put(change.path, value);
    }
  }
  #get(path: readonly JsonPathSegment[]): unknown {
    let node: unknown = this.root;
    for (const segment of path) node = typeof node === "object" && node !== null ? Reflect.get(node, segment) : undefined;
    return node;
  }
  #put(path: readonly JsonPathSegment[], value: unknown): void {
    if (path.length === 0) {
      this.root = value;
      return;
    }
    const parent = this.#get(path.slice(0, -1));
    assert.ok(typeof parent === "object" && parent !== null, "a change's parent was opened first");
    Object.defineProperty(parent, path[path.length - 1] ?? "", { value, enumerable: true, writable: true, configurable: true });
  }
}

test("changes: applying what each push changed rebuilds the value, fragment by fragment", () => {
  const texts = [
    '{"a":12,"b":[1,"two",{"c":null,"d":true}],"e":"x\\n\\u00e9\\"y","f":-3.5e2,"g":[],"h":{}}',
    '["long string that grows over many fragments", 123456789, false, [[["deep"]]]]',
    '"top-level string"',
    "42",
    '{"__proto__":"kept","k":""}',
  ];
  for (const text of texts) {
    for (const size of [1, 2, 3, 7, 1000]) {
      const parser = new PartialJsonParser();
      const replica = new Replica();
      for (let at = 0; at < text.length; at += size) {
        parser.push(text.slice(at, at + size));
        replica.apply(parser.changes);
        assert.deepEqual(replica.root, parser.value, `${text} in ${size}-character fragments, after ${at + size}`);
      }
      parser.end();
      replica.apply(parser.changes);
      assert.deepEqual(replica.root, JSON.parse(text));
    }
  }
});

test("changes: a growing string reports only what each push appended", () => {
  const parser = new PartialJsonParser().push('{"text":"ab');
  assert.deepEqual(parser.changes, [
    { kind: "open", path: [], container: "object" },
    { kind: "set", path: ["text"], value: "ab" },
  ]);
  parser.push("cd");
  assert.deepEqual(parser.changes, [{ kind: "append", path: ["text"], text: "cd" }]);
  parser.push('e"}');
  assert.deepEqual(parser.changes, [{ kind: "append", path: ["text"], text: "e" }]);
  parser.push(" ");
  assert.deepEqual(parser.changes, [], "nothing changed");
});
