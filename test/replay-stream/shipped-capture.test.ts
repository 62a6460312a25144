// The capture the help and docs/streaming.md name is shipped, has the shape of a real Anthropic
// Messages stream (event: lines, a ping, an empty first input_json_delta, usage in message_start
// and message_delta — as recorded streams show), and replays to the message it carries.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { runCli } from "../../src/cli/cli.ts";

const shipped = "fixtures/streams/anthropic-calc.sse";

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runCli(args, { out: (text) => void (out += text), err: (text) => void (err += text), env: {}, isTTY: false });
  return { code, out, err };
}

test("the help's replay-stream example names a file the project ships, and it replays to its message", async () => {
  const help = await run("--help");
  assert.match(help.out, new RegExp(`replay-stream ${shipped.replaceAll(".", "\\.")}`));
  assert.match(readFileSync(join(projectRoot, "docs", "streaming.md"), "utf8"), new RegExp(shipped.replaceAll(".", "\\.")));
  const replay = await run("replay-stream", join(projectRoot, shipped), "--json");
  assert.equal(replay.code, 0, replay.err);
  const message = JSON.parse(replay.out);
  assert.deepEqual(message.content, [
    { type: "text", text: "I'll work that out with calc." },
    { type: "toolCall", id: "toolu_01HvR7kWq2ZsN4xTbJ9mPcLe", name: "calc", arguments: { a: 128, b: 64, op: "mul" } },
  ]);
  assert.equal(message.stopReason, "toolUse");
  const narrated = await run("replay-stream", join(projectRoot, shipped), "--lang", "en");
  assert.match(narrated.out, /provider: anthropic/);
});
