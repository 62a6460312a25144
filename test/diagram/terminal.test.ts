// `--diagram` in the terminal and the command line around the pictures: after the transcript, in the
// run's language, readable without colour, at most 100 columns, repeated turns folded with a count,
// the same bytes every run; and one-line errors, with nothing written, for what cannot be done.
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { textColumns } from "../../src/diagram/text-width.ts";
import { fixtureNames } from "../../src/fixture/fixture-files.ts";
import { cli } from "../play/in-process.ts";

const folder = mkdtempSync(join(tmpdir(), "diagram-cli-"));
after(() => rmSync(folder, { recursive: true, force: true }));

/** What --diagram adds after the transcript: from its heading on. */
function diagramPart(out: string, heading: string): string {
  const at = out.indexOf(heading);
  assert.ok(at > 0, `no "${heading}" in the output`);
  return out.slice(at);
}

test("--diagram prints the picture after the transcript, and the transcript is unchanged", async () => {
  const [plain, drawn] = await Promise.all([cli(["--lang", "en"]), cli(["--lang", "en", "--diagram"])]);
  assert.equal(drawn.code, 0);
  assert.ok(drawn.out.startsWith(plain.out), "the transcript comes first, as it is without --diagram");
  const picture = diagramPart(drawn.out, "The run as a sequence diagram");
  assert.match(picture, /person +app +model +tool calc/);
  assert.match(picture, /request 1: resends 1 message \+ 1 tool/);
});

test("every fixture's diagram fits in 100 columns, in both languages, with no escape sequence", async () => {
  for (const lang of ["zh", "en"]) {
    for (const name of fixtureNames().filter((each) => each !== "slow-tool-aborted")) {
      const run = await cli([name, "--lang", lang, "--diagram"]);
      assert.equal(run.code, 0, `${name} ${lang}: ${run.err}`);
      const heading = lang === "zh" ? "这次运行的时序图" : "The run as a sequence diagram";
      for (const line of diagramPart(run.out, heading).split("\n")) {
        assert.ok(textColumns(line) <= 100, `${name} ${lang}: ${textColumns(line)} columns: ${line}`);
        assert.doesNotMatch(line, /\u001b/, `${name} ${lang}`);
      }
    }
  }
});

test("the diagram speaks the run's language", async () => {
  const [zh, en] = await Promise.all([cli(["--diagram"]), cli(["--diagram", "--lang", "en"])]);
  const zhPicture = diagramPart(zh.out, "这次运行的时序图");
  assert.match(zhPicture, /人工 +应用 +模型 +工具 calc/);
  assert.match(zhPicture, /第 1 次请求：重发 1 条消息/);
  assert.doesNotMatch(zhPicture, /request 1|resends|: found|returned/);
  assert.doesNotMatch(diagramPart(en.out, "The run as a sequence diagram"), /[\u4e00-\u9fff]/u);
});

test("a long run folds its repeated turns into one line with a count", async () => {
  const run = await cli(["turn-cap", "--lang", "en", "--diagram"]);
  const picture = diagramPart(run.out, "The run as a sequence diagram");
  assert.match(picture, /… 2× the same turn again \(requests 2–3\)/);
  assert.equal((picture.match(/request \d+:/g) ?? []).length, 1, "one request drawn, the others counted");
});

test("the same run draws the same bytes", async () => {
  const [one, two] = await Promise.all([cli(["parallel-calls", "--diagram"]), cli(["parallel-calls", "--diagram"])]);
  assert.equal(one.out, two.out);
});

test("--mermaid prints the sequenceDiagram alone, for a Markdown file", async () => {
  const run = await cli(["--mermaid", "--lang", "en"]);
  assert.equal(run.code, 0);
  assert.ok(run.out.startsWith("sequenceDiagram\n"), run.out.slice(0, 40));
  assert.doesNotMatch(run.out, /^\[1\] /m, "no transcript step in it (the notes name steps by number, as [1]–[5])");
});

test("--html writes one page and says on stderr, in one line of the run's language, that it wrote it", async () => {
  const page = join(folder, "walkthrough.html");
  const run = await cli(["--lang", "en", "--html", page]);
  assert.equal(run.code, 0, run.err);
  assert.equal(run.err, `wrote ${page}: open it in a browser\n`);
  assert.ok(readdirSync(folder).includes("walkthrough.html"));
  const zh = await cli(["--html", join(folder, "walkthrough.zh.html")]);
  assert.equal(zh.code, 0, zh.err);
  assert.equal(zh.err, `已写入 ${join(folder, "walkthrough.zh.html")}：用浏览器打开它\n`);
  assert.ok(!zh.out.includes("已写入"), "the line is on stderr, not in the transcript");
});

/** A symbolic link in the test's folder to another folder: a path through it could write anywhere. */
const linkTarget = mkdtempSync(join(tmpdir(), "diagram-linked-"));
after(() => rmSync(linkTarget, { recursive: true, force: true }));
const linkedFolder = join(folder, "linked");
symlinkSync(linkTarget, linkedFolder);

const refusals: { name: string; argv: (file: string) => string[]; code: number; line: RegExp }[] = [
  {
    name: "a folder that does not exist",
    argv: (file) => ["--html", join(file, "missing", "page.html")],
    code: 1,
    line: /^--html .*: not written: its folder does not exist\n$/,
  },
  { name: "a folder", argv: () => ["--html", folder], code: 1, line: /^--html .*: not written: it is a folder; give a file name\n$/ },
  { name: "an empty path", argv: () => ["--html", ""], code: 1, line: /^--html .*: not written: it is a folder; give a file name\n$/ },
  {
    name: "a path through a symlinked folder",
    argv: () => ["--html", join(linkedFolder, "page.html")],
    code: 1,
    line: /^--html .*: not written: it is a symbolic link/,
  },
  { name: "a file that exists", argv: (file) => ["--html", file], code: 1, line: /^--html .*: not written: the file exists\n$/ },
  { name: "--interactive", argv: () => ["--interactive", "--html", join(folder, "i.html")], code: 2, line: /^--html cannot be combined with --interactive/ },
  { name: "--list", argv: () => ["--list", "--html", join(folder, "l.html")], code: 2, line: /^--html cannot be combined with --list/ },
  {
    name: "serve",
    argv: () => ["--html", join(folder, "s.html"), "serve", "serve-calc", "--port", "0"],
    code: 2,
    line: /^--html writes the page of a finished run; serve shows its live page/,
  },
  { name: "--diagram with --json", argv: () => ["--diagram", "--json"], code: 2, line: /^--diagram cannot be combined with --json: both print on stdout\n$/ },
  { name: "--mermaid with --diagram", argv: () => ["--mermaid", "--diagram"], code: 2, line: /^--diagram cannot be combined with --mermaid/ },
];

for (const { name, argv, code, line } of refusals) {
  test(`--html or --diagram with ${name}: one line, exit ${code}, nothing played and nothing written`, async () => {
    const existing = join(folder, "existing.html");
    writeFileSync(existing, "kept");
    const before = readdirSync(folder).sort();
    const run = await cli([...argv(existing), "--lang", "en"]);
    assert.equal(run.code, code);
    assert.match(run.err, line);
    assert.equal(run.err.split("\n").length, 2, "one line");
    assert.equal(run.out, "", "nothing played");
    assert.deepEqual(readdirSync(folder).sort(), before, "no file added, no temporary file left");
  });
}
