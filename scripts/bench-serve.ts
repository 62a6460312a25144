// serve under load, bounded and on loopback only: `tool-call-playground serve serve-calc --json`
// in a child process, warmed up, then rounds of 1,000 requests, 20 in flight, spread over the four
// providers (first turn and the results turn; bodies rendered by the wire view), each checked for
// status 200: once all plain, once all streamed. The yardstick is a bare Node http server in the
// bench's own process, with the same client, answering each request with the very bytes serve
// answered it with (bench-serve-bare.ts): requests per second against it is the target, the
// median of the rounds. The same bare server in a child process is a reference row. The serve
// child is stopped with SIGINT and must exit 130.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { join } from "node:path";
import { ToolRegistry } from "../src/agent/tool-registry.ts";
import type { Context } from "../src/protocol/types.ts";
import { providerIds } from "../src/providers/registry.ts";
import { calc } from "../src/tools/calc.ts";
import { renderWireRequest } from "../src/wire.ts";
import { median, nowMs } from "./bench-harness.ts";
import { type Answer, bareServer, bareServerChild } from "./bench-serve-bare.ts";
import { projectRoot } from "./goldens.ts";

type Row = [section: string, subject: string, measured: string, ratio: string, target: string];

/** Per round and mode. */
const REQUESTS = 1_000;
const ROUNDS = 5;
/** serve's warm-up, in windows of WARM_UP_WINDOW: see serveBenchRows. */
const WARM_UP = 40_000;
const WARM_UP_WINDOW = 5_000;
/** The bare servers' (a few dozen lines of JavaScript: they are warm long before this). */
const BARE_WARM_UP = 9_000;
const CONCURRENCY = 20;
const USER = "What is 7 + 5, and 6 times 7?";

interface Load {
  p50: number;
  p99: number;
  errors: number;
  seconds: number;
}

function paths(provider: string, stream: boolean): string {
  if (provider === "openai-chat") return "/v1/chat/completions";
  if (provider === "openai-responses") return "/v1/responses";
  if (provider === "anthropic") return "/v1/messages";
  return `/v1beta/models/fake-model:${stream ? "streamGenerateContent?alt=sse" : "generateContent"}`;
}

/** The 16 requests the load cycles through: 4 providers × (first turn, results turn) × (plain, streamed). */
export function requests(): Work[] {
  const tools = new ToolRegistry([calc]).definitions();
  const first: Context = { systemPrompt: "You are a helpful assistant.", messages: [{ role: "user", content: USER, timestamp: 0 }], tools };
  const second: Context = {
    ...first,
    messages: [
      ...first.messages,
      {
        role: "assistant",
        content: [
          { type: "toolCall", id: "call_1", name: "calc", arguments: { a: 7, b: 5, op: "add" } },
          { type: "toolCall", id: "call_2", name: "calc", arguments: { a: 6, b: 7, op: "mul" } },
        ],
        stopReason: "toolUse",
        timestamp: 0,
      },
      { role: "toolResult", toolCallId: "call_1", toolName: "calc", content: [{ type: "text", text: "12" }], isError: false, timestamp: 0 },
      { role: "toolResult", toolCallId: "call_2", toolName: "calc", content: [{ type: "text", text: "42" }], isError: false, timestamp: 0 },
    ],
  };
  return providerIds.flatMap((provider) =>
    [first, second].flatMap((context) =>
      [false, true].map((stream) => {
        const body: Record<string, unknown> = { ...renderWireRequest(provider, context).body };
        if (stream && provider !== "gemini") body.stream = true;
        return { path: paths(provider, stream), body: JSON.stringify(body), stream };
      }),
    ),
  );
}

export interface Work {
  path: string;
  body: string;
  stream: boolean;
}

export async function load(baseUrl: string, work: readonly Work[], count = REQUESTS): Promise<Load> {
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
  return { p50: at(0.5), p99: at(0.99), errors: errors + (count - latencies.length), seconds };
}

/** What serve answers each request with: status, content type and body bytes. */
async function capture(baseUrl: string, work: readonly Work[]): Promise<Map<string, Answer>> {
  const answers = new Map<string, Answer>();
  for (const item of work) {
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = request(`${baseUrl}${item.path}`, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers["content-type"] ?? ""), body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end(item.body);
    });
    answers.set(`${item.path}\n${item.body}`, answer);
  }
  return answers;
}

