// `npm run bench`: one table, every row measured in this run — validation against ajv, TypeBox and
// zod, the executor's overhead, the agent loop at 1k/10k/100k turns (each size in a fresh child
// process, so its peak memory is its own) and start-up — with the targets printed next to them.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { executeToolCall } from "../src/execute-tool-call.ts";
import { ToolRegistry } from "../src/tool-registry.ts";
import { echo, echoSchema } from "../src/tools/echo.ts";
import type { ToolCall } from "../src/types.ts";
import { compareAsyncRates, formatRate, median, nowMs } from "./bench-harness.ts";
import type { LoopMode, LoopMeasurement } from "./bench-loop.ts";
import { measureStartup } from "./bench-startup.ts";
import { runValidationBench } from "./bench-validation.ts";
import { lintBenchRows } from "./bench-lint.ts";
import { projectRoot } from "./goldens.ts";

type Row = [section: string, subject: string, measured: string, ratio: string, target: string];
const rows: Row[] = [];
const began = nowMs();
const progress = (text: string) => process.stderr.write(`bench: ${text} (${((nowMs() - began) / 1000).toFixed(0)} s)\n`);

// --- Validation ---------------------------------------------------------------------------------
progress("validation");
for (const { name, input, rates } of runValidationBench()) {
  const [ours, ...others] = rates;
  if (!ours) continue;
  const libraries = others.filter((rate) => rate.library);
  const fastest = libraries.reduce((best, rate) => (rate.perSecond > best.perSecond ? rate : best), ours);
  const target =
    name === "valid"
      ? `≥ fastest of the three: ${fastest === ours ? "met" : `NOT met (${fastest.label.replace(/ ¹$/, "")} ${(fastest.perSecond / ours.perSecond).toFixed(2)}× ours)`}`
      : "";
  rows.push([`validate, ${name}`, `input ${input}`, "", "", ""]);
  for (const rate of rates) {
    rows.push(["", rate.label, `${formatRate(rate.perSecond)}ops/s`, `${(rate.perSecond / ours.perSecond).toFixed(2)}× ours`, rate === ours ? target : ""]);
  }
}

// --- Executor -----------------------------------------------------------------------------------
progress("executor");
const registry = new ToolRegistry([echo]);
const BATCH = 1000;
const calls: ToolCall[] = Array.from({ length: BATCH }, (_, index) => ({ type: "toolCall", id: `call_${index}`, name: "echo", arguments: { value: "Pi", ignored: index } }));
let answered = 0;
const executorRates = await compareAsyncRates([
  {
    label: "direct: echoSchema.parse + await echo.execute",
    batch: async () => {
      for (const call of calls) if ((await echo.execute(echoSchema.parse(call.arguments), { callId: call.id })).content.length === 1) answered++;
      return BATCH;
    },
  },
  {
    label: "executeToolCall, sequential",
    batch: async () => {
      for (const call of calls) if ((await executeToolCall(call, registry)).toolCallId === call.id) answered++;
      return BATCH;
    },
  },
  {
    label: `executeToolCall, ${BATCH.toLocaleString("en")} in flight`,
    batch: async () => {
      const results = await Promise.all(calls.map((call) => executeToolCall(call, registry)));
      answered += results.filter((result, index) => result.toolCallId === calls[index]?.id && !result.isError).length;
      return BATCH;
    },
  },
]);
if (answered === 0) throw new Error("no call was answered");
const [direct = 1, sequential = 0, inFlight = 0] = executorRates;
rows.push(["executor, echo", "", "", "", ""]);
rows.push(["", "direct: echoSchema.parse + await echo.execute", `${formatRate(direct)}calls/s`, "1.00× direct", ""]);
rows.push(["", "executeToolCall, sequential", `${formatRate(sequential)}calls/s`, `${(sequential / direct).toFixed(2)}× direct`, ""]);
rows.push(["", `executeToolCall, ${BATCH.toLocaleString("en")} in flight`, `${formatRate(inFlight)}calls/s`, `${(inFlight / direct).toFixed(2)}× direct`, ""]);

// --- Agent loop at scale --------------------------------------------------------------------------
const sizes = [1_000, 10_000, 100_000];
const repeats: Record<number, number> = { 1_000: 5, 10_000: 3, 100_000: 2 };

