// Hostile fixture files through the real command, as a child process: empty, a byte-order mark,
// bad UTF-8, absurd nesting, 50 MB, a directory, a missing path, and a wrong JSON type at every
// level of the format. Each must end in one line on stderr that names the file and the place,
// exit 1 (0 for the BOM), no stack trace, no hang (a timeout per child) and bounded memory (every
// child runs with --max-old-space-size=256 and reports its peak RSS).
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { pathToFileURL } from "node:url";
import { projectRoot } from "../scripts/goldens.ts";

const bin = join(projectRoot, "bin", "tool-call-playground");
const scratch = mkdtempSync(join(tmpdir(), "tcp-hostile-"));
// Preloaded into every child: writes the process's peak RSS (KB) where RSS_FILE says, at exit.
const rssProbe = join(scratch, "rss-probe.mjs");
writeFileSync(
  rssProbe,
  'import { writeFileSync } from "node:fs";\nprocess.on("exit", () => { if (process.env.RSS_FILE) writeFileSync(process.env.RSS_FILE, String(process.resourceUsage().maxRSS)); });\n',
);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  peakRssKb: number;
}

// At most four children at once: 2 cores, and each child is a full Node with tsx.
let running = 0;
const waiting: (() => void)[] = [];
async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= 4) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

let runs = 0;
function play(file: string): Promise<Run> {
  const rssFile = join(scratch, `rss-${runs++}.txt`);
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: `--max-old-space-size=256 --import=${pathToFileURL(rssProbe).href}`, RSS_FILE: rssFile };
  delete env.FORCE_COLOR;
  delete env.NO_COLOR;
  return slot(
    () =>
      new Promise((resolve) => {
        execFile(bin, [file], { cwd: projectRoot, env, encoding: "utf8", timeout: 20_000, maxBuffer: 16 * 2 ** 20 }, (error, stdout, stderr) => {
          const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
          let peakRssKb = Number.NaN;
          try {
            peakRssKb = Number(readFileSync(rssFile, "utf8"));
          } catch {
            // A child killed by the timeout writes nothing; the exit code already fails the test.
          }
          resolve({ code, stdout, stderr, peakRssKb });
        });
      }),
  );
}

