// `tool-call-playground lint`: the output format (file:line:column  pointer  rule  error  fix),
// --json, --provider, --strict, stdin, the exit codes 0 / 1 / 2, and --lang (Chinese by default,
// the provider's own text kept as it is), run through the real CLI.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { runCli } from "../../src/cli/cli.ts";

const scratch = mkdtempSync(join(tmpdir(), "tcp-lint-"));

function file(name: string, content: unknown): string {
  const path = join(scratch, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  return path;
}

/** The command line as typed, without the English these behaviour tests read. */
async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runCli(args, { out: (text) => (out += text), err: (text) => (err += text), env: {}, isTTY: false });
  return { code, out, err };
}

/** `lint …` in English (the main command's --lang, before the subcommand). */
function lint(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return cli(["--lang", "en", "lint", ...args]);
}

const answered = {
  model: "m",
  max_tokens: 1024,
  messages: [
    { role: "user", content: "1?" },
    { role: "assistant", content: [{ type: "tool_use", id: "call_1", name: "calc", input: { a: 1 } }] },
    { role: "user", content: [{ type: "tool_result", tool_use_id: "call_1", content: "1" }] },
  ],
};
const unanswered = { ...answered, messages: answered.messages.slice(0, 2) };

test("a clean body: exit 0 and a summary line", async () => {
  const result = await lint(file("clean.json", answered));
  assert.equal(result.code, 0, result.err);
  assert.match(result.out, /clean\.json: anthropic request body, 0 errors, 0 warnings\n$/);
});

test("a finding: file:line:column of the value, the pointer, the rule, the provider's text and the fix; exit 1", async () => {
  const path = file("unanswered.json", unanswered);
  const result = await lint(path);
  assert.equal(result.code, 1);
  const [line] = result.out.split("\n");
  // JSON.stringify(…, null, 2) puts messages[1].content[0] on line 12, column 9.
  assert.equal(
    line,
    `${path}:12:9  /messages/1/content/0  anthropic/tool-use-without-result  messages.1: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: call_1. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.  fix: send one tool_result per tool_use (same id) in the next user message, before anything else; answer a call you did not run with is_error and a text`,
  );
});

test("--json prints one JSON document with the located findings", async () => {
  const result = await lint(file("unanswered.json", unanswered), "--json");
  assert.equal(result.code, 1);
  const parsed: unknown = JSON.parse(result.out);
  assert.ok(typeof parsed === "object" && parsed !== null && "findings" in parsed && Array.isArray(parsed.findings));
  assert.deepEqual(
    parsed.findings.map((finding: { rule: string; pointer: string; line: number; column: number }) => [
      finding.rule,
      finding.pointer,
      finding.line,
      finding.column,
    ]),
    [["tool-use-without-result", "/messages/1/content/0", 12, 9]],
  );
});

test("--provider overrides the detected shape", async () => {
  const result = await lint(file("anthropic-as-chat.json", answered), "--provider", "openai-chat");
  assert.match(result.out, /openai-chat request body/);
});

test("warnings print but pass; --strict fails on them", async () => {
  // The call ran (its tool_result is not flagged is_error) although its input lacks the required "b".
  const wrongArguments = {
    ...answered,
    tools: [
      { name: "calc", description: "d", input_schema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["b"] } },
    ],
  };
  const path = file("warning.json", wrongArguments);
  const relaxed = await lint(path);
  assert.equal(relaxed.code, 0);
  assert.match(relaxed.out, /anthropic\/arguments-schema \(warning\)/);
  assert.equal((await lint(path, "--strict")).code, 1);
});

test("not a request body: exit 2 and one line saying why", async () => {
  const cases: [string, RegExp][] = [
    [file("broken.json", '{"messages": [1,]}'), /broken\.json: not a request body: 1:17: not valid JSON/],
    [file("array.json", [1, 2]), /the top level is an array/],
    [file("other.json", { prompt: "hi" }), /no `messages` \(OpenAI Chat, Anthropic\), `input` \(OpenAI Responses\) or `contents` \(Gemini\)/],
    [join(scratch, "missing.json"), /missing\.json: not a request body: no such file/],
    [scratch, /not a regular file/],
  ];
  for (const [path, pattern] of cases) {
    const result = await lint(path);
    assert.equal(result.code, 2, path);
    assert.equal(result.out, "");
    assert.equal(result.err.trimEnd().split("\n").length, 1);
    assert.match(result.err, pattern);
  }
});

