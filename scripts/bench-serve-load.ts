// The load generator of scripts/bench-serve.ts, one for every server it measures: a fixed number
// of POST requests over keep-alive connections, a fixed number in flight, each answer read whole
// and checked for status 200, each request given up after REQUEST_TIMEOUT_MS (counted as an
// error), so a run is bounded in count and in time. Alongside, the CPU time the server's process
// spent meanwhile, where Linux's /proc says it: unlike requests per second, it hardly moves with
// what else the machine runs.
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { nowMs } from "./bench-harness.ts";
import type { Answer } from "./bench-serve-bare.ts";

export const CONCURRENCY = 20;
const REQUEST_TIMEOUT_MS = 10_000;

export interface Work {
  path: string;
  body: string;
  stream: boolean;
}

export interface Load {
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  seconds: number;
}

export async function load(baseUrl: string, work: readonly Work[], count: number): Promise<Load> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const one = (item: Work) =>
    new Promise<void>((resolve) => {
      const started = nowMs();
      const req = request(`${baseUrl}${item.path}`, { method: "POST", agent, headers: { "content-type": "application/json" } }, (res) => {
        res.resume();
        res.on("end", () => {
          latencies.push(nowMs() - started);
          if (res.statusCode !== 200) errors++;
          resolve();
        });
      });
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error("timed out")));
      req.on("error", () => {
        errors++;
        resolve();
      });
      req.end(item.body);
    });
  const began = nowMs();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const item = work[next++ % work.length];
        if (item) await one(item);
      }
    }),
  );
  const seconds = (nowMs() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return { requests: count, p50: at(0.5), p99: at(0.99), errors: errors + (count - latencies.length), seconds };
}

/** The key an answer is kept under: path and body. */
export const answerKey = (item: Work) => `${item.path}\n${item.body}`;

/** What a server answers each request with: status, content type and body bytes. */
export async function capture(baseUrl: string, work: readonly Work[]): Promise<Map<string, Answer>> {
  const answers = new Map<string, Answer>();
  for (const item of work) {
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = request(`${baseUrl}${item.path}`, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers["content-type"] ?? ""), body: Buffer.concat(chunks) }));
      });
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error("timed out")));
      req.on("error", reject);
      req.end(item.body);
    });
    answers.set(answerKey(item), answer);
  }
  return answers;
}

/** A load with the CPU time its server process spent meanwhile (all its threads). */
export type Measured = Load & { cpuMs: number | undefined };

const TICKS_PER_SECOND = 100;

function processCpuMs(pid: number | undefined): number | undefined {
  try {
    // Fields 14 and 15 (utime, stime), after the command name's closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

export async function withCpu(pid: number | undefined, run: () => Promise<Load>): Promise<Measured> {
  const before = processCpuMs(pid);
  const result = await run();
  const after = processCpuMs(pid);
  return { ...result, cpuMs: before === undefined || after === undefined ? undefined : after - before };
}

/** CPU milliseconds per request over every round (one round is too few clock ticks to read). */
export function cpuPerRequest(runs: readonly Measured[]): number | undefined {
  let total = 0;
  let requests = 0;
  for (const run of runs) {
    if (run.cpuMs === undefined) return undefined;
    total += run.cpuMs;
    requests += run.requests;
  }
  return total / requests;
}

export const rate = (run: Load) => run.requests / run.seconds;
export const timing = (run: Load) => `${rate(run).toFixed(0)} req/s, p50 ${run.p50.toFixed(2)} ms, p99 ${run.p99.toFixed(2)} ms`;

/** A server in a child process as the bench holds it: its URL, its pid (for the CPU it spends),
 *  and a stop that waits for it to exit. */
export function childServer(child: ChildProcess, url: string): { url: string; pid: number | undefined; close(): Promise<void> } {
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    url,
    pid: child.pid,
    close: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