function isMeasurement(value: unknown): value is LoopMeasurement {
  return typeof value === "object" && value !== null && "ms" in value && typeof value.ms === "number" && "peakRssMb" in value && "peakHeapMb" in value;
}

/** One fresh process per run, so the peak RSS and heap are this size's alone. */
function loopInChild(turns: number, mode: LoopMode): LoopMeasurement {
  const child = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", join(projectRoot, "scripts", "bench-loop.ts"), String(turns), mode], {
    cwd: projectRoot,
    encoding: "utf8",
    timeout: 300_000,
  });
  const parsed: unknown = child.status === 0 ? JSON.parse(child.stdout) : undefined;
  if (!isMeasurement(parsed)) throw new Error(`bench-loop ${turns} ${mode} failed (${child.status ?? child.signal}): ${child.stderr}`);
  return parsed;
}

// The CLI's own path, end to end: loader checks, loop, narration or JSON Lines, output stream.
for (const mode of ["narrated", "json"] as const) {
  progress(`agent loop, CLI path, ${mode}`);
  rows.push([`agent loop, CLI path: ${mode === "narrated" ? "zh transcript" : "--json"} → /dev/null`, "", "", "", ""]);
  const times: number[] = [];
  for (const turns of sizes) {
    const runs = Array.from({ length: repeats[turns] ?? 3 }, () => loopInChild(turns, mode));
    const ms = median(runs.map((run) => run.ms));
    times.push(ms);
    const rss = median(runs.map((run) => run.peakRssMb));
    const heap = median(runs.map((run) => run.peakHeapMb));
    const previous = times[times.length - 2];
    const ratio = previous === undefined ? "" : (ms / previous).toFixed(1);
    const target = previous === undefined ? "" : `${turns / 10_000 >= 10 ? "100k/10k" : "10k/1k"} ≤ 12: ${ms / previous <= 12 ? "met" : "NOT met"}`;
    rows.push([
      "",
      `${turns.toLocaleString("en")} turns (median of ${runs.length})`,
      `${ms.toFixed(0)} ms, peak RSS ${rss.toFixed(0)} MB, heap ${heap.toFixed(0)} MB`,
      ratio === "" ? "" : `${ratio}× previous`,
      target,
    ]);
  }
}

// --- Start-up -------------------------------------------------------------------------------------
progress("start-up");
const startup = measureStartup();
rows.push(["start-up", "", "", "", ""]);
rows.push(["", "node --import tsx empty.ts", `${startup.floorMs.toFixed(0)} ms`, "1.00×", ""]);
rows.push([
  "",
  `walkthrough (median of ${startup.runs})`,
  `${startup.walkthroughMs.toFixed(0)} ms`,
  `${startup.ratio.toFixed(2)}×`,
  `≤ 1.30×: ${startup.ratio <= 1.3 ? "met" : "NOT met"}`,
]);

rows.push(...lintBenchRows(progress));
rows.push(...(await import("./bench-stream.ts")).streamBenchRows(progress));
rows.push(...(await (await import("./bench-serve.ts")).serveBenchRows(progress)));

// --- The table ------------------------------------------------------------------------------------
const header: Row = ["section", "subject", "measured", "ratio", "target"];
const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => [...(row[column] ?? "")].length)));
const line = (row: Row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ").trimEnd();
console.log(line(header));
console.log(widths.map((width) => "-".repeat(width)).join("  "));
for (const row of rows) console.log(line(row));
console.log(`
¹ TypeBox's compiled Check only answers true/false: it builds no output and drops no key (an extra
  key passes, since Type.Object allows additional properties unless told otherwise). Ours and zod
  return a new object holding only the declared keys; ajv with removeAdditional deletes keys in place.
² Invalid input: ours and zod through safeParse (ours throws a SchemaError inside, without a stack
  trace, and safeParse catches it; zod 4 reports its own error object); ajv and TypeBox return false.
³ Not a library: TypeBox's Check followed by building the object ours returns, to show that the
  gap to TypeBox is that one allocation (own-key checks and the rest are measured as free).
Validation: every input is a fresh object (pools of 4,096), median of 7 interleaved rounds after a
warm-up; each subject has its own compiled timing loop, which keeps every result for a moment and
counts the accepted ones (checked).
Node ${process.version}, ${((nowMs() - began) / 1000).toFixed(0)} s in all.`);
