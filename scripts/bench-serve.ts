// serve under load, bounded and on loopback only: `tool-call-playground serve serve-calc --json`
// in a child process, then 1,000 requests, 20 in flight, spread over the four providers (first
// turn and the results turn; bodies rendered by the wire view), each checked for status 200:
// once all plain, once all streamed. The yardstick is a bare Node http server in the same run,
// with the same client, answering each request with the very bytes serve answered it with (its
// status, content type and body, captured first): requests per second against it is the target.
// The child is stopped with SIGINT and must exit 130.
import { spawn } from "node:child_process";
import { Agent, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { ToolRegistry } from "../src/agent/tool-registry.ts";
import type { Context } from "../src/protocol/types.ts";
import { providerIds } from "../src/providers/registry.ts";
import { calc } from "../src/tools/calc.ts";
import { renderWireRequest } from "../src/wire.ts";
import { nowMs } from "./bench-harness.ts";
import { projectRoot } from "./goldens.ts";

type Row = [section: string, subject: string, measured: string, ratio: string, target: string];

const REQUESTS = 1_000;
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
function requests(): Work[] {
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

interface Work {
  path: string;
  body: string;
  stream: boolean;
}

async function load(baseUrl: string, work: readonly Work[], count = REQUESTS): Promise<Load> {
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

interface Answer {
  status: number;
  contentType: string;
  body: Buffer;
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

/** A server that reads each request whole and answers it with serve's captured answer to it. */
async function bareServer(answers: ReadonlyMap<string, Answer>): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const answer = answers.get(`${req.url}\n${Buffer.concat(chunks).toString("utf8")}`);
      if (!answer) return res.writeHead(404).end();
      res.writeHead(answer.status, { "content-type": answer.contentType }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
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
  await load(url, work, 200); // warm-up: tsx and the JIT, not counted
  const answers = await capture(url, work);
  const bare = await bareServer(answers);
  await load(bare.url, work, 200);
  // Interleaved, so the machine's load falls on both alike: serve plain, bare plain, serve streamed, bare streamed.
  const servedPlain = await load(url, plain);
  const barePlain = await load(bare.url, plain);
  const servedStreamed = await load(url, streamed);
  const bareStreamed = await load(bare.url, streamed);
  const served = { plain: servedPlain, streamed: servedStreamed };
  const baseline = { plain: barePlain, streamed: bareStreamed };
  child.kill("SIGINT");
  const code = await exited;
  await bare.close();
  const errors = served.plain.errors + served.streamed.errors;
  const ok = errors === 0 && code === 130;
  const rate = (run: Load) => REQUESTS / run.seconds;
  const rows: Row[] = [[`serve, ${REQUESTS.toLocaleString("en")} requests, ${CONCURRENCY} in flight (loopback)`, "", "", "", ""]];
  for (const mode of ["plain", "streamed"] as const) {
    const ours = served[mode];
    const theirs = baseline[mode];
    const ratio = rate(ours) / rate(theirs);
    rows.push(
      [
        "",
        `serve serve-calc --json, ${mode}: 4 providers × 2 turns`,
        `${rate(ours).toFixed(0)} req/s, p50 ${ours.p50.toFixed(2)} ms, p99 ${ours.p99.toFixed(2)} ms, ${ours.errors} errors`,
        `${ratio.toFixed(2)}× bare req/s`,
        `≥ 0.7× bare: ${ratio >= 0.7 ? "met" : "NOT met"}`,
      ],
      [
        "",
        `bare node:http, the same answers, ${mode}`,
        `${rate(theirs).toFixed(0)} req/s, p50 ${theirs.p50.toFixed(2)} ms, p99 ${theirs.p99.toFixed(2)} ms`,
        "1.00×",
        "",
      ],
    );
  }
  rows.push(["", "serve: every answer 200, exit 130 on SIGINT", "", "", ok ? "met" : `NOT met (${errors} errors, exit ${code})`]);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await serveBenchRows((text) => process.stderr.write(`${text}\n`))) console.log(row.join("  "));
}
