// Bodies the real Gemini API answered 200 (Google's cookbook, gemini-cookbook-bodies.ts): lint
// must find no error in any of them, and a function name with a colon (the v1beta proto comment
// allows one) is no error.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { runCli } from "../../src/cli/cli.ts";
import { detectBodyProvider, loadAllParts } from "../../src/providers/registry.ts";
import { lintBody } from "../../src/providers/shared/lint-body.ts";
import { cookbookBodies, question } from "./gemini-cookbook-bodies.ts";

const partsOf = await loadAllParts();

function errorsOf(body: unknown): string[] {
  return lintBody(body, partsOf("gemini").rules)
    .filter((finding) => finding.severity === "error")
    .map((finding) => `${finding.rule} ${finding.pointer}`);
}

for (const [name, body] of Object.entries(cookbookBodies)) {
  test(`cookbook ${name}: a Gemini body, and no lint error`, () => {
    assert.equal(detectBodyProvider(body).provider, "gemini");
    assert.deepEqual(errorsOf(body), []);
  });
}

test("the single-object form is walked: a broken part inside it is found at its own pointer", () => {
  const body = { contents: { role: "user", parts: { text: "" } } };
  assert.deepEqual(errorsOf(body), ["empty-text /contents/parts/text"]);
});

test("proto names are read like JSON names: a bad declaration under function_declarations is found", () => {
  const body = { contents: [question], tools: [{ function_declarations: [{ name: "1find", description: "d" }] }] };
  assert.deepEqual(errorsOf(body), ["function-name /tools/0/function_declarations/0/name"]);
});

test("a function name with a colon or a dot is no error (v1beta content.proto FunctionDeclaration.name)", () => {
  const body = { contents: [question], tools: [{ functionDeclarations: [{ name: "mcp:find.theaters", description: "d" }] }] };
  assert.deepEqual(errorsOf(body), []);
});

test("lint on the single-turn body through the CLI: exit 0", async () => {
  const path = join(mkdtempSync(join(tmpdir(), "tcp-cookbook-")), "single-turn.json");
  writeFileSync(path, JSON.stringify(cookbookBodies["single-turn"], null, 2));
  let out = "";
  const code = await runCli(["--lang", "en", "lint", path], { out: (text) => (out += text), err: (text) => (out += text), env: {}, isTTY: false });
  assert.equal(code, 0, out);
  assert.match(out, /gemini request body, 0 errors/);
});

// Where ../shared is present, the transcription itself is linted too: the cases above must not
// have drifted from what the cookbook sends. (The cases above are the guarantee; this is a check.)
const shared = new URL("../../../shared/specs/google/examples/cookbook-function-calling-rest.json", import.meta.url);
test("the cookbook's own transcribed bodies (../shared/specs) lint with no error", { skip: !existsSync(shared) && "no ../shared/specs here" }, () => {
  const examples: { name: string; body: unknown }[] = JSON.parse(readFileSync(shared, "utf8")).examples;
  assert.equal(examples.length, 3);
  for (const example of examples) {
    assert.equal(detectBodyProvider(example.body).provider, "gemini", example.name);
    assert.deepEqual(errorsOf(example.body), [], example.name);
  }
});
