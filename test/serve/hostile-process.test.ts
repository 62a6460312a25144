// serve as a process, where only a process shows it: a reader that does not read
// (`serve --json | less`) holds the requests back instead of the server queueing their narration in
// memory, and SIGTERM still ends the process at its grace, exit 143; a stdout whose reader left
// (`serve … | head -1`) stops the server with one line on stderr and exit 1 instead of a silent 0.
// In this process: --host 0.0.0.0 is not called loopback.
import assert from "node:assert/strict";
import { type ChildProcessByStdio, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { describe, test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { serve } from "../../src/commands/serve/serve-command.ts";
import { rawExchange, statusOf, validChat } from "./hostile-raw.ts";

type Child = ChildProcessByStdio<null, Readable, Readable>;

function startChild(...argv: string[]): { child: Child; url: Promise<string>; exit: Promise<number | null>; err: () => string; out: () => string } {
  return startServing("serve-calc", ...argv);
}

function startServing(
  fixture: string,
  ...argv: string[]
): { child: Child; url: Promise<string>; exit: Promise<number | null>; err: () => string; out: () => string } {
  const child = spawn(process.execPath, [join(projectRoot, "bin", "tool-call-playground"), "serve", fixture, "--lang", "en", ...argv], {
    cwd: projectRoot,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => void (err += chunk.toString()));
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n")[0];
      if (out.includes("\n") && line !== undefined) {
        child.stdout.off("data", onData);
        resolve(line);
      }
    };
    child.stdout.on("data", onData);
    child.once("exit", () => reject(new Error(`serve exited before its URL: ${err}`)));
  });
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, url, exit, err: () => err, out: () => out };
}

const portOf = (url: string) => Number(new URL(url).port);

/** A process's peak resident memory in MB, once it has stopped growing: read every 50 ms until ten
 *  readings in a row add nothing. Serve reading the bodies it should hold back grows it by 4 MB a
 *  request, reading after reading; holding them back, it stops within a few readings. */
async function settledPeak(pid: number | undefined): Promise<number> {
  const read = () => Number(/VmHWM:\s+([0-9]+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  let peak = read();
  for (let still = 0; still < 10; ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = read();
    still = now > peak ? 0 : still + 1;
    peak = Math.max(peak, now);
  }
  return peak;
}

// The two processes run side by side: each waits mostly on its own child.
describe("serve as a process", { concurrency: true }, () => {
  // The suite's one SIGTERM to serve's process: its handler, and the process's own deadline after
  // the grace on the system's clock (what serve does in the grace is serve-stop.test.ts's).
  test("--json with a reader that does not read holds requests back (memory stays at a few bodies), and SIGTERM still ends the process at its grace, exit 143", async (t) => {
    const run = startChild("--json");
    const url = await run.url;
    // The reader stops reading: stdout's pipe fills, as under a pager left waiting.
    run.child.stdout.pause();
    const big = "x".repeat(4 * 1024 * 1024);
    const body = JSON.stringify({
      model: "m",
      messages: [{ role: "user", content: big }],
      tools: [{ type: "function", function: { name: "calc", parameters: { type: "object" } } }],
    });
    const request = `POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
    // One answered request fills the pipe with its narration first, so that every later request
    // finds the output full, as it would once a pager had been left waiting for a while. Sent all
    // at once into an empty pipe, as many as the machine's load let through before the first
    // narration was written read their bodies, and the peak depended on the scheduler.
    assert.equal(statusOf(await rawExchange(portOf(url), request, 60_000)), 200);
    // 24 requests of 4 MB: queued narration alone would be 96 MB and more.
    const sent = Array.from({ length: 24 }, () => rawExchange(portOf(url), request, 60_000));
    const peak = await settledPeak(run.child.pid);
    // Still not reading: the process ends at its own deadline after the grace, whatever stdout does.
    run.child.kill("SIGTERM");
    let guard: NodeJS.Timeout | undefined;
    const code = await Promise.race([run.exit, new Promise<string>((resolve) => (guard = setTimeout(() => resolve("still running"), 60_000)))]);
    clearTimeout(guard);
    if (code === "still running") run.child.kill("SIGKILL");
    await Promise.all(sent);
    t.diagnostic(`serve's peak resident memory: ${Math.round(peak)} MB`);
    // Held back, it peaked at 111–126 MB on Node 20 and 26; narrating every request as it came
    // (no wait for the output), at 243–472 MB.
    assert.ok(peak < 200, `serve's peak memory was ${Math.round(peak)} MB`);
    assert.equal(code, 143, run.err());
  });

  test("serve | head -1: once the reader has gone, the next request stops the server with one line and exit 1", async () => {
    const run = startChild();
    const url = await run.url;
    // What head does after its one line: it exits, and the pipe's read end closes.
    run.child.stdout.destroy();
    await rawExchange(portOf(url), validChat());
    // The guard's timer is cleared once the child exits: left running, it would hold this worker
    // process open after its last test file.
    let guard: NodeJS.Timeout | undefined;
    const code = await Promise.race([run.exit, new Promise<string>((resolve) => (guard = setTimeout(() => resolve("still running"), 60_000)))]);
    clearTimeout(guard);
    if (code === "still running") run.child.kill("SIGKILL");
    assert.equal(code, 1, run.err());
    assert.match(run.err(), /stdout was closed/);
  });
});

test("--host 0.0.0.0 is said to listen on every network interface, not loopback only", async () => {
  let err = "";
  const interrupt = new AbortController();
  const exit = serve(
    "serve-calc",
    { port: 0, host: "0.0.0.0", lang: "en" },
    { out: () => {}, err: (text) => void (err += text), env: {}, isTTY: false, interrupt: interrupt.signal, onListening: () => interrupt.abort() },
  );
  await exit;
  assert.match(err, /on every network interface/);
  assert.doesNotMatch(err, /loopback only/);
});
