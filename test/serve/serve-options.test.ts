// serve's numbers are read by the main command's one strict parser (commands/shared/options.ts):
// `--chunk 1e3` is refused the same whether it stands before `serve` or after it, and so are the
// forms Number() would take and the user did not mean ("0x10", " 2", "2.0"). Nothing listens.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runCli } from "../../src/cli/cli.ts";

/** Ctrl-C is already pressed: were an argument accepted, serve would stop at once (exit 130), not hang. */
async function run(args: string[]): Promise<{ code: number; err: string }> {
  let err = "";
  const io = { out: () => undefined, err: (text: string) => void (err += text), env: { NO_COLOR: "1" }, isTTY: false, interrupt: AbortSignal.abort() };
  const code = await runCli([...args, "--port", "0"], io);
  return { code, err };
}

for (const value of ["1e3", "0x10", " 2", "2.0", "0"]) {
  test(`--chunk ${JSON.stringify(value)} is refused before serve and after it alike`, async () => {
    const before = await run(["--chunk", value, "serve", "serve-calc"]);
    const after = await run(["serve", "serve-calc", "--chunk", value]);
    for (const result of [before, after]) {
      assert.equal(result.code, 1, result.err);
      assert.match(result.err, /--chunk <n>.*plain decimal digits/);
    }
  });
}

test("--port and --max-body take plain decimal digits only", async () => {
  for (const args of [
    ["--port", "0x10"],
    ["--port", "65536"],
    ["--max-body", "1e3"],
  ]) {
    const result = await run(["serve", "serve-calc", ...args]);
    assert.equal(result.code, 1, `${args.join(" ")}: ${result.err}`);
    assert.match(result.err, /plain decimal digits|from 0 to 65535/);
  }
});
