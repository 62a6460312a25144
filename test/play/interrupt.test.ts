// Ctrl-C during a slow tool: the command exits 130 with one line on stderr, and its JSON output
// still holds a valid history in which every call has its paired (aborted) result. In this
// process, interrupted the way the process interrupts it (the signal handler itself is shown on a
// real process in test/play/cli-input.test.ts and test/play/big-runs.test.ts).
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { findPairingProblem } from "../../src/protocol/tool-pairing.ts";
import type { Message } from "../../src/protocol/types.ts";
import { cli } from "./in-process.ts";

const fixture = join(mkdtempSync(join(tmpdir(), "tcp-int-")), "slow.json");
writeFileSync(
  fixture,
  JSON.stringify({
    title: "slow",
    episodes: [
      {
        user: "wait",
        script: [
          {
            content: [
              { type: "toolCall", id: "call_1", name: "slow", arguments: { ms: 60000 } },
              { type: "toolCall", id: "call_2", name: "echo", arguments: { value: "x" } },
            ],
          },
          { content: [{ type: "text", text: "never asked for" }] },
        ],
      },
      { user: "never started", script: [{ content: [{ type: "text", text: "no" }] }] },
    ],
  }),
);

function isMessage(value: unknown): value is Message {
  return typeof value === "object" && value !== null && "role" in value;
}

test("Ctrl-C during the slow tool: exit 130, one line, and a valid history in --json", async () => {
  const {
    code,
    out: stdout,
    err: stderr,
  } = await cli([fixture, "--json", "--lang", "en"], {}, { interruptWhen: (out) => out.includes('"type":"toolProgress"') });
  assert.equal(code, 130);
  assert.match(stderr, /^Interrupted \(Ctrl-C\): [^\n]*\n$/);
  const events = stdout
    .trim()
    .split("\n")
    .map((line): Record<string, unknown> => JSON.parse(line));
  const history: Message[] = [];
  for (const event of events) {
    if (event.type === "agentStart" && Array.isArray(event.messages)) history.push(...event.messages.filter(isMessage));
    if (event.type === "messageAppended" && isMessage(event.message)) history.push(event.message);
  }
  assert.deepEqual(
    history.map((message) => message.role),
    ["user", "assistant", "toolResult", "toolResult"],
  );
  assert.equal(findPairingProblem(history), undefined);
  assert.deepEqual(events.at(-2), { type: "end", episode: 0, reason: "aborted", turns: 1, historyLength: 4 });
  assert.ok(!events.some((event) => event.type === "episodeStart" && event.episode === 1), "no episode starts after Ctrl-C");
});

test("Ctrl-C in the narrated transcript says so in the transcript and on stderr", async () => {
  const { code, out: stdout, err: stderr } = await cli([fixture], {}, { interruptWhen: (out) => out.includes("开始等待") });
  assert.equal(code, 130);
  assert.equal(stderr.trimEnd().split("\n").length, 1);
  assert.match(stdout, /运行中止（被 Ctrl-C 中断）/);
});
