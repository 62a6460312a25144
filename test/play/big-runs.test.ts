// Long scripted runs (issue 10): memory that stays linear in the number of turns, a run that never
// waits still stops on Ctrl-C, SIGTERM, SIGHUP and --timeout with every call paired, output that
// waits for a slow reader, and timeouts past Node's timer limit that neither fire early nor warn.
// As a process where the process is the point — a capped heap, a real signal (SIGHUP: the other
// two are shown on processes in cli-input.test.ts and hostile-process.test.ts), a pipe nobody
// reads; the rest in this process, through runCli. (A reader that closes the pipe early is
// test/narration/terminal.test.ts's `| head -1`.)
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { findPairingProblem } from "../../src/protocol/tool-pairing.ts";
import type { Message } from "../../src/protocol/types.ts";
import { TestClock } from "../test-clock.ts";
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

/** A --json run stopped by `signal` early: one line naming it, every call paired, the episode closed. */
function assertStoppedEarly(stdout: string, stderr: string, signal: string): void {
  assert.equal(stderr.trimEnd().split("\n").length, 1, stderr);
  // The one line names what stopped the run: Ctrl-C is SIGINT, the others by their own name.
  assert.match(stderr, new RegExp(`^Interrupted \\(${signal === "SIGINT" ? "Ctrl-C" : signal}\\)`));
  const events = jsonLines(stdout);
  const end = events.find((event) => event.type === "end");
  assert.equal(end?.reason, "aborted");
  assert.ok(typeof end?.turns === "number" && end.turns < SIGNALLED_TURNS, `stopped early, after ${String(end?.turns)} turns`);
  assert.equal(findPairingProblem(historyOf(events)), undefined);
  assert.equal(events.at(-1)?.type, "episodeEnd");
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
  test("5,000 turns fit a 64 MB heap: no per-request copies of the history", async () => {
    // With the FakeModel recording every request (a copy of the history each), 10k turns held
    // ~1 GB; 5k turns die past 160 MB. Without copies the run needs under 48 MB.
    const result = await collect(startCli([bigFixture(5_000), "--lang", "en"], { nodeArgs: ["--max-old-space-size=64"] }));
    assert.equal(result.code, 0, result.stderr.slice(0, 500));
    assert.equal(result.stderr, "");
    assert.match(result.stdout, /5001 model requests/);
  });

  test("SIGHUP to the process in a run that never waits stops it early, every call paired, valid --json, exit 129", async () => {
    const child = startCli([signalled, "--json", "--lang", "en"]);
    let sent = false;
    const result = await collect(child, (soFar) => {
      if (!sent && soFar.includes('"turn":50,')) {
        sent = true;
        child.kill("SIGHUP");
      }
    });
    assert.equal(result.code, 129, result.stderr);
    assert.equal(result.signal, null);
    assertStoppedEarly(result.stdout, result.stderr, "SIGHUP");
  });

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    test(`${signal} in a run that never waits stops it early, every call paired, valid --json`, async () => {
      const result = await cli([signalled, "--json", "--lang", "en"], {}, { signal, interruptWhen: (soFar) => soFar.includes('"turn":50,') });
      assert.equal(result.code, 130, result.err);
      assertStoppedEarly(result.out, result.err, signal);
    });
  }

  test("--timeout 100 stops a run that never waits, with the timeout narrated", async () => {
    // On a clock the test moves: 100 ms pass once the run is well under way, however fast the machine.
    const timedOut = (args: string[], underWay: RegExp) =>
      cli([big, ...args, "--timeout", "100"], {}, { clock: new TestClock(), advanceWhen: { holds: (out) => underWay.test(out), ms: 100 } });
    const json = await timedOut(["--json"], /"turn":50,/);
    const narrated = await timedOut(["--lang", "en"], /\[50\] /);
    assert.equal(json.code, 0, json.err);
    const events = jsonLines(json.out);
    const end = events.find((event) => event.type === "end");
    assert.equal(end?.reason, "aborted");
    assert.ok(typeof end?.turns === "number" && end.turns < TURNS);
    assert.equal(findPairingProblem(historyOf(events)), undefined);
    assert.match(narrated.out, /timed out after 100 ms/);
    assert.equal(json.err + narrated.err, "");
  });

  test("a timeout past the timer limit (2^31 ms and more) does not fire before its time", async () => {
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
    // On a clock the test moves: the slow call's 300 ms pass once it has started. How the system's
    // clock waits out a delay past Node's timer limit is test/io/clock.test.ts's.
    for (const args of [
      [slow, "--json"],
      [slow, "--json", "--timeout", String(2 ** 31)],
    ]) {
      const result = await cli(args, {}, { clock: new TestClock(), advanceWhen: { holds: (out) => out.includes('"type":"toolProgress"'), ms: 300 } });
      assert.equal(result.code, 0, result.err);
      assert.equal(result.err, "");
      assert.equal(jsonLines(result.out).find((event) => event.type === "end")?.reason, "stop");
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
});
