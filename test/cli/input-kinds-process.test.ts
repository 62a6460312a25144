// Stdin from /dev/zero, where only a process shows it: the fixture run reads the process's own
// standard input through /dev/stdin (serve loads its fixture the same way), and ends within 5 s
// with one line and its exit code for unusable input, its heap capped at 512 MB and its peak
// resident memory (read at exit through a preloaded hook on fd 3) under 512 MB. The commands that
// read stdin as "-" are given /dev/zero in this process: test/io/read-input.test.ts.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { openSync } from "node:fs";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { describe, test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";

const CAP_MB = 512;
/** At exit, the process's peak resident memory in kB and its CPU time in ms, written to fd 3.
 *  The 5 s bound is the child's CPU time: a suite sharing the cores cannot make it fail, and a
 *  hang is still caught (killed at 30 s, so no exit code). */
const peakHook = `data:text/javascript,${encodeURIComponent(
  'import { writeSync } from "node:fs"; process.on("exit", () => { try { const u = process.resourceUsage(); writeSync(3, JSON.stringify({ peak: u.maxRSS, cpu: (u.userCPUTime + u.systemCPUTime) / 1000 })); } catch {} });',
)}`;

const cases: { name: string; argv: string[]; code: number }[] = [{ name: "the fixture run, /dev/stdin", argv: ["/dev/stdin"], code: 1 }];

function collect(stream: Readable): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    stream.on("data", (chunk: Buffer) => void (text += chunk.toString()));
    stream.on("end", () => resolve(text));
  });
}

describe("stdin from /dev/zero", () => {
  for (const { name, argv, code } of cases) {
    test(`${name}: one line, exit ${code}, within 5 s and ${CAP_MB} MB`, async (t) => {
      const started = Date.now();
      const child = spawn(
        process.execPath,
        [`--max-old-space-size=${CAP_MB}`, "--import", peakHook, join(projectRoot, "bin", "tool-call-playground"), "--lang", "en", ...argv],
        { cwd: projectRoot, stdio: [openSync("/dev/zero", "r"), "pipe", "pipe", "pipe"] },
      );
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      const [out, err, peak, exit] = await Promise.all([
        collect(child.stdout as Readable),
        collect(child.stderr as Readable),
        collect(child.stdio[3] as Readable),
        new Promise<number | null>((resolve) => child.once("exit", (status) => resolve(status))),
      ]);
      clearTimeout(timer);
      const wall = Date.now() - started;
      const usage: { peak?: number; cpu?: number } = peak === "" ? {} : JSON.parse(peak);
      const peakMb = (usage.peak ?? 0) / 1024;
      const took = usage.cpu ?? Number.POSITIVE_INFINITY;
      t.diagnostic(`${name}: ${Math.round(took)} ms of CPU (${wall} ms wall), peak ${Math.round(peakMb)} MB`);
      assert.equal(exit, code, err);
      assert.equal(out, "");
      assert.equal(err.trimEnd().split("\n").length, 1, err);
      assert.ok(took < 5000, `took ${Math.round(took)} ms of CPU`);
      assert.ok(peakMb > 0 && peakMb < CAP_MB, `peak ${peakMb} MB`);
    });
  }
});
