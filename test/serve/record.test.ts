// serve --record between the official SDKs and another serve standing in for the real API, on
// loopback: the session recorded, written as a fixture, and replayed offline by `serve <file>`.
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { chatHarness } from "../../examples/openai-calc.ts";
import { runCli } from "../../src/cli/cli.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import { exampleHarnesses, type Harness } from "./example-harnesses.ts";
import { startRecord } from "./record-helpers.ts";
import { startServe } from "./serve-helpers.ts";

const folder = await mkdtemp(join(tmpdir(), "record-"));
after(() => rm(folder, { recursive: true, force: true }));

async function run(harness: Harness, url: string, stream: boolean): Promise<string[]> {
  const lines: string[] = [];
  lines.push(await harness(url, { stream, log: (line) => lines.push(line) }));
  return lines;
}

const requestsSeen = (out: string): number => (out.match(/── request /g) ?? []).length;

test("a session recorded through serve --record replays offline with serve <file>: the harness prints the same, the upstream sees nothing", async (t) => {
  const upstream = await startServe("serve-calc");
  try {
    for (const [name, harness] of exampleHarnesses) {
      for (const stream of [false, true]) {
        const file = join(folder, `${name}-${stream ? "streamed" : "plain"}.json`);
        const recorder = await startRecord(upstream.url, file);
        t.after(() => recorder.stop());
        const recorded = await run(harness, recorder.url, stream);
        assert.equal(await recorder.stop(), 130, recorder.err());
        assert.match(recorder.out(), /← 200 from the upstream/);
        await loadFixture(file, undefined, "en");

        const before = requestsSeen(upstream.out());
        const replay = await startServe(file);
        const replayed = await run(harness, replay.url, stream).finally(() => replay.stop());
        assert.equal(await replay.stop(), 130);
        assert.deepEqual(replayed, recorded, `${name} stream=${stream}`);
        assert.equal(requestsSeen(upstream.out()), before, `${name} stream=${stream}: the replay reached the upstream`);
        assert.doesNotMatch(replay.out(), /← [45]\d\d/);
      }
    }
  } finally {
    await upstream.stop();
  }
});

/** The command line in this process; `stopWhen` says when the output so far is enough for Ctrl-C. */
async function cli(args: string[], stopWhen: (out: string) => boolean = () => false): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const interrupt = new AbortController();
  const code = await runCli(args, {
    out: (text) => {
      out += text;
      if (stopWhen(out)) interrupt.abort();
    },
    err: (text) => void (err += text),
    env: {},
    isTTY: false,
    interrupt: interrupt.signal,
  });
  return { code, out, err };
}

test("the recorded session narrates as any fixture does: `npm start -- <file>` tells the real turns and results", async (t) => {
  const upstream = await startServe("serve-calc");
  const file = join(folder, "narrated.json");
  const recorder = await startRecord(upstream.url, file);
  t.after(() => recorder.stop());
  await chatHarness(recorder.url);
  await recorder.stop();
  await upstream.stop();
  const { code, out, err } = await cli([file, "--lang", "en"]);
  assert.equal(code, 0, err);
  assert.match(out, /\[toolResult\] calc#call_0+c1t1k1 isError=false "12"/);
  assert.match(out, /7 \+ 5 = 12 and 6 × 7 = 42\./);
});

test("the command line: `serve --record <url> -o <file>` prints the URL first and writes the file when stopped; it refuses a file already there without --force", async () => {
  const upstream = await startServe("serve-calc");
  try {
    const file = join(folder, "cli.json");
    const recorded = await cli(["serve", "--record", upstream.url, "-o", file, "--lang", "en"], (out) => out.includes("\n"));
    assert.equal(recorded.code, 130, recorded.err);
    assert.match(recorded.out, /^http:\/\/127\.0\.0\.1:\d+\n/);
    assert.match(recorded.err, /nothing was recorded: no fixture written/);

    await writeFile(file, "{}");
    const refused = await cli(["serve", "--record", upstream.url, "-o", file, "--lang", "en"]);
    assert.equal(refused.code, 1);
    assert.match(refused.err, /^serve --record: cannot write .*cli\.json: .*--force/);
    assert.equal(await readFile(file, "utf8"), "{}");

    const bad = await cli(["serve", "--record", "ftp://example.com", "-o", file, "--lang", "en"]);
    assert.equal(bad.code, 1);
    assert.equal(bad.err, "serve --record: ftp://example.com is not an http:// or https:// base URL\n");
    const noOutput = await cli(["serve", "--record", upstream.url, "--lang", "en"]);
    assert.equal(noOutput.err, "serve --record: say where the session is written with -o <file>\n");
  } finally {
    await upstream.stop();
  }
});
