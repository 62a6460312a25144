// `npm run bench`: one table, every row measured in this run — validation against ajv, TypeBox and
// zod, the executor's overhead, the agent loop at 1k/10k/100k turns (each size in a fresh child
// process, so its peak memory is its own), start-up, lint, import and replay at scale, the bytes
// --wire writes, the partial-JSON parser and serve against two mock LLM servers from npm — with the
// targets printed next to them.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { Ajv } from "ajv";
import { executeToolCall } from "../src/agent/execute-tool-call.ts";
import { ToolRegistry } from "../src/agent/tool-registry.ts";
import type { ToolCall } from "../src/protocol/types.ts";
import { echo, echoSchema } from "../src/tools/echo.ts";
import { compareAsyncRates, formatRate, median, nowMs } from "./bench-harness.ts";
import { lintBenchRows } from "./bench-lint.ts";
import type { LoopMeasurement, LoopMode } from "./bench-loop.ts";
import { startupBenchRows } from "./bench-startup.ts";
import { runValidationBench, type ValidationCase } from "./bench-validation.ts";
import { projectRoot } from "./goldens.ts";

type Row = [section: string, subject: string, measured: string, ratio: string, target: string];
const rows: Row[] = [];
const began = nowMs();
const progress = (text: string) => process.stderr.write(`bench: ${text} (${((nowMs() - began) / 1000).toFixed(0)} s)\n`);

// --- Validation ---------------------------------------------------------------------------------
function isValidationCases(value: unknown): value is ValidationCase[] {
  return Array.isArray(value) && value.every((item) => typeof item === "object" && item !== null && "rates" in item && Array.isArray(item.rates));
}

/** The invalid-input cases again, alone in a fresh process: nothing measured before them there. */
function invalidOnlyInChild(): ValidationCase[] {
  const child = spawnSync(process.execPath, ["--import", "tsx", join(projectRoot, "scripts", "bench-validation.ts"), "invalid"], {
    cwd: projectRoot,
    encoding: "utf8",
    timeout: 120_000,
  });
  const parsed: unknown = child.status === 0 ? JSON.parse(child.stdout) : undefined;
  if (!isValidationCases(parsed)) throw new Error(`bench-validation invalid failed (${child.status ?? child.signal}): ${child.stderr}`);
  return parsed;
}

function validationRows(cases: readonly ValidationCase[], suffix: string): void {
  for (const { name, input, target, rates } of cases) {
    const [ours, ...others] = rates;
    if (!ours) continue;
    const compared = others.filter((rate) => rate.target);
    const short = (label: string) => label.replace(/ [¹²³⁴⁵⁶]$/, "");
    let verdict: string;
    if (target === "fastest") {
      const fastest = compared.reduce((best, rate) => (rate.perSecond > best.perSecond ? rate : best), ours);
      verdict = `≥ every peer doing the same work: ${fastest === ours ? "met" : `NOT met (${short(fastest.label)} ${(fastest.perSecond / ours.perSecond).toFixed(2)}× ours)`}`;
    } else {
      const faster = compared.filter((rate) => rate.perSecond > ours.perSecond);
      verdict = `≥ ajv and TypeBox, first error's path + message read: ${faster.length === 0 ? "met" : `NOT met (${faster.map((rate) => `${short(rate.label)} ${(rate.perSecond / ours.perSecond).toFixed(2)}×`).join(", ")})`}`;
    }
    rows.push([`validate, ${name}${suffix}`, `input ${input.length > 48 ? `${input.slice(0, 45)}…` : input}`, "", "", ""]);
    for (const rate of rates) {
      rows.push(["", rate.label, `${formatRate(rate.perSecond)}ops/s`, `${(rate.perSecond / ours.perSecond).toFixed(2)}× ours`, rate === ours ? verdict : ""]);
    }
  }
}

progress("validation");
validationRows(runValidationBench(), "");
progress("validation, invalid input alone in a fresh process");
validationRows(invalidOnlyInChild(), " (own process)");

// --- Executor -----------------------------------------------------------------------------------
progress("executor");
const registry = new ToolRegistry([echo]);
const BATCH = 1000;
const calls: ToolCall[] = Array.from({ length: BATCH }, (_, index) => ({
  type: "toolCall",
  id: `call_${index}`,
  name: "echo",
  arguments: { value: "Pi", ignored: index },
}));
let answered = 0;
// Pi's validator: ajv with the options validateToolArguments uses, on the same JSON Schema.
const piAjv = new Ajv({ allErrors: true, strict: false, coerceTypes: true });
// As a TypeBox Type.Object declares it: undeclared keys (the calls carry one) are allowed, not refused.
const piEchoSchema = { ...echoSchema.jsonSchema, additionalProperties: true };
const isEchoArguments = (value: unknown): value is { value: string } =>
  typeof value === "object" && value !== null && "value" in value && typeof value.value === "string";
