// What the sanitiser promises to write out, checked against a list written here from its promise
// (the doc comment of src/io/sanitize.ts, docs/command.md "Everything a fixture, a tool or a person
// supplies is data"), not against the sanitiser's own table: a character dropped from the table
// would drop out of a test that reads the table too.
import assert from "node:assert/strict";
import { test } from "node:test";
import { hasUnsafe, jsonSafe, visible } from "../../src/io/sanitize.ts";

/** Each promised group, as inclusive code point ranges. */
const promised: [string, number, number][] = [
  ["C0 controls before tab", 0x00, 0x08],
  ["C0 controls after tab (line feed, carriage return, escape…)", 0x0a, 0x1f],
  ["DEL", 0x7f, 0x7f],
  ["C1 controls (U+0085 and U+009B included)", 0x80, 0x9f],
  ["soft hyphen", 0xad, 0xad],
  ["Arabic letter mark", 0x61c, 0x61c],
  ["Mongolian vowel separator", 0x180e, 0x180e],
  ["zero width space, non-joiner, joiner", 0x200b, 0x200d],
  ["left-to-right mark", 0x200e, 0x200e],
  ["right-to-left mark", 0x200f, 0x200f],
  ["line separator, paragraph separator", 0x2028, 0x2029],
  ["bidi embeddings and overrides", 0x202a, 0x202e],
  ["word joiner and the invisible operators", 0x2060, 0x2064],
  ["bidi isolates", 0x2066, 0x2069],
  ["deprecated format controls", 0x206a, 0x206f],
  ["variation selectors", 0xfe00, 0xfe0f],
  ["zero width no-break space (byte order mark)", 0xfeff, 0xfeff],
  ["interlinear annotation controls", 0xfff9, 0xfffb],
  ["tag characters", 0xe0000, 0xe007f],
  ["variation selectors supplement", 0xe0100, 0xe01ef],
];

/** How a written-out character reads: JSON's short escapes for a line break, else each UTF-16 half as \uXXXX. */
function writtenOut(char: string): string {
  if (char === "\n") return "\\n";
  if (char === "\r") return "\\r";
  return [...Array(char.length).keys()].map((index) => `\\u${char.charCodeAt(index).toString(16).padStart(4, "0")}`).join("");
}

function* characters(): Generator<[string, string]> {
  for (const [group, low, high] of promised)
    for (let code = low; code <= high; code++) yield [`${group}: U+${code.toString(16).toUpperCase()}`, String.fromCodePoint(code)];
}

test("the sanitiser writes out U+200E, U+200F and every other character it promises to, in text and in JSON", () => {
  let checked = 0;
  for (const [name, char] of characters()) {
    const line = `a${char}b`;
    assert.ok(hasUnsafe(line), `${name}: not seen as unsafe`);
    assert.equal(visible(line), `a${writtenOut(char)}b`, `${name}: not written out`);
    const json = jsonSafe(JSON.stringify({ line }));
    assert.ok(!json.includes(char), `${name}: left raw in JSON`);
    assert.deepEqual(JSON.parse(json), { line }, `${name}: jsonSafe changed the JSON's value`);
    checked++;
  }
  assert.equal(checked, 9 + 22 + 1 + 32 + 1 + 1 + 1 + 3 + 2 + 2 + 5 + 5 + 4 + 6 + 16 + 1 + 3 + 128 + 240);
});

test("tab, and the characters next to the promised ones, are left as they are", () => {
  for (const code of [0x09, 0x20, 0x7e, 0xa0, 0xae, 0x200a, 0x2010, 0x2027, 0x202f, 0xfdff, 0xfe10, 0xfffc, 0xe0080]) {
    const char = String.fromCodePoint(code);
    assert.equal(visible(`a${char}b`), `a${char}b`, `U+${code.toString(16).toUpperCase()}`);
  }
});
