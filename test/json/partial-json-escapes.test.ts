// Streamed arguments may use every escape JSON has, `\/` included: JSON.stringify never writes it,
// so the property tests built on JSON.stringify never try it, but PHP's json_encode and other
// servers write every slash of a path or URL that way. The parser reads it as JSON.parse does,
// however the text is cut.
import assert from "node:assert/strict";
import { test } from "node:test";
import { PartialJsonParser, parsePartialJson } from "../../src/index.ts";

const streamed = String.raw`{"path":"src\/main.ts","url":"https:\/\/example.com\/a\/b","escapes":"\"\\\/\b\f\n\r\t\u002f"}`;

test("streamed arguments that escape a slash as \\/ parse to /, however the text is cut", () => {
  const expected = JSON.parse(streamed);
  assert.deepEqual(expected, { path: "src/main.ts", url: "https://example.com/a/b", escapes: '"\\/\b\f\n\r\t/' });
  assert.deepEqual(parsePartialJson(streamed), expected, "in one piece");
  for (let cut = 0; cut <= streamed.length; cut++) {
    const parser = new PartialJsonParser().push(streamed.slice(0, cut)).push(streamed.slice(cut)).end();
    assert.equal(parser.error, undefined, `cut at ${cut}: ${JSON.stringify(parser.error)}`);
    assert.equal(parser.complete, true, `cut at ${cut}`);
    assert.deepEqual(parser.value, expected, `cut at ${cut}`);
  }
  // One character at a time, as a stream of single-character deltas would bring it.
  const parser = new PartialJsonParser();
  for (const char of streamed) parser.push(char);
  assert.deepEqual(parser.end().value, expected, "a character at a time");
});

test("a string cut just after an escaped slash already shows the slash", () => {
  const cut = String.raw`{"path":"src\/`;
  assert.deepEqual(parsePartialJson(cut), { path: "src/" });
  const parser = new PartialJsonParser().push('{"path":"src\\');
  assert.equal(parser.error, undefined, "a text cut inside an escape is not an error");
  parser.push("/m");
  assert.equal(parser.error, undefined);
  assert.deepEqual(parser.value, { path: "src/m" });
});
