// One agent-loop scale measurement on the path the CLI runs, meant to run in a fresh child process
// (scripts/bench.ts starts one per size and mode), so the peak RSS and heap it reports belong to
// this size alone. From a generated fixture text on: the loader's checks (parseFixture), then
// narrateFixture or fixtureJsonLines — the functions `tool-call-playground` and `--json` call —
// writing to /dev/null through a stream that applies backpressure the way cli-process.ts does. Only argv
// and the 5 MB file-size limit are left out (100k turns need 7 MB of fixture).
// Usage: node --import tsx scripts/bench-loop.ts <turns> <narrated|json>; prints one JSON line.
import { createWriteStream } from "node:fs";
import { fixtureJsonLines, narrateFixture } from "../src/commands/play/transcript.ts";
import { parseFixture } from "../src/fixture/load-fixture.ts";

export type LoopMode = "narrated" | "json";

export interface LoopMeasurement {
  turns: number;
  mode: LoopMode;
  ms: number;
  /** process.resourceUsage().maxRSS: the kernel's high-water mark for the whole process, in MB. */
  peakRssMb: number;
  /** The largest heapUsed seen, sampled every 1,024 lines written and at the end, in MB. */
  peakHeapMb: number;
  /** Lines written: checked, so the work cannot be skipped. */
  lines: number;
}

/** `turns` replies with one calc call each, then a plain-text reply that ends the run. */
export function generatedFixtureText(turns: number): string {
  const script: unknown[] = [];
  for (let turn = 0; turn < turns; turn++) {
    script.push({ content: [{ type: "toolCall", id: `call_${turn}`, name: "calc", arguments: { a: turn, b: 2, op: "mul" } }] });
  }
  script.push({ content: [{ type: "text", text: "done" }] });
  return JSON.stringify({ title: "bench", episodes: [{ user: "multiply, many times", tools: ["calc"], maxTurns: turns + 1, script }] });
}

const WARMUP_TURNS = 2000;

async function runOnce(turns: number, mode: LoopMode, sample: () => void) {
  const out = createWriteStream("/dev/null");
  let lines = 0;
  const write = (line: string) => {
    lines++;
    if ((lines & 1023) === 0) sample();
    out.write(`${line}\n`);
  };
  // As in cli-process.ts: a promise while the stream's buffer is full, and the run waits for it.
  const drained = () => (out.writableNeedDrain ? new Promise<void>((resolve) => out.once("drain", resolve)) : undefined);
  const start = process.hrtime.bigint();
  const fixture = parseFixture("bench.json", generatedFixtureText(turns));
  if (mode === "narrated") await narrateFixture(fixture, { lang: "zh", write, drained });
  else await fixtureJsonLines(fixture, { write, drained });
  await new Promise<void>((resolve) => out.end(resolve));
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (lines < turns * 4) throw new Error(`only ${lines} lines for ${turns} turns`);
  return { ms, lines };
}

export async function measureLoop(turns: number, mode: LoopMode): Promise<LoopMeasurement> {
  // A short untimed run first, so the size is timed with the code already compiled, then a GC
  // (when the child has --expose-gc) so the warm-up's garbage does not count towards the peak.
  await runOnce(WARMUP_TURNS, mode, () => {});
  const gc: unknown = Reflect.get(globalThis, "gc");
  if (typeof gc === "function") gc();

  let peakHeap = process.memoryUsage().heapUsed;
  const sample = () => {
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  };
  const { ms, lines } = await runOnce(turns, mode, sample);
  sample();
  return { turns, mode, ms, peakRssMb: process.resourceUsage().maxRSS / 1024, peakHeapMb: peakHeap / 2 ** 20, lines };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const turns = Number(process.argv[2]);
  const mode = process.argv[3];
  if (!Number.isInteger(turns) || turns < 1 || (mode !== "narrated" && mode !== "json")) {
    process.stderr.write("usage: bench-loop.ts <turns> <narrated|json>\n");
    process.exit(2);
  }
  process.stdout.write(`${JSON.stringify(await measureLoop(turns, mode))}\n`);
}
