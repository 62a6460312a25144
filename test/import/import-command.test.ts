// `tool-call-playground import`: each of the five formats imports (the committed examples are what
// the importer writes), replays, and is narrated; malformed input gets one line with
// file:line:column and the pointer, exit 1, and nothing written; a Pi session's branches.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { importedFixtures, projectRoot } from "../../scripts/goldens.ts";
import { runCli } from "../../src/cli/cli.ts";
import { replayFixture } from "../../src/commands/import/replay-fixture.ts";
import { parseFixture } from "../../src/fixture/load-fixture.ts";

const scratch = mkdtempSync(join(tmpdir(), "tcp-import-"));
const logs = join(projectRoot, "fixtures", "imported", "logs");

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runCli(argv, { out: (text) => (out += text), err: (text) => (err += text), env: {}, isTTY: false });
  return { code, out, err };
}

function withoutSchemaKey(text: string): unknown {
  const { $schema: _schema, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return rest;
}

const logFiles: Record<string, string> = {
  "openai-chat-weather": "openai-chat-weather.json",
  "openai-responses-files": "openai-responses-files.json",
  "anthropic-deploy": "anthropic-deploy.json",
  "gemini-recipes": "gemini-recipes.json",
  "pi-session-checkout": "pi-session-checkout.jsonl",
};

test("there is one example per format", () => {
  const names = importedFixtures().map(({ name }) => name);
  assert.deepEqual(names.sort(), Object.keys(logFiles).sort());
});

for (const [name, log] of Object.entries(logFiles)) {
  test(`import ${log}: exit 0, the committed example is what it writes, and it replays`, async () => {
    const output = join(scratch, `${name}.json`);
    const result = await cli("--lang", "en", "import", join(logs, log), "-o", output);
    assert.equal(result.code, 0, result.err);
    assert.match(result.out, /wrote /);
    const written = readFileSync(output, "utf8");
    assert.deepEqual(withoutSchemaKey(written), withoutSchemaKey(readFileSync(join(projectRoot, "fixtures", "imported", `${name}.json`), "utf8")));
    const replay = await replayFixture(parseFixture(output, written));
    assert.ok(replay.history.length > 4, "the conversation replays");
    // Several user turns, as a real session has.
    assert.ok(replay.history.filter((message) => message.role === "user").length >= 2);
  });
}

test("without -o the fixture goes to stdout and the report to stderr", async () => {
  const result = await cli("--lang", "en", "import", join(logs, "gemini-recipes.json"));
  assert.equal(result.code, 0);
  assert.ok(parseFixture("stdout.json", result.out).episodes[0]?.awaitingReply);
  assert.match(result.err, /^.*gemini-recipes\.json: gemini \(detected from its shape\)/);
});

test("--from overrides detection", async () => {
  const result = await cli("--lang", "en", "import", join(logs, "gemini-recipes.json"), "--from", "anthropic");
  assert.equal(result.code, 1);
  assert.match(result.err, /gemini-recipes\.json:1:1: \/messages: messages must be an array/);
});

const malformed: [string, string, RegExp][] = [
  ["not JSON", '{"messages": [\n  {"role": "user", "content": "hi"},\n]}', /^bad\.json:3:1: not valid JSON \(trailingComma\)$/],
  ["an unknown shape", '{"prompt": "hi"}', /^bad\.json: \/: unknown shape: no `messages`/],
  [
    "a call without an id",
    '{"model":"m","messages":[{"role":"user","content":"x"},{"role":"assistant","tool_calls":[{"type":"function","function":{"name":"f","arguments":"{}"}}]}]}',
    /^bad\.json:1:90: \/messages\/1\/tool_calls\/0\/id: a call without an id/,
  ],
  [
    "a result for an unknown call",
    '{"model":"m","max_tokens":9,"messages":[{"role":"user","content":"x"},{"role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"f","input":{}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_9","content":"?"}]}]}',
    /^bad\.json:1:\d+: \/messages\/2\/content\/0\/tool_use_id: a result for an unknown call: no earlier tool call has the id "toolu_9"$/,
  ],
  [
    "a Pi session with a broken line",
    '{"type":"session","version":3,"id":"s"}\n{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":"x"}}\n{"type":"message", oops}\n',
    /^bad\.json:3:20: \/?:? ?not valid JSON/,
  ],
  [
    "a Pi result for an unknown call",
    '{"type":"session","version":3,"id":"s"}\n{"type":"message","id":"a","parentId":null,"message":{"role":"toolResult","toolCallId":"nope","toolName":"f","content":[],"isError":false}}\n',
    /^bad\.json:2:\d+: \/message\/toolCallId: a result for an unknown call/,
  ],
];

for (const [what, text, pattern] of malformed) {
  test(`malformed input, ${what}: one line with the place, exit 1, nothing written`, async () => {
    const input = join(scratch, "bad.json");
    writeFileSync(input, text);
    const output = join(scratch, `out-${what.replaceAll(" ", "-")}.json`);
    const previous = process.cwd();
    process.chdir(scratch);
    try {
      const result = await cli("--lang", "en", "import", "bad.json", "-o", output);
      assert.equal(result.code, 1);
      assert.equal(result.out, "");
      assert.equal(result.err.trimEnd().split("\n").length, 1, result.err);
      assert.match(result.err.trimEnd(), pattern);
      assert.equal(existsSync(output), false, "nothing is written");
    } finally {
      process.chdir(previous);
    }
  });
}

test("a Pi session: the branch ending at the last entry is imported, the others are named, --branch picks one", async () => {
  const session = join(logs, "pi-session-checkout.jsonl");
  const main = await cli("--lang", "en", "import", session, "-o", join(scratch, "main.json"));
  assert.match(main.out, /branches \(2; --branch <id> picks another\):\n {4}b8f0a2c4 {2}8 entries\n {2}\* b4f6a8c0 {2}12 entries {2}\(imported\)/);
  const other = await cli("--lang", "en", "import", session, "--branch", "b8f0a2c4", "-o", join(scratch, "other.json"));
  assert.equal(other.code, 0, other.err);
  const history = (await replayFixture(parseFixture("other.json", readFileSync(join(scratch, "other.json"), "utf8")))).history;
  const last = history[history.length - 1];
  assert.equal(last?.role, "assistant");
  assert.deepEqual(last?.role === "assistant" ? last.content : undefined, [{ type: "text", text: "I'd rather not hide the bug in the test." }]);
  const missing = await cli("--lang", "en", "import", session, "--branch", "nope", "-o", join(scratch, "none.json"));
  assert.equal(missing.code, 1);
  assert.match(missing.err, /no entry has the id "nope" \(branch leaves: b8f0a2c4, b4f6a8c0\)/);
});

test("a version 1 Pi session (linear, no ids) imports in file order", async () => {
  const input = join(scratch, "v1.jsonl");
  writeFileSync(
    input,
    [
      { type: "session", id: "old", timestamp: "2024-11-01T10:00:00.000Z", cwd: "/x" },
      { type: "message", timestamp: "2024-11-01T10:00:01.000Z", message: { role: "user", content: "hi", timestamp: 1 } },
      {
        type: "message",
        timestamp: "2024-11-01T10:00:02.000Z",
        message: { role: "assistant", content: [{ type: "toolCall", id: "c1", name: "ls", arguments: {} }], stopReason: "toolUse", timestamp: 2 },
      },
      {
        type: "message",
        timestamp: "2024-11-01T10:00:03.000Z",
        message: { role: "toolResult", toolCallId: "c1", toolName: "ls", content: [{ type: "text", text: "a b" }], isError: false, timestamp: 3 },
      },
      {
        type: "message",
        timestamp: "2024-11-01T10:00:04.000Z",
        message: { role: "assistant", content: [{ type: "text", text: "two files" }], stopReason: "stop", timestamp: 4 },
      },
    ]
      .map((entry) => JSON.stringify(entry))
      .join("\n"),
  );
  const result = await cli("--lang", "en", "import", input, "-o", join(scratch, "v1.json"));
  assert.equal(result.code, 0, result.err);
  const { history } = await replayFixture(parseFixture("v1.json", readFileSync(join(scratch, "v1.json"), "utf8")));
  assert.deepEqual(
    history.map((message) => message.role),
    ["user", "assistant", "toolResult", "assistant"],
  );
  const result2 = history[2];
  assert.deepEqual(result2?.role === "toolResult" ? result2.content : undefined, [{ type: "text", text: "a b" }]);
});

test("hostile nesting: arguments 3,000 deep import; a schema 3,000 deep is refused as it is read, at the nesting limit every command shares — one line, exit 1", async () => {
  const depth = 3000;
  const body = (args: string, parameters: string) =>
    `{"model":"m","messages":[{"role":"user","content":"x"},{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":${JSON.stringify(args)}}}]},{"role":"tool","tool_call_id":"c1","content":"ok"}],"tools":[{"type":"function","function":{"name":"f","description":"d","parameters":${parameters}}}]}`;
  const deepArguments = join(scratch, "deep-arguments.json");
  writeFileSync(deepArguments, body(`${'{"a":'.repeat(depth)}{}${"}".repeat(depth)}`, '{"type":"object"}'));
  const imported = await cli("--lang", "en", "import", deepArguments, "-o", join(scratch, "deep-arguments.out.json"));
  assert.equal(imported.code, 0, imported.err);

  const deepSchema = join(scratch, "deep-schema.json");
  writeFileSync(deepSchema, body("{}", `${'{"type":"object","properties":{"a":'.repeat(depth)}{}${"}}".repeat(depth)}`));
  const output = join(scratch, "deep-schema.out.json");
  const refused = await cli("--lang", "en", "import", deepSchema, "-o", output);
  assert.equal(refused.code, 1);
  assert.equal(refused.err.trimEnd().split("\n").length, 1);
  // Refused as it is read, with the place and the limit every command shares.
  assert.match(refused.err, /deep-schema\.json: 1:[0-9]+: nested deeper than 1000 levels$/m);
  assert.equal(existsSync(output), false);
});

test("stdin: `import -` reads the log from a pipe, as a child process", async () => {
  const { spawn } = await import("node:child_process");
  const child = spawn(process.execPath, [join(projectRoot, "bin", "tool-call-playground"), "import", "-", "-o", join(scratch, "stdin.json"), "--lang", "en"], {
    cwd: projectRoot,
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stdin.end(readFileSync(join(logs, "openai-responses-files.json")));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  assert.equal(code, 0);
  assert.match(out, /^<stdin>: openai-responses \(detected from its shape\)/);
  assert.ok(existsSync(join(scratch, "stdin.json")));
});

test("--lang: the report is Chinese by default and English when asked, after `import` too; the fixture written is the same", async () => {
  const log = join(logs, "gemini-recipes.json");
  const zh = await cli("import", log, "-o", join(scratch, "lang-zh.json"));
  const en = await cli("import", log, "-o", join(scratch, "lang-en.json"), "--lang", "en");
  assert.equal(zh.code, 0, zh.err);
  assert.equal(en.code, 0, en.err);
  assert.match(zh.out, /^.*gemini-recipes\.json: gemini（由结构识别）：\d+ 条用户消息，/);
  assert.match(zh.out, /\n已写入 .*lang-zh\.json\n/);
  assert.match(zh.out, /\n往返检查：/);
  assert.match(en.out, /^.*gemini-recipes\.json: gemini \(detected from its shape\): \d+ user message\(s\), /);
  assert.doesNotMatch(en.out, /[\u4e00-\u9fff]/);
  // The fixture is data, not a message: its title and description do not follow --lang.
  assert.equal(readFileSync(join(scratch, "lang-zh.json"), "utf8"), readFileSync(join(scratch, "lang-en.json"), "utf8"));
});

test("--lang: import's refusals follow it too (not JSON, an unknown shape, --branch on a body)", async () => {
  const broken = join(scratch, "broken-lang.json");
  writeFileSync(broken, '{"messages": [\n  {"role": "user", "content": "hi"},\n]}');
  const shapeless = join(scratch, "shapeless-lang.json");
  writeFileSync(shapeless, '{"prompt": "hi"}');
  assert.match((await cli("import", broken)).err, /broken-lang\.json:3:1: 不是有效的 JSON（trailingComma）\n$/);
  assert.match((await cli("import", broken, "--lang", "en")).err, /broken-lang\.json:3:1: not valid JSON \(trailingComma\)\n$/);
  assert.match((await cli("import", shapeless)).err, /shapeless-lang\.json: \/: 无法识别的结构：顶层没有 `messages`/);
  assert.match((await cli("import", join(logs, "gemini-recipes.json"), "--branch", "x")).err, /: --branch 只适用于 Pi 会话\n$/);
  assert.match((await cli("import", join(scratch, "no-such.json"))).err, /no-such\.json: 没有这个文件\n$/);
  assert.match((await cli("--lang", "en", "import", join(scratch, "no-such.json"))).err, /no-such\.json: no such file\n$/);
});

test("--lang: what the importers found is worded in it too (a note, a malformed entry), the source's data kept", async () => {
  const session = join(logs, "pi-session-checkout.jsonl");
  const zh = await cli("import", session, "-o", join(scratch, "notes-zh.json"));
  const en = await cli("import", session, "-o", join(scratch, "notes-en.json"), "--lang", "en");
  assert.match(zh.out, / {2}filledIn {2}Pi 会话不记录系统提示词和工具定义/);
  assert.match(zh.out, /:2:1 {2}\/ {2}fieldDropped {2}一个 model_change 条目（不属于对话）/);
  assert.match(en.out, /:2:1 {2}\/ {2}fieldDropped {2}a model_change entry \(not part of the conversation\)/);
  const noId = join(scratch, "no-id.json");
  writeFileSync(
    noId,
    '{"model":"m","messages":[{"role":"user","content":"x"},{"role":"assistant","tool_calls":[{"type":"function","function":{"name":"f","arguments":"{}"}}]}]}',
  );
  assert.match((await cli("import", noId)).err, /no-id\.json:1:90: \/messages\/1\/tool_calls\/0\/id: 一个没有 id 的调用：缺少 tool_calls\[\]\.id\n$/);
  assert.match(
    (await cli("import", noId, "--lang", "en")).err,
    /no-id\.json:1:90: \/messages\/1\/tool_calls\/0\/id: a call without an id: tool_calls\[\]\.id is missing\n$/,
  );
});