const badCalls: ToolCall[] = calls.map((call) => ({ ...call, arguments: { value: 128 } }));
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
    label: "Pi's per-call path",
    batch: async () => {
      for (const call of calls) {
        // What validateToolArguments does for each call (badlogic/pi-mono packages/ai/src/utils/validation.ts):
        // compile (a cache hit after the first), clone the arguments, validate with coercion.
        const validate = piAjv.compile(piEchoSchema);
        const args = structuredClone(call.arguments);
        if (!validate(args) || !isEchoArguments(args)) throw new Error("Pi's path rejected valid arguments");
        if ((await echo.execute(args, { callId: call.id })).content.length === 1) answered++;
      }
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
  {
    label: "executeToolCall, bad arguments (isError result)",
    batch: async () => {
      for (const call of badCalls) if ((await executeToolCall(call, registry)).isError) answered++;
      return BATCH;
    },
  },
  {
    label: "executeToolCall, coerce policy (converts 128)",
    batch: async () => {
      for (const call of badCalls) if (!(await executeToolCall(call, registry, {}, { validation: "coerce" })).isError) answered++;
      return BATCH;
    },
  },
]);
if (answered === 0) throw new Error("no call was answered");
const [direct = 1, sequential = 0, piPath = 0, inFlight = 0, badArguments = 0, coerced = 0] = executorRates;
/** What the executor adds to each call, in ns: lookup, the result message, the promise. */
const adds = (rate: number) => `adds ${((1 / rate - 1 / direct) * 1e9).toFixed(0)} ns a call`;
rows.push(["executor, echo", "", "", "", ""]);
rows.push(["", "direct: echoSchema.parse + await echo.execute", `${formatRate(direct)}calls/s`, "1.00× direct", ""]);
rows.push([
  "",
  "executeToolCall, sequential",
  `${formatRate(sequential)}calls/s`,
  `${(sequential / direct).toFixed(2)}× direct`,
  `≥ Pi's per-call path: ${sequential >= piPath ? "met" : "NOT met"} (${(sequential / piPath).toFixed(2)}×; ${adds(sequential)})`,
]);
rows.push([
  "",
  "Pi's per-call path: ajv coerceTypes + structuredClone + execute ⁵",
  `${formatRate(piPath)}calls/s`,
  `${(piPath / direct).toFixed(2)}× direct`,
  "",
]);
rows.push(["", `executeToolCall, ${BATCH.toLocaleString("en")} in flight`, `${formatRate(inFlight)}calls/s`, `${(inFlight / direct).toFixed(2)}× direct`, ""]);
rows.push([
  "",
  "executeToolCall, bad arguments (isError result)",
  `${formatRate(badArguments)}calls/s`,
  `${(badArguments / direct).toFixed(2)}× direct`,
  adds(badArguments),
]);
rows.push(["", "executeToolCall, coerce policy (converts 128)", `${formatRate(coerced)}calls/s`, `${(coerced / direct).toFixed(2)}× direct`, adds(coerced)]);

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
rows.push(...startupBenchRows(progress));

rows.push(...lintBenchRows(progress));
rows.push(...(await import("./bench-import.ts")).importBenchRows(progress));
const streamBench = await import("./bench-stream.ts");
rows.push(...streamBench.streamBenchRows(progress), ...streamBench.uiBenchRows(progress));
rows.push(...(await (await import("./bench-serve.ts")).serveBenchRows(progress)));

// --- The table ------------------------------------------------------------------------------------
const header: Row = ["section", "subject", "measured", "ratio", "target"];
const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => [...(row[column] ?? "")].length)));
const line = (row: Row) =>
  row
    .map((cell, column) => cell.padEnd(widths[column] ?? 0))
    .join("  ")
    .trimEnd();
console.log(line(header));
console.log(widths.map((width) => "-".repeat(width)).join("  "));
for (const row of rows) console.log(line(row));
console.log(`
Valid input: the target is every subject doing ours' work (check, then hand back an object holding
  the declared keys only): TypeBox Check + the same copy, ajv with extra keys allowed, zod; on the
  extra-keys rows ajv removeAdditional too. The rows without a target do less and are shown for scale.
¹ TypeBox's compiled Check only answers true/false: it builds no output and drops no key (an extra
  key passes, since Type.Object allows additional properties unless told otherwise). Ours and zod
  return a new object holding only the declared keys; ajv with removeAdditional deletes keys in place.
² Invalid input: every subject reads its first error's place and message (ours: path and message;
  ajv: instancePath and message; TypeBox: path and message), as a caller must to tell the model
  what was wrong. Ours returns its one SchemaError from the field's check, never throwing inside,
  built without the Error constructor (so without a stack); its message is worded on first read
  and kept with the field's expectation. zod 4 returns its issues (read: the first).
³ TypeBox's Check followed by building, by hand, the object ours returns (the 10-field copy
  includes the array and the nested object): the same work as ours with TypeBox's check.
⁴ TypeBox's Decode returns a value, as parse does, but it is the input itself (no transforms here,
  extra keys kept); on invalid input it throws an Error holding the first error.
Validation: inputs are distinct objects made by JSON.parse, as a model's arguments are (pools of
4,096, fresh each pass only for ajv removeAdditional, which deletes keys), median of 7 interleaved
rounds after a warm-up; each subject has its own compiled timing loop, which keeps every result for
a moment and counts the accepted ones (checked). "(own process)": the invalid-input cases alone in a
fresh process, so nothing measured before them shapes the JIT's view.
⁶ ajv compiled from ours' JSON Schema (additionalProperties: false) refuses an extra key, which
  means walking every key: more work than ours, which accepts and drops them. ajv compiled from
  TypeBox's schema (extra keys allowed, as ours) is the equal-work comparison and the target.
⁵ Not Pi itself (it is not a dependency here) but what its validateToolArguments does per call:
  ajv.compile (a cache hit), structuredClone of the arguments, validation with coerceTypes, then the
  tool. "adds" is 1/rate − 1/direct: what executeToolCall spends beyond parsing and running the tool.
Node ${process.version}, ${((nowMs() - began) / 1000).toFixed(0)} s in all.`);
