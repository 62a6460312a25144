// Bench rows for the paths that grow with a conversation: `import` of a logged body and the
// narrated replay of what it wrote, at 2k/8k/16k user turns; import of a 10 MB body, with
// JSON.parse of the same text for scale (no target: nobody importing a log feels a second);
// import of a body where every reply breaks a rule, at 1 MB and 2 MB; and the bytes `--wire`
// writes at 1k and 10k turns, and the CPU it takes. Each measurement runs in a fresh child process
// (`node --import tsx scripts/bench-import.ts <kind> <size>` prints one JSON line), so one size's
// garbage does not shape the next; CPU time (user + system) is the figure, since wall time on a
// shared machine counts other processes' turns.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { importSource } from "../src/commands/import/import-source.ts";
import { narrateFixture } from "../src/commands/play/transcript.ts";
import { parseFixture } from "../src/fixture/load-fixture.ts";
import type { Context, Message } from "../src/protocol/types.ts";
import { renderWireRequest } from "../src/wire.ts";
import { generatedFixtureText } from "./bench-loop.ts";
import { projectRoot } from "./goldens.ts";

type Row = [section: string, subject: string, measured: string, ratio: string, target: string];

const kinds = ["import", "replay", "import10mb", "findings", "wire"] as const;
type Kind = (typeof kinds)[number];

interface Measurement {
  cpuMs: number;
  /** JSON.parse of the same text, for import10mb. */
  parseCpuMs?: number;
  /** Output bytes, for wire. */
  bytes?: number;
  /** What the size came to: user turns, MB, findings. */
  detail: string;
}

const calcTool = {
  name: "calc",
  description: "Adds.",
  parameters: { type: "object", properties: { a: { type: "number" }, b: { type: "number" }, op: { type: "string" } } },
};

/** `users` user turns, each answered by one calc round trip and a text reply; then one more
 *  user message, so the log ends at a request it holds no reply to, as a logged body does. */
function conversation(users: number): Context {
  const messages: Message[] = [];
  for (let turn = 0; turn < users; turn++) {
    messages.push({ role: "user", content: `What is ${turn} + 1?`, timestamp: 0 });
    messages.push({
      role: "assistant",
      content: [
        { type: "text", text: `Step ${turn}: adding ${turn} and 1.` },
        { type: "toolCall", id: `call_${turn}`, name: "calc", arguments: { a: turn, b: 1, op: "add" } },
      ],
      stopReason: "toolUse",
      timestamp: 0,
    });
    messages.push({
      role: "toolResult",
      toolCallId: `call_${turn}`,
      toolName: "calc",
      content: [{ type: "text", text: String(turn + 1) }],
      isError: false,
      timestamp: 0,
    });
    messages.push({ role: "assistant", content: [{ type: "text", text: `It is ${turn + 1}.` }], stopReason: "stop", timestamp: 0 });
  }
  messages.push({ role: "user", content: "Thanks.", timestamp: 0 });
  return { systemPrompt: "Use calc.", messages, tools: [calcTool] };
}

function chatBody(users: number): string {
  return JSON.stringify(renderWireRequest("openai-chat", conversation(users)).body);
}

/** User turns whose OpenAI Chat body comes to about `bytes`. */
function usersFor(bytes: number): number {
  return Math.ceil((bytes / chatBody(100).length) * 100);
}

