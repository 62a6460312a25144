// Strict fixtures (issue 9 item 4, issue 10 item 13): an unknown key anywhere names itself, its
// line:column and the nearest valid key; shape errors carry line:column too; a union lists every
// alternative; common JSON slips name their likely cause; a repeated key is an error at the second.
import assert from "node:assert/strict";
import { test } from "node:test";
import { FixtureError, parseFixture } from "../src/fixture/load-fixture.ts";
import { catalogs } from "../src/i18n/index.ts";
import { errorLine } from "../src/render/error-line.ts";

/** The one-line message the CLI prints, in English. */
function messageFor(source: string): string {
  try {
    parseFixture("f.json", source);
  } catch (error) {
    assert.ok(error instanceof FixtureError, String(error));
    return errorLine(error, "f.json", catalogs.en) ?? "";
  }
  assert.fail("expected a FixtureError");
}

const fixture = (episode: string) => `{
  "title": "t",
  "episodes": [
    {
      "user": "u",
${episode}
    }
  ]
}`;

test("misspelt keys are unknown keys with line:column and the nearest valid key", () => {
  assert.match(
    messageFor(fixture('      "maxturns": 1, "stopreason": "stop", "foo": 1,\n      "script": []')),
    /^f\.json:6:7: \$\.episodes\[0\]\.maxturns: unknown key "maxturns" — did you mean "maxTurns"\? \(expected one of: title, systemPrompt, user, tools, maxTurns, timeoutMs, toolExecution, validation, script[,)]/,
  );
  assert.match(messageFor(fixture('      "script": [{ "content": [], "stopreason": "stop" }]')), /^f\.json:6:35: \$\.episodes\[0\]\.script\[0\]\.stopreason: unknown key "stopreason" — did you mean "stopReason"\?/);
  assert.match(
    messageFor(fixture('      "script": [{ "content": [{ "type": "toolCall", "id": "c", "name": "calc", "args": {} }] }]')),
    /^f\.json:6:81: \$\.episodes\[0\]\.script\[0\]\.content\[0\]\.args: unknown key "args" — did you mean "arguments"\?/,
  );
  assert.match(messageFor('{"title": "t", "foo": 1, "episodes": []}'), /^f\.json:1:16: \$\.foo: unknown key "foo" \(expected one of: \$schema, title, description, episodes\)$/);
  assert.match(messageFor('{"title": {"zh": "z", "en": "e", "fr": "f"}, "episodes": []}'), /^f\.json:1:34: \$\.title\.fr: unknown key "fr"/);
});

test("shape errors carry line:column as well as the JSON path", () => {
  assert.equal(messageFor(fixture('      "maxTurns": "3",\n      "script": []')), 'f.json:6:19: $.episodes[0].maxTurns: expected a positive integer, got "3"');
  // A missing key is placed at the object that lacks it.
  assert.equal(messageFor(fixture('      "script": [{ "content": [{ "type": "toolCall", "id": "c", "name": "calc" }] }]')), "f.json:6:32: $.episodes[0].script[0].content[0].arguments: missing key (expected any JSON value)");
  assert.match(messageFor(fixture('      "script": [{ "content": [{ "type": "tool_call" }] }]')), /^f\.json:6:42: \$\.episodes\[0\]\.script\[0\]\.content\[0\]\.type: expected one of "text", "toolCall"(, "\w+")*, got "tool_call"$/);
});

test("a union lists every alternative", () => {
  assert.equal(messageFor('{"title": 5, "episodes": []}'), "f.json:1:11: $.title: expected a string or an object with keys zh, en, got 5");
  assert.equal(messageFor('{"episodes": []}'), "f.json:1:1: $.title: missing key (expected a string or an object with keys zh, en)");
  // An object is checked against the object alternative, which says what is wrong inside it.
  assert.equal(messageFor('{"title": {"zh": "z"}, "episodes": []}'), "f.json:1:11: $.title.en: missing key (expected a string)");
});

test("JSON slips name their likely cause", () => {
  assert.match(messageFor('{\n  "title": "t,\n  "episodes": []\n}'), /^f\.json:2:15: JSON syntax error: a string runs to the end of the line: its closing double quote is probably missing/);
  assert.match(messageFor('{\n  // the title\n  "title": "t"\n}'), /^f\.json:2:3: JSON syntax error: JSON has no comments/);
  assert.match(messageFor('{\n  "title": "t" /* note */\n}'), /^f\.json:2:16: JSON syntax error: JSON has no comments/);
  assert.match(messageFor('{\n  "title": "t",\n}'), /^f\.json:3:1: JSON syntax error: there is a comma after the last item/);
  assert.match(messageFor("{'title': 't'}"), /^f\.json:1:2: JSON syntax error: JSON strings and keys take double quotes/);
});

test("a repeated key is an error at the second occurrence, not a silent change of meaning", () => {
  // JSON.parse keeps the last "type": the toolCall below would quietly become a text block.
  const source = fixture('      "script": [{ "content": [\n        { "type": "toolCall", "id": "c", "name": "calc", "arguments": {}, "type": "text", "text": "x" }\n      ] }]');
  assert.equal(messageFor(source), 'f.json:7:75: $.episodes[0].script[0].content[0].type: the key "type" appears twice in one object; JSON would silently keep only the second');
  assert.match(messageFor('{"title": "a", "title": "b", "episodes": []}'), /^f\.json:1:16: \$\.title: the key "title" appears twice/);
});

test("every new fixture message exists in Chinese too", () => {
  for (const source of [fixture('      "maxturns": 1'), '{"title": 5, "episodes": []}', '{"title": "a", "title": "b"}', '{\n  // c\n}', '{"title": "t\n"}']) {
    try {
      parseFixture("f.json", source);
    } catch (error) {
      assert.ok(error instanceof FixtureError);
      const zh = errorLine(error, "f.json", catalogs.zh) ?? "";
      assert.match(zh, /[\u4e00-\u9fff]/, zh);
      assert.notEqual(zh, errorLine(error, "f.json", catalogs.en));
    }
  }
});
