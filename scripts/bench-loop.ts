// One agent-loop scale measurement, meant to run in a fresh child process (scripts/bench.ts starts
// one per size and listener), so the peak RSS and heap it reports belong to this size alone.
// Usage: node --import tsx scripts/bench-loop.ts <turns> <noop|narrator>; prints one JSON line.
import { FakeModel, type ScriptedReply } from "../src/fake-model.ts";
import { catalogs } from "../src/i18n/index.ts";
import type { AgentEvent } from "../src/loop/events.ts";
import { runAgentLoop } from "../src/loop/agent-loop.ts";
import { Narrator } from "../src/render/narrator.ts";
import { plainStyle } from "../src/render/style.ts";
import { ToolRegistry } from "../src/tool-registry.ts";
import { calc } from "../src/tools/calc.ts";

export type LoopListener = "noop" | "narrator";

export interface LoopMeasurement {
  turns: number;
  listener: LoopListener;
  ms: number;
  /** process.resourceUsage().maxRSS: the kernel's high-water mark for the whole process, in MB. */
  peakRssMb: number;
  /** The largest heapUsed seen, sampled every 1,024 turns and at the end, in MB. */
  peakHeapMb: number;
  /** Turns the loop reported, and the history length: checked, so the work cannot be skipped. */
  reportedTurns: number;
  historyLength: number;
}

/** `turns` replies with one calc call each, then a plain-text reply that ends the run. */
export function generatedScript(turns: number): ScriptedReply[] {
  const script: ScriptedReply[] = [];
  for (let turn = 0; turn < turns; turn++) {
    script.push({ content: [{ type: "toolCall", id: `call_${turn}`, name: "calc", arguments: { a: turn, b: 2, op: "mul" } }] });
  }
  script.push({ content: [{ type: "text", text: "done" }] });
  return script;
}

const WARMUP_TURNS = 2000;

/** One run of `turns` calc turns and a final text reply, with the listener the row names. */
async function runOnce(turns: number, listener: LoopListener, sample: () => void) {
  const model = new FakeModel(generatedScript(turns), { recordRequests: false });
  let narrated = 0;
  const narrator = new Narrator(catalogs.zh, plainStyle, () => {
    narrated++;
  });
  if (listener === "narrator") narrator.startEpisode("summary", "bench");
  const consume = listener === "narrator" ? (event: AgentEvent) => narrator.onEvent(event) : () => {};
  const onEvent = (event: AgentEvent) => {
    consume(event);
    if (event.type === "turnEnd" && event.turn % 1024 === 0) sample();
  };
  const start = process.hrtime.bigint();
  const result = await runAgentLoop({
    model,
    registry: new ToolRegistry([calc]),
    messages: [{ role: "user", content: "multiply, many times", timestamp: 0 }],
    maxTurns: turns + 1,
    onEvent,
    now: () => 0,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.turns !== turns + 1 || result.history.length !== 2 * turns + 2) {
    throw new Error(`loop ended early: ${result.reason} after ${result.turns} turns, ${result.history.length} messages`);
  }
  if (listener === "narrator" && narrated < turns) throw new Error(`the narrator wrote only ${narrated} lines`);
  return { ms, result };
}

export async function measureLoop(turns: number, listener: LoopListener): Promise<LoopMeasurement> {
  // A short untimed run first, so the size is timed with the loop already compiled, then a GC
  // (when the child has --expose-gc) so the warm-up's garbage does not count towards the peak.
  await runOnce(WARMUP_TURNS, listener, () => {});
  const gc: unknown = Reflect.get(globalThis, "gc");
  if (typeof gc === "function") gc();

  let peakHeap = process.memoryUsage().heapUsed;
  const sample = () => {
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  };
  const { ms, result } = await runOnce(turns, listener, sample);
  sample();
  return {
    turns,
    listener,
    ms,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    peakHeapMb: peakHeap / 2 ** 20,
    reportedTurns: result.turns,
    historyLength: result.history.length,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const turns = Number(process.argv[2]);
  const listener = process.argv[3];
  if (!Number.isInteger(turns) || turns < 1 || (listener !== "noop" && listener !== "narrator")) {
    process.stderr.write("usage: bench-loop.ts <turns> <noop|narrator>\n");
    process.exit(2);
  }
  process.stdout.write(`${JSON.stringify(await measureLoop(turns, listener))}\n`);
}
