// The one reader, the same in every command (in this process, through runCli): invalid UTF-8 is
// refused with its line and column by lint, import and replay-stream alike, where lint used to
// read it as replacement characters; a byte order mark is dropped by all three; Ctrl-C stops a
// read of stdin that would otherwise wait forever (exit 130); and stdin that never ends (/dev/zero)
// is read only to the limit, by each command alike.
import assert from "node:assert/strict";
import { createReadStream, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { test } from "node:test";
import { runCli } from "../../src/cli/cli.ts";
import type { CliIO } from "../../src/commands/shared/command-io.ts";

const scratch = mkdtempSync(join(tmpdir(), "tcp-read-"));

async function cli(argv: string[], extra: Partial<CliIO> = {}): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runCli(["--lang", "en", ...argv], {
    out: (text) => void (out += text),
    err: (text) => void (err += text),
    env: {},
    isTTY: false,
    ...extra,
  });
  return { code, out, err };
}

const body = JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }] });
const stream = 'data: {"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[],"model":"x"}}\n\n';

test("invalid UTF-8 is refused with its place by lint, import and replay-stream alike", async () => {
  const bad = (name: string, text: string) => {
    const file = join(scratch, name);
    const cut = text.indexOf('"hi"') === -1 ? text.indexOf("assistant") : text.indexOf('"hi"');
    writeFileSync(file, Buffer.concat([Buffer.from(`${text.slice(0, cut)}\n`), Buffer.from([0xc3, 0x28]), Buffer.from(text.slice(cut))]));
    return file;
  };
  const cases: [string[], number][] = [
    [["lint", bad("lint.json", body)], 2],
    [["import", bad("import.json", body)], 1],
    [["replay-stream", bad("replay.sse", stream)], 1],
  ];
  for (const [argv, code] of cases) {
    const result = await cli(argv);
    assert.equal(result.code, code, `${argv[0]}: ${result.err}`);
    assert.match(result.err, /2:1: not UTF-8 text|:2:1: not UTF-8/, argv[0]);
    assert.equal(result.err.trimEnd().split("\n").length, 1);
  }
});

test("a byte order mark is dropped by lint, import and replay-stream alike", async () => {
  const withBom = (name: string, text: string) => {
    const file = join(scratch, name);
    writeFileSync(file, `\uFEFF${text}`);
    return file;
  };
  assert.equal((await cli(["lint", withBom("bom.json", body)])).code, 0);
  assert.equal((await cli(["import", withBom("bom-import.json", body)])).code, 0);
  assert.equal((await cli(["replay-stream", withBom("bom.sse", stream), "--provider", "anthropic"])).code, 0);
});

test("Ctrl-C stops a read of stdin that would wait forever: exit 130, nothing written", async () => {
  for (const command of ["lint", "import", "replay-stream"]) {
    const stdin = new PassThrough();
    stdin.write("{");
    const interrupt = new AbortController();
    // Once the read has begun: it waits for the rest of the body, which never comes.
    setImmediate(() => interrupt.abort());
    const result = await cli([command, "-"], { stdin, interrupt: interrupt.signal });
    assert.equal(result.code, 130, `${command}: ${result.err}`);
    assert.equal(result.out, "");
  }
});

test("stdin that never ends (/dev/zero) is read to the limit and refused, in one line", async () => {
  // The reader all three commands share, once: lint, and its exit code for input that is no body.
  const stdin = createReadStream("/dev/zero");
  const result = await cli(["lint", "-"], { stdin });
  stdin.destroy();
  assert.equal(result.code, 2, result.err);
  assert.equal(result.out, "");
  assert.match(result.err, /^<stdin>: .*64 MB/);
  assert.equal(result.err.trimEnd().split("\n").length, 1, result.err);
});
