// serve under load, bounded and on loopback only: `tool-call-playground serve serve-calc --json`
// in a child process, then 1,000 requests, 20 in flight, spread over the four providers (first
// turn and the results turn, plain and streamed; bodies rendered by the wire view), each checked
// for status 200. p50 / p99 latency against a bare Node http server answering a fixed body in the
// same run, with the same client. The child is stopped with SIGINT and must exit 130.
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
function requests(): { path: string; body: string }[] {
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
        return { path: paths(provider, stream), body: JSON.stringify(body) };
      }),
    ),
  );
}

async function load(baseUrl: string, work: readonly { path: string; body: string }[], count = REQUESTS): Promise<Load> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const one = (item: { path: string; body: string }) =>
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

async function bareServer(): Promise<{ url: string; close(): Promise<void> }> {
  const body = JSON.stringify({ ok: true });
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export async function serveBenchRows(progress: (text: string) => void): Promise<Row[]> {
  progress("serve load");
  const work = requests();
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
  const served = await load(url, work);
  child.kill("SIGINT");
  const code = await exited;
  const bare = await bareServer();
  await load(bare.url, work, 200);
  const baseline = await load(bare.url, work);
  await bare.close();
  const ok = served.errors === 0 && code === 130;
  return [
    [`serve, ${REQUESTS.toLocaleString("en")} requests, ${CONCURRENCY} in flight (loopback)`, "", "", "", ""],
    [
      "",
      "serve serve-calc --json: 4 providers × 2 turns × plain/streamed",
      `p50 ${served.p50.toFixed(2)} ms, p99 ${served.p99.toFixed(2)} ms, ${served.errors} errors, ${(REQUESTS / served.seconds).toFixed(0)} req/s`,
      `p50 ${(served.p50 / baseline.p50).toFixed(1)}× bare`,
      `zero errors, exit 130 on SIGINT: ${ok ? "met" : `NOT met (${served.errors} errors, exit ${code})`}`,
    ],
    [
      "",
      "bare node:http server, fixed body (same client)",
      `p50 ${baseline.p50.toFixed(2)} ms, p99 ${baseline.p99.toFixed(2)} ms, ${baseline.errors} errors`,
      "1.00×",
      "",
    ],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await serveBenchRows((text) => process.stderr.write(`${text}\n`))) console.log(row.join("  "));
}
