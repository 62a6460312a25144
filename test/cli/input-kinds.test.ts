// Every subcommand × every kind of input that is not what it reads (issue 24): a regular file of
// junk, a directory, a FIFO nobody writes to, a device, /dev/zero, a document 100,000 levels deep
// and one 1,000,000 keys wide. Each ends within 5 s with one line on stderr and its exit code for
// unusable input — 1, and lint's documented 2 ("not a request body", so 1 always means findings).
// In this process, through runCli; stdin from /dev/zero, where the process matters, is in
// input-kinds-process.test.ts.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { runCli } from "../../src/cli/cli.ts";

const scratch = mkdtempSync(join(tmpdir(), "tcp-kinds-"));
// The wide and deep documents are ~58 MB: left behind, every run would add as much to /tmp.
after(() => rmSync(scratch, { recursive: true, force: true }));
const DEEP = 100_000;
const WIDE = 1_000_000;

/** `{"k0":0,"k1":0,…}` with `count` keys, written as text (no object of that size is built). */
function wideObject(count: number): string {
  const parts: string[] = [];
  for (let index = 0; index < count; index++) parts.push(`"k${index}":0`);
  return `{${parts.join(",")}}`;
}

const deepArray = `${"[".repeat(DEEP)}${"]".repeat(DEEP)}`;
const wide = wideObject(WIDE);

/** What each command reads, so the deep and wide documents sit where it looks. */
const commands = {
  play: { argv: (file: string) => [file], deep: `{"title":"t","episodes":[{"user":"u","script":[],"x":${deepArray}}]}`, code: 1 },
  serve: { argv: (file: string) => ["serve", file, "--port", "0"], deep: `{"title":"t","episodes":[{"user":"u","script":[],"x":${deepArray}}]}`, code: 1 },
  lint: { argv: (file: string) => ["lint", file], deep: `{"model":"m","messages":[{"role":"user","content":"hi"}],"x":${deepArray}}`, code: 2 },
  import: {
    argv: (file: string) => ["import", file, "-o", join(scratch, "out", "never.json")],
    deep: `{"model":"m","messages":[{"role":"user","content":"hi"}],"x":${deepArray}}`,
    code: 1,
  },
  "replay-stream": { argv: (file: string) => ["replay-stream", file], deep: `data: ${deepArray}\n\n`, code: 1 },
} as const;

function inputs(command: keyof typeof commands): Record<string, string> {
  const folder = join(scratch, command);
  mkdirSync(folder, { recursive: true });
  const write = (name: string, text: string) => {
    const file = join(folder, name);
    writeFileSync(file, text);
    return file;
  };
  const fifo = join(folder, "fifo");
  execFileSync("mkfifo", [fifo]);
  return {
    regular: write("junk.json", '{"a": '),
    directory: folder,
    "FIFO without writer": fifo,
    device: "/dev/null",
    "/dev/zero": "/dev/zero",
    "100k-deep": write("deep.json", commands[command].deep),
    "1M-wide": write("wide.json", command === "replay-stream" ? `data: ${wide}\n\n` : wide),
  };
}

for (const [name, command] of Object.entries(commands) as [keyof typeof commands, (typeof commands)[keyof typeof commands]][]) {
  test(`${name}: every kind of unusable input ends within 5 s with one line and exit ${command.code}`, async () => {
    for (const [kind, file] of Object.entries(inputs(name))) {
      let out = "";
      let err = "";
      // A server that did start is stopped at the deadline, so a failure here cannot hang the run.
      // The 5 s bound is CPU time (this file's tests run one at a time in their own process), so
      // a suite that shares the cores with other files does not make it fail; the deadline only
      // catches a hang, and a hang ends in the interrupt's exit code, not the expected one.
      const interrupt = new AbortController();
      const deadline = setTimeout(() => interrupt.abort(), 30_000);
      const started = process.cpuUsage();
      const code = await runCli(["--lang", "en", ...command.argv(file)], {
        out: (text) => void (out += text),
        err: (text) => void (err += text),
        env: {},
        isTTY: false,
        interrupt: interrupt.signal,
      });
      clearTimeout(deadline);
      const spent = process.cpuUsage(started);
      const took = (spent.user + spent.system) / 1000;
      assert.ok(took < 5000, `${name} ${kind}: took ${Math.round(took)} ms of CPU`);
      assert.equal(code, command.code, `${name} ${kind}: exit ${code}: ${err}`);
      assert.equal(out, "", `${name} ${kind}: wrote to stdout`);
      assert.equal(err.trimEnd().split("\n").length, 1, `${name} ${kind}: ${err.slice(0, 400)}`);
      assert.ok(err.length < 1000, `${name} ${kind}: a line of ${err.length} characters`);
    }
  });
}