export async function serveBenchRows(progress: (text: string) => void): Promise<Row[]> {
  progress("serve load");
  const work = requests();
  const plain = work.filter((item) => !item.stream);
  const streamed = work.filter((item) => item.stream);
  const child = spawn(process.execPath, ["--import", "tsx", join(projectRoot, "src/main.ts"), "serve", "serve-calc", "--json"], {
    cwd: projectRoot,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr.resume();
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`serve exited ${code} before listening`)));
    child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString("utf8").split("\n")[0] ?? ""));
  });
  // The narration is read and dropped, as a terminal would take it.
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // Warm-up, not counted: tsx and the JIT. A server answers for hours, and the target is what it
  // sustains; its first tens of thousands of requests run while V8 is still compiling the
  // exchange's code paths (four readers, four rule tables, four renderers). Measured in process
  // (the exchange and its --json line, 10,000 requests a window, all 16 requests, three runs):
  // 185–216 µs in the first window, 55–76 in the second, 35–60 from the third on; in the child,
  // 5,000 a window: 380, 186, 104, then 80–102. The 9,000 this bench warmed up with before
  // measured the compiler more than serve. The windows' CPU per request is printed with the
  // rows, so a reader sees it level off — or not.
  const warmUp: number[] = [];
  for (let done = 0; done < WARM_UP; done += WARM_UP_WINDOW) {
    const run = await withCpu(child.pid, () => load(url, work, WARM_UP_WINDOW));
    if (run.cpuMs !== undefined) warmUp.push((run.cpuMs * 1000) / WARM_UP_WINDOW);
  }
  const answers = await capture(url, work);
  const bare = await bareServer(answers);
  const bareChild = await bareServerChild(answers);
  await load(bare.url, work, BARE_WARM_UP);
  await load(bareChild.url, work, BARE_WARM_UP);
  // Interleaved rounds, so the machine's load falls on all alike, and the median round reported.
  const rounds: Record<Mode, Round[]> = { plain: [], streamed: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of ["plain", "streamed"] as const) {
      const items = mode === "plain" ? plain : streamed;
      const served = await withCpu(child.pid, () => load(url, items));
      const baseline = await load(bare.url, items);
      const inChild = await withCpu(bareChild.pid, () => load(bareChild.url, items));
      rounds[mode].push({ served, bare: baseline, bareChild: inChild });
    }
  }
  child.kill("SIGINT");
  const code = await exited;
  await bare.close();
  await bareChild.close();
  const errors = [...rounds.plain, ...rounds.streamed].reduce((sum, round) => sum + round.served.errors, 0);
  const ok = errors === 0 && code === 130;
  const section = `serve, ${REQUESTS.toLocaleString("en")} requests × ${ROUNDS} rounds (median), ${CONCURRENCY} in flight (loopback), after ${WARM_UP.toLocaleString("en")} warm-up`;
  const rows: Row[] = [[section, "", "", "", ""]];
  const curve = warmUp.map((us) => us.toFixed(0)).join(", ");
  rows.push(["", `serve's warm-up, CPU per request, each ${WARM_UP_WINDOW.toLocaleString("en")} requests (all 16)`, `${curve} µs`, "", ""]);
  for (const mode of ["plain", "streamed"] as const) rows.push(...modeRows(mode, rounds[mode]));
  rows.push(["", "serve: every answer 200, exit 130 on SIGINT", "", "", ok ? "met" : `NOT met (${errors} errors, exit ${code})`]);
  return rows;
}

type Mode = "plain" | "streamed";

interface Round {
  served: Measured;
  bare: Load;
  bareChild: Measured;
}

/** A load with the CPU time its server process spent meanwhile (all its threads), where Linux's
 *  /proc says it: unlike requests per second, it hardly moves with what else the machine runs. */
type Measured = Load & { cpuMs: number | undefined };

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

async function withCpu(pid: number | undefined, run: () => Promise<Load>): Promise<Measured> {
  const before = processCpuMs(pid);
  const result = await run();
  const after = processCpuMs(pid);
  return { ...result, cpuMs: before === undefined || after === undefined ? undefined : after - before };
}

/** CPU milliseconds per request over every round (one round is too few clock ticks to read). */
function cpuPerRequest(runs: readonly Measured[]): number | undefined {
  let total = 0;
  for (const run of runs) {
    if (run.cpuMs === undefined) return undefined;
    total += run.cpuMs;
  }
  return total / (runs.length * REQUESTS);
}

const rate = (run: Load) => REQUESTS / run.seconds;
const timing = (run: Load) => `${rate(run).toFixed(0)} req/s, p50 ${run.p50.toFixed(2)} ms, p99 ${run.p99.toFixed(2)} ms`;

/** A mode's rows: serve and each bare server in the round whose serve/bare ratio is the median. */
function modeRows(mode: Mode, rounds: readonly Round[]): Row[] {
  const ratioOf = (round: Round) => rate(round.served) / rate(round.bare);
  const ratio = median(rounds.map(ratioOf));
  const middle = [...rounds].sort((a, b) => ratioOf(a) - ratioOf(b))[Math.floor(rounds.length / 2)];
  if (!middle) return [];
  const childRatio = median(rounds.map((round) => rate(round.bareChild) / rate(round.bare)));
  const spread = rounds.map((round) => ratioOf(round).toFixed(2)).join(", ");
  const servedCpu = cpuPerRequest(rounds.map((round) => round.served));
  const bareCpu = cpuPerRequest(rounds.map((round) => round.bareChild));
  const cpu = (ms: number | undefined) => (ms === undefined ? "" : `, ${ms.toFixed(3)} ms CPU per request`);
  const work = servedCpu === undefined || bareCpu === undefined ? "" : `; serve spends ${(servedCpu / bareCpu).toFixed(2)}× its CPU per request`;
  return [
    [
      "",
      `serve serve-calc --json, ${mode}: 4 providers × 2 turns`,
      `${timing(middle.served)}, ${middle.served.errors} errors${cpu(servedCpu)}`,
      `${ratio.toFixed(2)}× bare req/s (rounds: ${spread})`,
      `≥ 0.7× bare: ${ratio >= 0.7 ? "met" : "NOT met"}`,
    ],
    ["", `bare node:http, the same answers, ${mode}`, timing(middle.bare), "1.00×", ""],
    [
      "",
      `bare node:http in a child process, ${mode} (reference: across a process boundary, as serve runs)`,
      `${timing(middle.bareChild)}${cpu(bareCpu)}`,
      `${childRatio.toFixed(2)}× bare req/s${work}`,
      "",
    ],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await serveBenchRows((text) => process.stderr.write(`${text}\n`))) console.log(row.join("  "));
}
