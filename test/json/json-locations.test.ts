// The JSON location scanner: positions of values and keys by JSON pointer, the first duplicate key,
// deep nesting without recursion, and agreement with JSON.parse's own reading of the text.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { findDuplicateKey, fromJsonPointer, locateJsonPointers, scanJson, toJsonPointer } from "../../src/json/json-locations.ts";
import { propertyRuns } from "../property-runs.ts";

test("values and keys are located by pointer, with 1-based line and UTF-16 column", () => {
  const text = '{\n  "a": [1, {"b/c": "é😀", "~x": null}],\n\t"d": {}\n}';
  const found = locateJsonPointers(text, ["", "/a", "/a/0", "/a/1", "/a/1/b~1c", "/a/1/~0x", "/d", "/missing", "/a/7"]);
  assert.deepEqual(found.get(""), { value: { line: 1, column: 1, offset: 0 } });
  assert.deepEqual(found.get("/a"), { key: { line: 2, column: 3, offset: 4 }, value: { line: 2, column: 8, offset: 9 } });
  assert.deepEqual(found.get("/a/0")?.value, { line: 2, column: 9, offset: 10 });
  assert.equal(found.get("/a/0")?.key, undefined);
  assert.deepEqual(found.get("/a/1/b~1c")?.key, { line: 2, column: 13, offset: 14 });
  // "é😀" is three UTF-16 units, so "~x" starts three columns later than its characters suggest.
  const tilde = text.indexOf('"~x"');
  assert.deepEqual(found.get("/a/1/~0x")?.key, { line: 2, column: tilde - text.indexOf("\n"), offset: tilde });
  assert.deepEqual(found.get("/d"), { key: { line: 3, column: 2, offset: text.indexOf('"d"') }, value: { line: 3, column: 7, offset: text.indexOf("{}") } });
  assert.equal(found.has("/missing"), false);
  assert.equal(found.has("/a/7"), false);
});

/** The JSON pointer of every value in `value`, itself included. */
function everyPointer(value: unknown): string[] {
  const pointers: string[] = [];
  const stack: [unknown, (string | number)[]][] = [[value, []]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, path] = next;
    pointers.push(toJsonPointer(path));
    if (Array.isArray(item)) item.forEach((child: unknown, index) => stack.push([child, [...path, index]]));
    else if (item !== null && typeof item === "object") for (const [key, child] of Object.entries(item)) stack.push([child, [...path, key]]);
  }
  return pointers;
}

test("every pointer of a generated value lands where its text starts", () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 4 }), fc.boolean(), (value, pretty) => {
      const text = JSON.stringify(value, null, pretty ? 2 : undefined);
      const pointers = everyPointer(value);
      const found = locateJsonPointers(text, pointers);
      for (const pointer of pointers) {
        const location = found.get(pointer);
        assert.ok(location, pointer);
        // Parsing from the located offset yields the value the pointer names.
        const expected = fromJsonPointer(pointer).reduce<unknown>((at, token) => (at as Record<string, unknown>)[token], value);
        const rest = text.slice(location.value.offset);
        assert.equal(rest.startsWith(JSON.stringify(expected, null, pretty ? 2 : undefined).split("\n")[0] ?? ""), true, pointer);
        const before = text.slice(0, location.value.offset).split("\n");
        assert.equal(location.value.line, before.length);
        assert.equal(location.value.column, (before[before.length - 1] ?? "").length + 1);
      }
    }),
    { numRuns: propertyRuns(300) },
  );
});

test("one pointer alone is located where it is among them all: the containers it skips still count their lines", () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 4 }), fc.nat(), (value, pick) => {
      const text = JSON.stringify(value, null, 2);
      const pointers = everyPointer(value);
      const pointer = pointers[pick % pointers.length] ?? "";
      assert.deepEqual(locateJsonPointers(text, [pointer]).get(pointer), locateJsonPointers(text, pointers).get(pointer), pointer);
    }),
    { numRuns: propertyRuns(300) },
  );
  // A repeated key is located at its last occurrence, after a container stepped over between them.
  const text = '{"a": 1,\n "skip": {"x": [1,\n 2]},\n "a": 2}';
  assert.deepEqual(locateJsonPointers(text, ["/a"]).get("/a")?.value, { line: 4, column: 7, offset: text.lastIndexOf("2") });
});

test("the first duplicate key is reported at its second occurrence, with the member's pointer", () => {
  const text = '{"a": {"x": 1,\n  "y": 2, "x": 3}, "b": 1, "b": 2}';
  const duplicate = findDuplicateKey(text);
  assert.deepEqual(duplicate, {
    key: "x",
    pointer: "/a/x",
    position: { line: 2, column: 11, offset: text.lastIndexOf('"x"') },
    first: { line: 1, column: 8, offset: 7 },
  });
  assert.equal(findDuplicateKey('{"a": 1, "b": {"a": 2}}'), undefined);
  assert.equal(findDuplicateKey('[{"a": 1}, {"a": 2}]'), undefined);
  // Escapes are decoded before comparing, as JSON.parse does.
  assert.equal(findDuplicateKey('{"a": 1, "\\u0061": 2}')?.key, "a");
  assert.equal(findDuplicateKey('[0, {"k": [1, {"__proto__": 1, "__proto__": 2}]}]')?.pointer, "/1/k/1/__proto__");
});

test("a repeated key is located at its last occurrence, the one JSON.parse keeps", () => {
  const text = '{"a": 1, "a": 2}';
  assert.equal(locateJsonPointers(text, ["/a"]).get("/a")?.value.offset, text.indexOf("2"));
  assert.equal(scanJson(text, ["/a"]).duplicate?.key, "a");
});

test("10,000-deep nesting neither overflows nor loses the innermost value", () => {
  const depth = 10_000;
  const text = `${'{"k":'.repeat(depth)}1${"}".repeat(depth)}`;
  const pointer = "/k".repeat(depth);
  assert.equal(locateJsonPointers(text, [pointer]).get(pointer)?.value.offset, 5 * depth);
  const arrays = "[".repeat(depth) + "]".repeat(depth);
  assert.equal(locateJsonPointers(arrays, ["/0".repeat(depth - 1)]).get("/0".repeat(depth - 1))?.value.offset, depth - 1);
  assert.equal(findDuplicateKey(`${'{"d":'.repeat(depth)}{"z":1,"z":2}${"}".repeat(depth)}`)?.pointer, `${"/d".repeat(depth)}/z`);
});

test("malformed text ends the scan without throwing or looping", () => {
  for (const text of ["", "{", '{"a"', '{"a":', '{"a":1,', "[1,", '"x', "{]", '{"a" 1}', "}", "[,]", "\uFEFF[1]"]) {
    assert.doesNotThrow(() => scanJson(text, ["", "/a", "/0"]), text);
  }
  assert.equal(locateJsonPointers("\uFEFF[1]", ["/0"]).get("/0")?.value.column, 3);
});

test("pointer helpers escape ~ and / both ways", () => {
  assert.equal(toJsonPointer([]), "");
  assert.equal(toJsonPointer(["a/b", "c~d", 3]), "/a~1b/c~0d/3");
  assert.deepEqual(fromJsonPointer("/a~1b/c~0d/3"), ["a/b", "c~d", "3"]);
  assert.deepEqual(fromJsonPointer("/"), [""]);
});
