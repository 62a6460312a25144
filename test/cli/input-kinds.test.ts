// Every subcommand × every kind of input that is not what it reads (issue 24): a regular file of
// junk, a directory, a FIFO nobody writes to, a device, /dev/zero; then the pathological
// documents, each through one command end to end: 100,000 levels deep (the fixture run) and
// 1,000,000 keys wide (lint). Where each is found is tested on its own: json-depth.test.ts for the
// depth, read-input.test.ts for /dev/zero on stdin, input-kinds-process.test.ts for a process's
// own stdin. Each ends within 5 s of CPU with one line on stderr and its exit code for unusable
// input — 1, and lint's documented 2 ("not a request body", so 1 always means findings). In this
// process, through runCli.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { runCli } from "../../src/cli/cli.ts";

const scratch = mkdtempSync(join(tmpdir(), "tcp-kinds-"));
// The wide document is ~12 MB: left behind, every run would add as much to /tmp.
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

/** What each command reads, and its exit code for unusable input. */
const commands = {
  play: { argv: (file: string) => [file], code: 1 },
  serve: { argv: (file: string) => ["serve", file, "--port", "0"], code: 1 },
  lint: { argv: (file: string) => ["lint", file], code: 2 },
  import: { argv: (file: string) => ["import", file, "-o", join(scratch, "out", "never.json")], code: 1 },
  "replay-stream": { argv: (file: string) => ["replay-stream", file], code: 1 },
} as const;

type CommandName = keyof typeof commands;

/** The kinds every command is given: none of them is read past its first bytes. */
function inputs(command: CommandName): Record<string, string> {
  const folder = join(scratch, command);
  mkdirSync(folder, { recursive: true });
  const fifo = join(folder, "fifo");
  execFileSync("mkfifo", [fifo]);
  const junk = join(folder, "junk.json");
  writeFileSync(junk, '{"a": ');
  return { regular: junk, directory: folder, "FIFO without writer": fifo, device: "/dev/null", "/dev/zero": "/dev/zero" };
}

/** The pathological documents, each through the one command named. */
const pathological: { kind: string; command: CommandName; text: string }[] = [
  // Where the fixture format has no such key: the strict check must say so, not the depth alone.
  { kind: "100k-deep", command: "play", text: `{"title":"t","episodes":[{"user":"u","script":[],"x":${deepArray}}]}` },
  { kind: "1M-wide", command: "lint", text: wide },
];

/** Runs the command on `file` to its end: it must end as for unusable input, with one line and
 *  its exit code, within 5 s of CPU. A server that did start is stopped at the deadline, so a
 *  failure here cannot hang the run; the 5 s bound is CPU time (this file's tests run one at a
 *  time), so a suite sharing the cores does not make it fail, and a hang ends in the interrupt's
 *  exit code, not the expected one. */
async function assertRefused(name: CommandName, kind: string, file: string): Promise<void> {
  const command = commands[name];
  let out = "";
  let err = "";
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

for (const name of Object.keys(commands) as CommandName[]) {
  test(`${name}: every kind of unusable input ends within 5 s with one line and exit ${commands[name].code}`, async () => {
    for (const [kind, file] of Object.entries(inputs(name))) await assertRefused(name, kind, file);
  });
}

for (const { kind, command, text } of pathological) {
  test(`${command}: a document ${kind} ends within 5 s with one line and exit ${commands[command].code}`, async () => {
    const file = join(scratch, `${kind}.json`);
    writeFileSync(file, text);
    await assertRefused(command, kind, file);
  });
}
