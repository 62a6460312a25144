// Long scripted runs through the real command (issue 10; --timeout in this process): memory that stays linear in the number
// of turns, a run that never waits still stops on Ctrl-C, SIGTERM, SIGHUP and --timeout with every
// call paired, output that waits for a slow reader and ends with a closed pipe, and timeouts past
// Node's timer limit that neither fire early nor warn.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { findPairingProblem } from "../../src/protocol/tool-pairing.ts";
import type { Message } from "../../src/protocol/types.ts";
import { bigFixture, collect, jsonLines, startCli, writeScratch } from "./big-fixture.ts";
import { cli } from "./in-process.ts";

const TURNS = 20_000;
const big = bigFixture(TURNS);
/** For the signals: the child cannot run far past the turn it is signalled at (its output waits
 *  for this process to read it), so a shorter script is as long a run, and a child loads it faster. */
const SIGNALLED_TURNS = 2_000;
const signalled = bigFixture(SIGNALLED_TURNS);

function isMessage(value: unknown): value is Message {
  return typeof value === "object" && value !== null && "role" in value;
}

/** The history a --json run printed, rebuilt from agentStart and messageAppended lines. */
function historyOf(events: Record<string, unknown>[]): Message[] {
  const history: Message[] = [];
  for (const event of events) {
    if (event.type === "agentStart" && Array.isArray(event.messages)) history.push(...event.messages.filter(isMessage));
    if (event.type === "messageAppended" && isMessage(event.message)) history.push(event.message);
  }
  return history;
}

describe("long runs through the command", { concurrency: true }, () => {
  test("5,000 turns fit a 64 MB heap in narrated and --json modes: no per-request copies of the history", async () => {
    // With the FakeModel recording every request (a copy of the history each), 10k turns held
    // ~1 GB; 5k turns die past 160 MB. Without copies both modes run in under 48 MB.
    const file = bigFixture(5_000);
    for (const mode of [[], ["--json"]]) {
      const result = await collect(startCli([file, "--lang", "en", ...mode], { nodeArgs: ["--max-old-space-size=64"] }));
      assert.equal(result.code, 0, `${mode.join(" ")}: ${result.stderr.slice(0, 500)}`);
      assert.equal(result.stderr, "");
      assert.match(result.stdout, mode.length === 0 ? /5001 model requests/ : /"type":"end","episode":0,"reason":"stop","turns":5001/);
    }
  });

  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const) {
    test(`${signal} in a run that never waits stops it early, every call paired, valid --json, exit ${code}`, async () => {
      const child = startCli([signalled, "--json", "--lang", "en"]);
      let sent = false;
      const result = await collect(child, (soFar) => {
        if (!sent && soFar.includes('"turn":50,')) {
          sent = true;
          child.kill(signal);
        }
      });
      assert.equal(result.code, code, result.stderr);
      assert.equal(result.signal, null);
      assert.equal(result.stderr.trimEnd().split("\n").length, 1, result.stderr);
      // The one line names what stopped the run: Ctrl-C is SIGINT, the others by their own name.
      assert.match(result.stderr, new RegExp(`^Interrupted \\(${signal === "SIGINT" ? "Ctrl-C" : signal}\\)`));
      const events = jsonLines(result.stdout);
      const end = events.find((event) => event.type === "end");
      assert.equal(end?.reason, "aborted");
      assert.ok(typeof end?.turns === "number" && end.turns < SIGNALLED_TURNS, `stopped early, after ${String(end?.turns)} turns`);
      assert.equal(findPairingProblem(historyOf(events)), undefined);
      assert.equal(events.at(-1)?.type, "episodeEnd");
    });
  }

  test("--timeout 100 stops a run that never waits, with the timeout narrated", async () => {
    // In this process: the timer, not the process, is what is tested.
    const [json, narrated] = await Promise.all([cli([big, "--json", "--timeout", "100"]), cli([big, "--lang", "en", "--timeout", "100"])]);
    assert.equal(json.code, 0, json.err);
    const events = jsonLines(json.out);
    const end = events.find((event) => event.type === "end");
    assert.equal(end?.reason, "aborted");
    assert.ok(typeof end?.turns === "number" && end.turns < TURNS);
    assert.equal(findPairingProblem(historyOf(events)), undefined);
    assert.match(narrated.out, /timed out after 100 ms/);
    assert.equal(json.err + narrated.err, "");
  });

  test("a timeout past the timer limit (2^31 ms and more) neither fires early nor warns", async () => {
    const slow = writeScratch(
      "slow-long-timeout.json",
      JSON.stringify({
        title: "slow",
        episodes: [
          {
            user: "wait",
            timeoutMs: 99_999_999_999,
            script: [{ content: [{ type: "toolCall", id: "c1", name: "slow", arguments: { ms: 300 } }] }, { content: [{ type: "text", text: "done" }] }],
          },
        ],
      }),
    );
    const [fromFixture, fromFlag] = await Promise.all([collect(startCli([slow, "--json"])), collect(startCli([slow, "--json", "--timeout", String(2 ** 31)]))]);
    for (const result of [fromFixture, fromFlag]) {
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stderr, "", "no TimeoutOverflowWarning");
      assert.equal(jsonLines(result.stdout).find((event) => event.type === "end")?.reason, "stop");
    }
  });

  test("piped output waits for a slow reader: memory stays flat while nobody reads", async () => {
    // --wire-full prints the whole history in every request: gigabytes for a few thousand turns.
    // A reader that does not read must stall the run, not fill the writer's memory.
    const child = startCli([bigFixture(1_000, "x".repeat(2_000)), "--wire", "anthropic", "--wire-full", "--lang", "en"]);
    // Stop reading once output flows (start-up is over), let the pipe fill for 1 s, then sample
    // the child's memory for 3 s.
    await new Promise((resolve) => child.stdout?.once("data", resolve));
    child.stdout?.pause();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const samples: number[] = [];
    for (let sample = 0; sample < 15; sample++) {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      samples.push(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    child.kill("SIGKILL");
    const growthKb = Math.max(...samples) - (samples[0] ?? 0);
    assert.ok(growthKb < 16_000, `RSS grew by ${Math.round(growthKb / 1024)} MB while the reader was stalled (samples in KB: ${samples.join(" ")})`);
  });

  test("a reader that closes the pipe ends the run early, exit 0, nothing on stderr", async () => {
    // Without an early end this run would print gigabytes (see above) for minutes.
    const child = startCli([bigFixture(5_000), "--wire", "anthropic", "--wire-full", "--json"]);
    let closed = false;
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      let stderr = "";
      child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
      child.stdout?.on("data", () => {
        if (closed) return;
        closed = true;
        child.stdout?.destroy();
      });
      child.on("close", (code) => resolve({ code, stderr }));
    });
    assert.equal(result.code, 0);
    assert.equal(result.stderr, "");
  });
});
