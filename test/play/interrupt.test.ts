// Ctrl-C during a slow tool: the real command exits 130 with one line on stderr, and its JSON
// output still holds a valid history in which every call has its paired (aborted) result.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { findPairingProblem } from "../../src/protocol/tool-pairing.ts";
import type { Message } from "../../src/protocol/types.ts";

const bin = join(projectRoot, "bin", "tool-call-playground");
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

function interruptOnceProgressShows(args: string[], marker: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(bin, args, { cwd: projectRoot, env: { ...process.env, FORCE_COLOR: "0" } });
    let stdout = "";
    let stderr = "";
    let sent = false;
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      if (!sent && stdout.includes(marker)) {
        sent = true;
        child.kill("SIGINT");
      }
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

test("Ctrl-C during the slow tool: exit 130, one line, and a valid history in --json", async () => {
  const { code, stdout, stderr } = await interruptOnceProgressShows([fixture, "--json", "--lang", "en"], '"type":"toolProgress"');
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
  const { code, stdout, stderr } = await interruptOnceProgressShows([fixture], "开始等待");
  assert.equal(code, 130);
  assert.equal(stderr.trimEnd().split("\n").length, 1);
  assert.match(stdout, /运行中止（被 Ctrl-C 中断）/);
});
