// The command line's usage conventions hold for every command alike (issue 21): a usage mistake
// exits 2 whichever command it follows (lint's 1 means findings, so 2 is the one code all can
// share), and `help` asks for help the way `--help` does instead of naming a fixture.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runCli } from "../../src/cli/cli.ts";

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runCli(args, { out: (text) => void (out += text), err: (text) => void (err += text), env: {}, isTTY: false });
  return { code, out, err };
}

test("an unknown option exits 2 after the main command and after every subcommand", async () => {
  for (const prefix of [[], ["lint"], ["import"], ["replay-stream"], ["serve"]]) {
    const { code, err } = await run(...prefix, "--no-such-option");
    assert.equal(code, 2, `${prefix.join(" ") || "(main)"}: ${err}`);
    assert.match(err, /unknown option '--no-such-option'/);
  }
  assert.equal((await run("--max-turns", "0")).code, 1, "an option's unusable value is bad input, as before");
});

test("help and help <command> print the help, exit 0; they are not fixture names", async () => {
  const main = await run("help");
  assert.equal(main.code, 0, main.err);
  assert.match(main.out, /^Usage: tool-call-playground \[options\] \[fixture\]/);
  assert.doesNotMatch(main.err, /help/);
  const lint = await run("help", "lint");
  assert.equal(lint.code, 0, lint.err);
  assert.match(lint.out, /^Usage: tool-call-playground lint/);
});