test("ids from the body are data: control characters are shown escaped, never emitted", async () => {
  const hostile = JSON.parse(JSON.stringify(unanswered));
  hostile.messages[1].content[0].id = "call_\u001b]0;pwned\u0007\u202e";
  const result = await lint(file("hostile.json", hostile));
  assert.doesNotMatch(result.out, /[\u001b\u0007\u202e]/);
  assert.match(result.out, /call_\\u001b\]0;pwned\\u0007\\u202e/);
});

test('"-" reads the body from stdin (the real binary)', async () => {
  const child = spawn(process.execPath, [join(projectRoot, "bin", "tool-call-playground"), "lint", "-"], { cwd: projectRoot });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stdin.end(JSON.stringify({ model: "m", input: [{ type: "function_call", call_id: "c1", name: "calc", arguments: "{}" }] }));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  assert.equal(code, 1);
  assert.match(out, /^<stdin>:1:\d+ {2}\/input\/0 {2}openai-responses\/call-without-output {2}No tool output found for function call c1\./);
});

test("a usage mistake is one line and exit 2, in process (no process.exit)", async () => {
  for (const args of [["x.json", "--provider", "foo"], []]) {
    const result = await lint(...args);
    assert.equal(result.code, 2, args.join(" "));
    assert.equal(result.err.trimEnd().split("\n").length, 1, result.err);
    assert.match(result.err, /^error: /);
  }
  assert.equal((await lint("--help")).code, 0);
});

test("--lang: Chinese by default, English when asked before or after `lint`; the provider's text stays as it is", async () => {
  const path = file("unanswered.json", unanswered);
  const providerText = "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: call_1.";
  const chinese = await cli(["lint", path]);
  assert.equal(chinese.code, 1);
  assert.match(chinese.out, /unanswered\.json: anthropic 的请求体，1 个错误，0 个警告\n$/);
  assert.ok(chinese.out.includes(providerText), "the provider's error text is quoted, not translated");
  assert.match(chinese.out, / {2}修正：在下一条 user 消息的最前面，为每个 tool_use 发一个 tool_result/);
  for (const args of [
    ["--lang", "en", "lint", path],
    ["lint", path, "--lang", "en"],
    ["--lang", "zh", "lint", path, "--lang", "en"],
  ]) {
    const english = await cli(args);
    assert.match(english.out, /unanswered\.json: anthropic request body, 1 error, 0 warnings\n$/, args.join(" "));
    assert.ok(english.out.includes(providerText));
    assert.doesNotMatch(english.out, /[\u4e00-\u9fff]/, args.join(" "));
  }
});

test("--lang: lint's error lines follow it too (a file that is not a body, one that is no provider's)", async () => {
  const broken = file("broken-lang.json", '{"messages": [1,]}');
  const other = file("other-lang.json", { prompt: "hi" });
  assert.match((await cli(["lint", broken])).err, /^.*broken-lang\.json: 不是请求体：1:17：不是有效的 JSON（trailingComma，位于 "\]"）\n$/);
  assert.match((await cli(["lint", broken, "--lang", "en"])).err, /broken-lang\.json: not a request body: 1:17: not valid JSON \(trailingComma at "\]"\)\n$/);
  assert.match((await cli(["lint", join(scratch, "missing.json")])).err, /missing\.json: 不是请求体：没有这个文件\n$/);
  assert.match(
    (await cli(["lint", other])).err,
    /other-lang\.json: 不是任何服务商的请求体：顶层没有 `messages`（OpenAI Chat、Anthropic）、`input`（OpenAI Responses） 或 `contents`（Gemini）\n$/,
  );
  assert.match((await cli(["--lang", "en", "lint", other])).err, /other-lang\.json: not a request body of any provider: no `messages`/);
});

test("--json is data only: the same document whatever --lang says", async () => {
  const path = file("unanswered-json.json", unanswered);
  const chinese = await cli(["lint", path, "--json"]);
  const english = await cli(["lint", path, "--json", "--lang", "en"]);
  assert.equal(chinese.code, 1);
  assert.equal(chinese.out, english.out);
  assert.doesNotMatch(chinese.out, /[\u4e00-\u9fff]/);
});
