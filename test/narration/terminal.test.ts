// The command in a terminal's plumbing: a reader that stops early (`| head -1`) after the 64 KB
// pipe buffer has filled, so EPIPE really happens, and the colour switches — NO_COLOR,
// FORCE_COLOR (which wins), plain output in a pipe. The pipe and the real terminal (util-linux
// `script`) need the real process, once each; which colour a run gets is decided from the
// environment and what stdout is, so the other cases run the command in this process through
// runCli with those given.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { cli } from "../play/in-process.ts";

const bin = join(projectRoot, "bin", "tool-call-playground");
const scratch = mkdtempSync(join(tmpdir(), "tcp-terminal-"));
const escapeSequence = /\u001b\[/;
const hasScript = spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `bash -c script args…` ($0 is the first arg) with stdin closed, colour variables only as given, and a timeout. */
function bash(script: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  // A person's shell, not CI's: with CI set, Node reports a 2-colour terminal (so no colour), and
  // .ci/run runs with CI=true.
  for (const name of ["FORCE_COLOR", "NO_COLOR", "CI"]) if (!(name in env)) delete childEnv[name];
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", script, ...args], { cwd: projectRoot, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`timed out: ${script}`));
    }, 20_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A fixture whose transcript is far larger than a pipe's 64 KB buffer. */
function bigFixture(): string {
  const episodes = Array.from({ length: 400 }, (_, index) => ({
    title: `episode ${index}`,
    user: "talk",
    script: [{ content: [{ type: "text", text: `${index} ${"long reply ".repeat(35)}` }] }],
  }));
  const file = join(scratch, "big-transcript.json");
  writeFileSync(file, JSON.stringify({ title: "big", episodes }));
  return file;
}

function assertCleanEarlyExit(result: Run): void {
  assert.equal(result.code, 0, `pipefail exit code; stderr: ${result.stderr}`);
  assert.equal(result.stdout.split("\n").filter(Boolean).length, 1, "head printed one line");
  assert.doesNotMatch(result.stderr, /EPIPE|Error|\n\s+at /, "no EPIPE trace");
  assert.equal(result.stderr, "");
}

describe("pipes and colour", { concurrency: true }, () => {
  test("`| head -1` after more than 64 KB of output: EPIPE is a normal end", async () => {
    const file = bigFixture();
    const whole = await cli([file]);
    assert.equal(whole.code, 0, whole.err);
    assert.ok(Buffer.byteLength(whole.out) > 2 * 64 * 1024, `the transcript is ${Buffer.byteLength(whole.out)} bytes`);
    assertCleanEarlyExit(await bash('set -o pipefail; "$0" "$1" | head -1', [bin, file]));
  });

  test("piped output is plain by default and with NO_COLOR=1", async () => {
    const [plain, noColor] = await Promise.all([cli([]), cli([], { NO_COLOR: "1" })]);
    assert.equal(plain.code, 0, plain.err);
    assert.doesNotMatch(plain.out, escapeSequence);
    assert.doesNotMatch(noColor.out, escapeSequence);
    assert.equal(noColor.out, plain.out);
  });

  test("FORCE_COLOR=1 colours even a pipe, and wins over NO_COLOR=1", async () => {
    const [forced, both, zero] = await Promise.all([
      cli([], { FORCE_COLOR: "1" }),
      cli([], { FORCE_COLOR: "1", NO_COLOR: "1" }),
      cli([], { FORCE_COLOR: "0" }),
    ]);
    assert.equal(forced.code, 0, forced.err);
    assert.match(forced.out, escapeSequence);
    assert.match(both.out, escapeSequence);
    assert.doesNotMatch(zero.out, escapeSequence, "FORCE_COLOR=0 turns colour off");
    // Colour decorates the same text: without the escapes it is the plain transcript.
    const plain = await cli([]);
    assert.equal(forced.out.replace(/\u001b\[[0-9;]*m/g, ""), plain.out);
  });

  test("on a real terminal: colour by default", { skip: hasScript ? false : "util-linux `script` is not installed" }, async () => {
    const tty = await bash('script -qec "$0" /dev/null', [bin], { TERM: "xterm-256color" });
    assert.equal(tty.code, 0, tty.stderr);
    assert.match(tty.stdout, escapeSequence, "a terminal gets colour");
  });

  test("on a terminal, NO_COLOR=1 turns colour off, and FORCE_COLOR wins over it", async () => {
    const [noColor, forced] = await Promise.all([
      cli([], { TERM: "xterm-256color", NO_COLOR: "1" }, { terminal: true }),
      cli([], { TERM: "xterm-256color", NO_COLOR: "1", FORCE_COLOR: "1" }, { terminal: true }),
    ]);
    assert.doesNotMatch(noColor.out, escapeSequence, "NO_COLOR=1 turns it off on a terminal too");
    assert.match(forced.out, escapeSequence, "FORCE_COLOR wins on a terminal as well");
  });
});
