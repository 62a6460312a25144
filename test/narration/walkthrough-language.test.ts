// One language per run, data included (issue 21): `npm start -- --lang en` prints no Chinese
// character — the fixture's texts, the built-in tools the model reads and the failure texts are all
// English — and the Chinese run prints English only as identifiers, JSON, code and the documented
// contract strings (README, "One language per run").
import assert from "node:assert/strict";
import { test } from "node:test";
import { runCli } from "../../src/cli/cli.ts";
import { TestClock } from "../test-clock.ts";

async function start(...args: string[]): Promise<string> {
  let out = "";
  let err = "";
  const code = await runCli(args, { out: (text) => void (out += text), err: (text) => void (err += text), env: {}, isTTY: false });
  assert.equal(code, 0, err);
  return out;
}

test("npm start -- --lang en prints no Chinese character, data included", async () => {
  const en = await start("--lang", "en");
  const chinese = en.split("\n").filter((line) => /\p{Script=Han}/u.test(line));
  assert.deepEqual(chinese, []);
  // The data did come across, in English: the user's message and the tool the model reads.
  assert.match(en, /\[user\] {7}What is 128 times 64\?/);
  assert.match(en, /"Tool calc failed: must be number"/);
  assert.match(en, /"Tool missing failed: unknown tool"/);
});

test("--lang en: the results of calls the loop did not run (cut reply, duplicate id, timeout) are English too", async () => {
  for (const scenario of ["violation-truncated", "violation-duplicate-ids", "slow-tool-aborted"]) {
    let out = "";
    // On a clock of its own: slow-tool-aborted's timeout comes with no time waited.
    const clock = new TestClock();
    await clock.runAll(runCli(["--lang", "en", scenario], { out: (text) => void (out += text), err: () => {}, env: {}, isTTY: false, clock }));
    assert.deepEqual(
      out.split("\n").filter((line) => /\p{Script=Han}/u.test(line)),
      [],
      scenario,
    );
  }
});

/** What a Chinese line may hold in Latin letters: identifiers, the code it quotes, JSON, options. */
const identifiers = new Set(
  [
    // the protocol's and the program's names
    "systemPrompt user assistant toolResult toolCall text stopReason toolUse stop isError true false toolCallId",
    "id name arguments parameters description content details type maxTurns registry executor loop fixture schema",
    "additionalProperties parse execute lookup Registry get message stack coerce strict",
    // the tools, their calls and their data (JSON)
    "calc echo boom missing call Pi value ignored drop me expression result source exploded number string",
    "add sub mul div pow op object properties required enum a b",
    // an option it names, and the contract's own texts ("Tool calc failed: …")
    "tool errors detailed Tool failed",
    // the command its last line points to for the second request
    "npm start final answer",
  ]
    .join(" ")
    .split(" "),
);

test("the Chinese walkthrough prints English only as identifiers, JSON and the contract's texts", async () => {
  const zh = await start();
  const words = new Set(zh.match(/[A-Za-z]+/g) ?? []);
  // The title and the legend line name the course's parts (registry, executor, loop) as the chapters do.
  const stray = [...words].filter((word) => !identifiers.has(word));
  assert.deepEqual(stray, [], "Latin words outside the identifiers and contract texts");
  assert.match(zh, /"Tool calc failed: 必须是 number"/);
});
