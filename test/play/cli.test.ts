// The command as a learner runs it: the golden transcript and one-line errors, in this process
// through runCli (exit code, stdout and stderr as the process would give them); and as a real
// child process only where the process is the point. The bin launcher installed as a dependency,
// from another folder through npm's link on PATH, is test/testing/installed-package.test.ts's.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { fixtureFileFor } from "../../src/fixture/fixture-files.ts";
import { cli } from "./in-process.ts";

const scratch = mkdtempSync(join(tmpdir(), "tcp-cli-"));
const walkthrough = readFileSync(fixtureFileFor("walkthrough"), "utf8");
const golden = (file: string) => readFileSync(join(projectRoot, file), "utf8");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The command in this process, its result in the child process's terms. */
async function inProcess(args: string[]): Promise<Run> {
  const { code, out, err } = await cli(args);
  return { code, stdout: out, stderr: err };
}

function assertOneLineError(result: Run, pattern: RegExp): void {
  assert.equal(result.code, 1, result.stderr);
  assert.equal(result.stdout, "");
  assert.equal(result.stderr.trimEnd().split("\n").length, 1, `one line, got:\n${result.stderr}`);
  assert.match(result.stderr.trimEnd(), pattern);
  assert.doesNotMatch(result.stderr, /\n\s+at /, "no stack trace");
}

describe("tool-call-playground", { concurrency: true }, () => {
  test("prints exactly expected-output.txt, and the English golden with --lang en", async () => {
    const [zh, en] = await Promise.all([inProcess([]), inProcess(["--lang", "en"])]);
    assert.equal(zh.code, 0, zh.stderr);
    assert.equal(zh.stdout, golden("expected-output.txt"));
    assert.equal(en.stdout, golden("fixtures/expected/walkthrough.en.txt"));
    assert.equal(zh.stderr + en.stderr, "");
  });

  test("a fixture with a missing comma names file:line:column and exits 1", async () => {
    const file = join(scratch, "missing-comma.json");
    writeFileSync(file, walkthrough.replace('"maxTurns": 1,', '"maxTurns": 1'));
    assertOneLineError(await inProcess([file]), new RegExp(`^${file}:\\d+:\\d+: JSON 语法错误：缺少逗号`));
  });

  test("a toolCall without name names the JSON path and exits 1", async () => {
    const file = join(scratch, "no-name.json");
    writeFileSync(file, walkthrough.replace('"name": "calc", ', ""));
    assertOneLineError(
      await inProcess([file, "--lang", "en"]),
      new RegExp(`^${file}:\\d+:\\d+: \\$\\.episodes\\[0\\]\\.script\\[0\\]\\.content\\[1\\]\\.name: missing key`),
    );
  });

  test("an unknown fixture name lists the valid ones; a missing file is named", async () => {
    assertOneLineError(await inProcess(["nope", "--lang", "en"]), /^Unknown fixture "nope" \(expected one of: .*walkthrough/);
    assertOneLineError(await inProcess(["no/such.json", "--lang", "en"]), /^no\/such\.json: no such file$/);
    assertOneLineError(await inProcess(["--lang", "fr"]), /--lang.*fr.*zh, en/);
  });

  test("--help explains and --version prints the version", async () => {
    const [help, version] = await Promise.all([inProcess(["--help"]), inProcess(["--version"])]);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Usage: tool-call-playground \[options\] \[fixture\]/);
    assert.match(help.stdout, /--lang <lang>/);
    const packageJson: { version: string } = JSON.parse(golden("package.json"));
    assert.equal(version.stdout.trim(), packageJson.version);
  });
});