/** An Anthropic body of about `bytes` where every reply's text is blank: one finding per reply. */
function allFindingsBody(bytes: number): string {
  const probe = JSON.stringify(renderWireRequest("anthropic", conversation(100)).body).length;
  const users = Math.ceil((bytes / probe) * 100);
  return JSON.stringify(renderWireRequest("anthropic", conversation(users)).body).replace(/"Step \d+: [^"]*"/g, '" "');
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

async function imported(text: string) {
  const outcome = await importSource(text, { title: "bench" });
  if (!outcome.ok) throw new Error(`import refused the bench body: ${outcome.problem.kind}`);
  return outcome;
}

async function measure(kind: Kind, size: number): Promise<Measurement> {
  switch (kind) {
    case "import": {
      const text = chatBody(size);
      const start = process.cpuUsage();
      await imported(text);
      return { cpuMs: cpuMs(start), detail: `${size} user turns, ${(text.length / 2 ** 20).toFixed(1)} MB` };
    }
    case "replay": {
      const { fixture } = await imported(chatBody(size));
      let lines = 0;
      const start = process.cpuUsage();
      await narrateFixture(fixture, { lang: "en", write: () => void lines++ });
      if (lines < size) throw new Error("the replay wrote too little");
      return { cpuMs: cpuMs(start), detail: `${size} user turns` };
    }
    case "import10mb": {
      const text = chatBody(usersFor(size * 2 ** 20));
      const parseStart = process.cpuUsage();
      if (JSON.parse(text) === null) throw new Error("empty body");
      const parseCpuMs = cpuMs(parseStart);
      const start = process.cpuUsage();
      await imported(text);
      return { cpuMs: cpuMs(start), parseCpuMs, detail: `${(text.length / 2 ** 20).toFixed(1)} MB` };
    }
    case "findings": {
      const text = allFindingsBody(size * 2 ** 20);
      const start = process.cpuUsage();
      const { report } = await imported(text);
      return { cpuMs: cpuMs(start), detail: `${(text.length / 2 ** 20).toFixed(1)} MB, ${report.findings.length} findings` };
    }
    case "wire": {
      const fixture = parseFixture("bench.json", generatedFixtureText(size));
      let bytes = 0;
      const start = process.cpuUsage();
      await narrateFixture(fixture, { lang: "zh", wire: "anthropic", write: (line) => void (bytes += Buffer.byteLength(line) + 1) });
      return { cpuMs: cpuMs(start), bytes, detail: `${size} turns` };
    }
  }
}

function isMeasurement(value: unknown): value is Measurement {
  return typeof value === "object" && value !== null && "cpuMs" in value && typeof value.cpuMs === "number" && "detail" in value;
}

function inChild(kind: Kind, size: number): Measurement {
  const child = spawnSync(process.execPath, ["--import", "tsx", join(projectRoot, "scripts", "bench-import.ts"), kind, String(size)], {
    cwd: projectRoot,
    encoding: "utf8",
    timeout: 1_800_000,
    maxBuffer: 1 << 20,
  });
  const parsed: unknown = child.status === 0 ? JSON.parse(child.stdout) : undefined;
  if (!isMeasurement(parsed)) throw new Error(`bench-import ${kind} ${size} failed (${child.status ?? child.signal}): ${child.stderr}`);
  return parsed;
}

const seconds = (ms: number) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`);
const verdict = (met: boolean) => (met ? "met" : "NOT met");

/** One row per size, and the largest against the smallest with its target. */
function scaleRows(section: string, kind: Kind, sizes: readonly number[], limit: number, progress: (text: string) => void): Row[] {
  const rows: Row[] = [[section, "", "", "", ""]];
  const first = sizes[0] ?? 1;
  const last = sizes[sizes.length - 1] ?? 1;
  let base: number | undefined;
  for (const size of sizes) {
    progress(`${section}, ${size}`);
    const { cpuMs, detail } = inChild(kind, size);
    base ??= cpuMs;
    const ratio = cpuMs / base;
    rows.push([
      "",
      detail,
      `CPU ${seconds(cpuMs)}`,
      size === first ? "" : `${ratio.toFixed(1)}× ${first / 1000}k`,
      size === last ? `${last / first}× the turns ≤ ${limit}×: ${verdict(ratio <= limit)}` : "",
    ]);
  }
  return rows;
}

export function importBenchRows(progress: (text: string) => void): Row[] {
  const rows: Row[] = [];
  rows.push(...scaleRows("import, OpenAI Chat body (CPU)", "import", [2000, 8000, 16000], 10, progress));
  rows.push(...scaleRows("replay of the imported fixture, narrated (CPU)", "replay", [2000, 8000, 16000], 10, progress));

  progress("import, 10 MB body");
  const big = inChild("import10mb", 10);
  const parseMs = big.parseCpuMs ?? Number.NaN;
  rows.push([
    "import, ~10 MB body",
    `openai-chat, ${big.detail}`,
    `CPU ${seconds(big.cpuMs)} (JSON.parse alone ${seconds(parseMs)})`,
    `${(big.cpuMs / parseMs).toFixed(1)}× JSON.parse`,
    "",
  ]);

  progress("import, every reply a finding");
  const one = inChild("findings", 1);
  const two = inChild("findings", 2);
  rows.push(["import, every reply breaks a rule (CPU)", `anthropic, ${one.detail}`, `CPU ${seconds(one.cpuMs)}`, "", ""]);
  rows.push([
    "",
    `anthropic, ${two.detail}`,
    `CPU ${seconds(two.cpuMs)}`,
    `${(two.cpuMs / one.cpuMs).toFixed(2)}× 1 MB`,
    `2 MB / 1 MB ≤ 2.5: ${verdict(two.cpuMs / one.cpuMs <= 2.5)}`,
  ]);

  rows.push(...wireBenchRows(progress));
  return rows;
}

/** --wire at 1k and 10k turns: both linear, since each request is written, and rendered, as what it adds to the one before. */
export function wireBenchRows(progress: (text: string) => void): Row[] {
  const rows: Row[] = [];
  rows.push(["--wire anthropic, narrated: output bytes and CPU", "", "", "", ""]);
  let small: Measurement | undefined;
  for (const turns of [1000, 10000]) {
    progress(`--wire output, ${turns} turns`);
    const run = inChild("wire", turns);
    small ??= run;
    const ratio = (run.bytes ?? 0) / (small.bytes ?? 1);
    const cpuRatio = run.cpuMs / small.cpuMs;
    rows.push([
      "",
      `${turns.toLocaleString("en")} turns`,
      `${((run.bytes ?? 0) / 2 ** 20).toFixed(1)} MB written, CPU ${seconds(run.cpuMs)}`,
      run === small ? "" : `${ratio.toFixed(1)}× bytes, ${cpuRatio.toFixed(1)}× CPU`,
      run === small ? "" : `10k/1k bytes ≤ 12: ${verdict(ratio <= 12)}; CPU ≤ 12: ${verdict(cpuRatio <= 12)}`,
    ]);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kind = kinds.find((name) => name === process.argv[2]);
  const size = Number(process.argv[3]);
  if (kind === undefined || !Number.isFinite(size) || size <= 0) {
    for (const row of importBenchRows((text) => process.stderr.write(`bench: ${text}\n`))) console.log(row.filter(Boolean).join("  "));
  } else process.stdout.write(`${JSON.stringify(await measure(kind, size))}\n`);
}
