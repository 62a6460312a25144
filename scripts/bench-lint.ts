// Bench rows for `lint`: a 10 MB request body per provider (a long conversation rendered by the
// wire view, with a few rules broken so findings are located too), linted the way the command
// does it: JSON.parse, the provider's table, then line:column for each finding. Target: < 1 s.
import { locateFindings } from "../src/commands/lint/finding-lines.ts";
import type { Context, Message } from "../src/protocol/types.ts";
import { detectBodyProvider, loadAllParts } from "../src/providers/registry.ts";
import { lintBody } from "../src/providers/shared/lint-body.ts";
import { renderWireRequest, type WireProvider, wireProviders } from "../src/wire.ts";
import { median, nowMs } from "./bench-harness.ts";

const partsOf = await loadAllParts();

type Row = [section: string, subject: string, measured: string, ratio: string, target: string];

const TARGET_BYTES = 10 * 1024 * 1024;
const RUNS = 5;

/** A conversation of `turns` calc round trips with some text, and every 50th text block blank. */
function conversation(turns: number): Context {
  const messages: Message[] = [{ role: "user", content: "Add up the numbers, one call each.", timestamp: 0 }];
  for (let turn = 0; turn < turns; turn++) {
    messages.push({
      role: "assistant",
      content: [
        { type: "text", text: `Step ${turn}: adding ${turn} and ${turn + 1}, as the plan in the previous message said.` },
        { type: "toolCall", id: `call_${turn}`, name: "calc", arguments: { a: turn, b: turn + 1, op: "add", note: "x".repeat(40) } },
      ],
      stopReason: "toolUse",
      timestamp: 0,
    });
    messages.push({
      role: "toolResult",
      toolCallId: `call_${turn}`,
      toolName: "calc",
      content: [{ type: "text", text: String(2 * turn + 1) }],
      isError: false,
      timestamp: 0,
    });
  }
  return {
    systemPrompt: "Use calc.",
    messages,
    tools: [
      {
        name: "calc",
        description: "Adds.",
        parameters: { type: "object", properties: { a: { type: "number" }, b: { type: "number" }, op: { type: "string" } } },
      },
    ],
  };
}

/** A body of about 10 MB for `provider`, as JSON text, with every 500th step's text blanked (a finding where the provider has a text rule). */
function bigBody(provider: WireProvider): string {
  const probe = JSON.stringify(renderWireRequest(provider, conversation(100)).body).length;
  const turns = Math.ceil((TARGET_BYTES / probe) * 100);
  const text = JSON.stringify(renderWireRequest(provider, conversation(turns)).body);
  return text.replace(/"Step (\d+): [^"]*"/g, (whole, step: string) => (Number(step) % 500 === 0 ? '" "' : whole));
}

export function lintBenchRows(progress: (text: string) => void): Row[] {
  progress("lint, 10 MB bodies");
  const rows: Row[] = [["lint, ~10 MB body", "", "", "", ""]];
  for (const provider of wireProviders) {
    const text = bigBody(provider);
    const times: number[] = [];
    const cpuTimes: number[] = [];
    const parseTimes: number[] = [];
    let findings = 0;
    for (let run = 0; run < RUNS; run++) {
      // JSON.parse alone, as the yardstick the lint time is compared with in the same run.
      const parseStart = nowMs();
      if (JSON.parse(text) === null) throw new Error("empty body");
      parseTimes.push(nowMs() - parseStart);
      const start = nowMs();
      // CPU time too: on a busy machine wall time counts other processes' turns.
      const cpuStart = process.cpuUsage();
      const body: unknown = JSON.parse(text);
      const detected = detectBodyProvider(body);
      const located = locateFindings(text, lintBody(body, partsOf(detected.provider ?? provider).rules));
      const cpu = process.cpuUsage(cpuStart);
      times.push(nowMs() - start);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
      findings = located.length;
    }
    const ms = median(times);
    const parseMs = median(parseTimes);
    rows.push([
      "",
      `${provider}, ${(text.length / (1024 * 1024)).toFixed(1)} MB, ${findings} findings (median of ${RUNS})`,
      `${ms.toFixed(0)} ms, CPU ${median(cpuTimes).toFixed(0)} ms (JSON.parse alone ${parseMs.toFixed(0)} ms)`,
      `${(ms / parseMs).toFixed(1)}× JSON.parse`,
      `< 1 s: ${ms < 1000 ? "met" : median(cpuTimes) < 1000 ? "met in CPU time only (busy machine?)" : "NOT met"}`,
    ]);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of lintBenchRows((text) => process.stderr.write(`bench: ${text}\n`))) console.log(row.filter(Boolean).join("  "));
}