function write(name: string, content: string | Buffer): string {
  const file = join(scratch, name);
  writeFileSync(file, content);
  return file;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** One line on stderr that starts with the file, no stack trace, exit 1. */
function assertOneLine(result: Run, file: string, place: string | RegExp = ""): string {
  assert.equal(result.code, 1, `exit code; stderr: ${result.stderr}`);
  const line = result.stderr.trimEnd();
  assert.equal(line.split("\n").length, 1, `one line, got:\n${result.stderr}`);
  assert.ok(line.startsWith(`${file}:`), `names the file: ${line}`);
  if (typeof place === "string") assert.ok(line.startsWith(`${file}:${place}`), `names the place ${place}: ${line}`);
  else assert.match(line, place);
  assert.doesNotMatch(result.stderr, /\n\s+at |Error:|node:internal/, "no stack trace");
  return line;
}

const valid = {
  title: "t",
  episodes: [
    {
      user: "u",
      tools: ["calc"],
      maxTurns: 1,
      script: [{ content: [{ type: "text", text: "hi" }, { type: "toolCall", id: "c1", name: "calc", arguments: { a: 1, b: 2, op: "add" } }] }],
    },
  ],
};

/** The valid fixture with one value replaced: `path` leads to it from the top. */
function withValue(path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy: unknown = structuredClone(valid);
  let node: unknown = copy;
  for (const key of path.slice(0, -1)) node = Reflect.get(Object(node), key);
  Reflect.set(Object(node), path[path.length - 1] ?? "", value);
  return copy;
}

describe("hostile fixture files", { concurrency: true }, () => {
  test("an empty file is a syntax error at 1:1", async () => {
    const file = write("empty.json", "");
    assertOneLine(await play(file), file, "1:1:");
  });

  test("a UTF-8 byte-order mark before valid JSON is accepted", async () => {
    const file = write("bom.json", `\uFEFF${JSON.stringify(valid)}`);
    const result = await play(file);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr, "");
    assert.match(result.stdout, /calc#c1 isError=false "3"/);
  });

  test("invalid UTF-8 is reported at its line and column", async () => {
    const file = write("bad-utf8.json", Buffer.concat([Buffer.from('{\n  "title": "t'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]));
    assertOneLine(await play(file), file, "2:");
  });

  test("10,000-deep nesting at the top level is a shape error, not a crash", async () => {
    const file = write("deep-top.json", `${"[".repeat(10_000)}${"]".repeat(10_000)}`);
    assertOneLine(await play(file), file, new RegExp(`^${escapeRegExp(file)}:1:1: \\$:`));
  });

  test("10,000-deep nesting inside a toolCall's arguments is model data: a paired error result, no crash", async () => {
    const deep = `${"[".repeat(10_000)}1${"]".repeat(10_000)}`;
    const file = write("deep-arguments.json", JSON.stringify(valid).replace('"arguments":{"a":1', `"arguments":{"a":${deep}`));
    const result = await play(file);
    // The fixture format lets `arguments` hold any JSON (a script plays a misbehaving model), so
    // this is not a fixture error: the call is answered with isError, and the run ends normally.
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr, "");
    assert.match(result.stdout, /\[toolResult\] calc#[^ ]+ isError=true "Tool calc failed: 必须是 number"/);
    assert.match(result.stdout, /cut: deeper than \d+ levels/);
    assert.ok(result.peakRssKb < 256 * 1024, `peak RSS ${result.peakRssKb} KB`);
  });

  test("a 50 MB file is refused by its size before it is read, in bounded memory", async () => {
    const big = write("big.json", "");
    truncateSync(big, 50 * 2 ** 20);
    const small = write("small.json", "");
    const [result, baseline] = await Promise.all([play(big), play(small)]);
    assert.match(assertOneLine(result, big, " "), /52428800/);
    // Reading the file would add at least its 50 MB to the peak; refusing it adds nothing.
    assert.ok(result.peakRssKb - baseline.peakRssKb < 25 * 1024, `peak RSS ${result.peakRssKb} KB against ${baseline.peakRssKb} KB`);
  });

  test("a directory and a missing path are named", async () => {
    const directory = join(scratch, "a-directory.json");
    mkdirSync(directory);
    const missing = join(scratch, "no-such-file.json");
    const [isDirectory, notFound] = await Promise.all([play(directory), play(missing)]);
    assertOneLine(isDirectory, directory, " ");
    assertOneLine(notFound, missing, " ");
  });

  const wrongTypes: [level: string, path: (string | number)[], value: unknown][] = [
    ["top level (array)", [], []],
    ["top level (string)", [], "fixture"],
    ["top level (null)", [], null],
    ["title", ["title"], 1],
    ["title per language", ["title"], { zh: 1, en: "t" }],
    ["episodes", ["episodes"], {}],
    ["episodes (empty)", ["episodes"], []],
    ["an episode", ["episodes", 0], "episode"],
    ["user", ["episodes", 0, "user"], 1],
    ["tools", ["episodes", 0, "tools"], "calc"],
    ["a tool name", ["episodes", 0, "tools", 0], 7],
    ["maxTurns", ["episodes", 0, "maxTurns"], "1"],
    ["maxTurns (zero)", ["episodes", 0, "maxTurns"], 0],
    ["script", ["episodes", 0, "script"], {}],
    ["a reply", ["episodes", 0, "script", 0], 1],
    ["content", ["episodes", 0, "script", 0, "content"], "text"],
    ["a block", ["episodes", 0, "script", 0, "content", 1], null],
    ["a block's type", ["episodes", 0, "script", 0, "content", 1, "type"], 1],
    ["a block's type (unknown tag)", ["episodes", 0, "script", 0, "content", 1, "type"], "image"],
    ["id", ["episodes", 0, "script", 0, "content", 1, "id"], 1],
    ["name", ["episodes", 0, "script", 0, "content", 1, "name"], {}],
    ["text", ["episodes", 0, "script", 0, "content", 0, "text"], ["hi"]],
  ];
  for (const [level, path, value] of wrongTypes) {
    test(`a wrong JSON type at ${level} names its JSON path`, async () => {
      const file = write(`wrong-${level.replace(/\W+/g, "-")}.json`, JSON.stringify(withValue(path, value), null, 2));
      const result = await play(file);
      const jsonPath = `$${path.map((key) => (typeof key === "number" ? `[${key}]` : `.${key}`)).join("")}`;
      // The text position first (an editor jumps there), then the JSON path.
      const line = assertOneLine(result, file, new RegExp(`^${escapeRegExp(file)}:\\d+:\\d+: ${escapeRegExp(jsonPath)}`));
      assert.equal(result.stdout, "", `nothing narrated: ${line}`);
    });
  }

  test("arguments of a wrong type are model data: the run shows calc rejecting them", async () => {
    // By design (README, "ToolCall.arguments is unknown"), the fixture may script a model that
    // sends non-object arguments; the executor answers with a paired isError result.
    const file = write("arguments-string.json", JSON.stringify(withValue(["episodes", 0, "script", 0, "content", 1, "arguments"], "a=1")));
    const result = await play(file);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr, "");
    assert.match(result.stdout, /calc#c1 isError=true "Tool calc failed: 必须是 object"/);
  });
});
