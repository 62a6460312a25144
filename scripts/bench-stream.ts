// Bench rows for the partial-JSON parser (scripts/bench.ts prints them): one 1 MB tool-call
// argument delivered in 1-byte, 16-byte and 4 KB fragments, with the best value read after every
// fragment, as a streaming UI reads it. Compared in the same run, on the same fragments, with
//   - Pi's parseStreamingJson, which is JSON.parse on the whole text so far and, when that throws,
//     the `partial-json` package's parse (pi-mono packages/ai/src/utils/json-parse.ts; Pi depends
//     on the npm package, so the package is what runs here), and
//   - the `partial-json` package alone on the whole text so far.
// Times are CPU time of this process (user + system), not wall time: the machine has two cores
// and other work on it, and a wall clock would charge that work to whichever row was running.
// Both re-read the whole prefix per fragment, which is quadratic: a subject that has not finished
// within its time budget is stopped, and the row says how far it got and what the quadratic
// projection of the whole run is. Ours keeps its place, so its 1-byte row is linear, which the
// last row checks by doubling the input.
import { deepStrictEqual } from "node:assert/strict";
import { parse as partialJsonParse } from "partial-json";
import { PartialJsonParser } from "../src/json/partial-json.ts";
import { median } from "./bench-harness.ts";

type Row = [section: string, subject: string, measured: string, ratio: string, target: string];

/** Runs of ours per row (the median is shown): one run of a million pushes is at the mercy of GC. */
const OUR_RUNS = 5;

/** CPU milliseconds a re-parsing subject may use per row before it is stopped. */
const BUDGET_MS = 3_000;

/** A write_file-like argument of about `bytes` characters: a long string with escapes, plus a list. */
function bigArgument(bytes: number): string {
  const line = 'const answer = "forty-two";\t// a line of code\n';
  const items = Array.from({ length: 200 }, (_, index) => ({ index, ok: index % 2 === 0, weight: index / 7, tag: `item-${index}` }));
  const skeleton = JSON.stringify({ path: "src/big.ts", items, content: "" });
  const content = line.repeat(Math.ceil((bytes - skeleton.length) / (JSON.stringify(line).length - 2)));
  return JSON.stringify({ path: "src/big.ts", items, content });
}

function split(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let index = 0; index < text.length; index += size) pieces.push(text.slice(index, index + size));
  return pieces;
}

/** Milliseconds of CPU this process has used so far. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

interface Run {
  ms: number;
  /** Fragments processed; fewer than all when the budget ran out. */
  done: number;
  value: unknown;
}

function runOurs(pieces: readonly string[]): Run {
  const started = cpuMs();
  const parser = new PartialJsonParser();
  let seen = 0;
  for (const piece of pieces) {
    parser.push(piece);
    // Read the value after every fragment, as a UI would.
    if (parser.value !== undefined) seen++;
  }
  parser.end();
  if (seen === 0) throw new Error("no value seen");
  return { ms: cpuMs() - started, done: pieces.length, value: parser.value };
}

function runReparsing(pieces: readonly string[], parse: (text: string) => unknown): Run {
  const started = cpuMs();
  let text = "";
  let value: unknown;
  let done = 0;
  for (const piece of pieces) {
    text += piece;
    value = parse(text);
    done++;
    // The CPU clock is read every 64 fragments: reading it each time would be most of a 1-byte row.
    if ((done & 63) === 0 && cpuMs() - started > BUDGET_MS) break;
  }
  return { ms: cpuMs() - started, done, value };
}

function piParseStreamingJson(text: string): unknown {
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    try {
      return partialJsonParse(text) ?? {};
    } catch {
      return {};
    }
  }
}

function describe(run: Run, total: number, bytes: number): string {
  if (run.done === total) return `${run.ms.toFixed(0)} ms CPU, ${(bytes / 1e6 / (run.ms / 1000)).toFixed(1)} MB/s`;
  // Cost grows with the square of the fragments read: project the whole run from the part done.
  const projected = run.ms * (total / run.done) ** 2;
  return `stopped at ${((run.done / total) * 100).toFixed(2)}% after ${(run.ms / 1000).toFixed(1)} s CPU; ~${formatDuration(projected)} projected`;
}

function formatDuration(ms: number): string {
  if (ms < 120_000) return `${(ms / 1000).toFixed(0)} s`;
  if (ms < 7_200_000) return `${(ms / 60_000).toFixed(0)} min`;
  return `${(ms / 3_600_000).toFixed(0)} h`;
}

export function streamBenchRows(progress: (text: string) => void): Row[] {
  const rows: Row[] = [];
  const text = bigArgument(1_000_000);
  const expected: unknown = JSON.parse(text);
  const sizes: [label: string, size: number][] = [
    ["1-byte", 1],
    ["16-byte", 16],
    ["4 KB", 4096],
  ];
  let oursByteMs = 0;
  for (const [label, size] of sizes) {
    progress(`partial JSON, ${label} fragments`);
    const pieces = split(text, size);
    rows.push([`partial JSON, ${(text.length / 1e6).toFixed(2)} MB argument`, `${label} fragments (${pieces.length.toLocaleString("en")})`, "", "", ""]);
    // Warm-up, then the timed runs; the value must be the whole argument at the end.
    runOurs(split(text.slice(0, 100_000), size));
    const runs = Array.from({ length: OUR_RUNS }, () => runOurs(pieces));
    for (const run of runs) deepStrictEqual(run.value, expected);
    const ours: Run = { ms: median(runs.map((run) => run.ms)), done: pieces.length, value: runs[0]?.value };
    if (size === 1) oursByteMs = ours.ms;
    const subjects: [string, Run][] = [
      [`ours: PartialJsonParser, value read after each fragment (median of ${OUR_RUNS})`, ours],
      ["Pi's parseStreamingJson (JSON.parse, else partial-json)", runReparsing(pieces, piParseStreamingJson)],
      ["partial-json's parse on the text so far", runReparsing(pieces, (prefix) => partialJsonParse(prefix))],
    ];
    for (const [subject, run] of subjects) {
      if (run.done === pieces.length) deepStrictEqual(run.value, expected);
      const finished = run.done === pieces.length;
      const ratio = finished
        ? `${(run.ms / ours.ms).toFixed(1)}× ours`
        : `~${((run.ms * (pieces.length / run.done) ** 2) / ours.ms).toFixed(0)}× ours (projected)`;
      rows.push(["", subject, describe(run, pieces.length, text.length), run === ours ? "1.0× ours" : ratio, ""]);
    }
  }
  // Linear means twice the text costs about twice the time, even one byte at a time.
  progress("partial JSON, 2 MB in 1-byte fragments");
  const double = bigArgument(2_000_000);
  const doublePieces = split(double, 1);
  const doubleRuns = Array.from({ length: OUR_RUNS }, () => runOurs(doublePieces));
  deepStrictEqual(doubleRuns[0]?.value, JSON.parse(double));
  const doubledMs = median(doubleRuns.map((run) => run.ms));
  const growth = doubledMs / (oursByteMs || doubledMs);
  rows.push([
    "partial JSON, linearity",
    `ours, ${(double.length / 1e6).toFixed(2)} MB in 1-byte fragments (median of ${OUR_RUNS})`,
    `${doubledMs.toFixed(0)} ms CPU`,
    `${growth.toFixed(2)}× the 1 MB row`,
    `≤ 2.5× (linear): ${growth <= 2.5 ? "met" : "NOT met"}`,
  ]);
  return rows;
}

/** A UI showing the growing `content` as text: it reads the value's string after every fragment.
 *  Reading a character of a string grown by `+=` makes V8 flatten it, a copy of the whole. */
function runRereadingUi(pieces: readonly string[]): Run {
  const started = cpuMs();
  const parser = new PartialJsonParser();
  let shown = 0;
  let done = 0;
  for (const piece of pieces) {
    parser.push(piece);
    const value = parser.value;
    const content = typeof value === "object" && value !== null && "content" in value ? value.content : undefined;
    if (typeof content === "string" && content.length > 0) shown += content.charCodeAt(content.length - 1) > 0 ? 1 : 0;
    done++;
    if ((done & 63) === 0 && cpuMs() - started > BUDGET_MS) break;
  }
  if (shown === 0) throw new Error("nothing shown");
  return { ms: cpuMs() - started, done, value: parser.value };
}

/** The same UI kept from the parser's `changes`: each append goes on the end of its own text
 *  (a list of pieces, as a text view takes them), nothing is re-read. */
function runChangesUi(pieces: readonly string[]): Run {
  const started = cpuMs();
  const parser = new PartialJsonParser();
  const shown: string[] = [];
  for (const piece of pieces) {
    parser.push(piece);
    for (const change of parser.changes) {
      if (change.path[0] !== "content") continue;
      if (change.kind === "set" && typeof change.value === "string") shown.splice(0, shown.length, change.value);
      else if (change.kind === "append") shown.push(change.text);
    }
  }
  parser.end();
  const value = parser.value;
  if (!(typeof value === "object" && value !== null && "content" in value) || shown.join("") !== value.content)
    throw new Error("the UI's copy is not the value");
  return { ms: cpuMs() - started, done: pieces.length, value };
}

export function uiBenchRows(progress: (text: string) => void): Row[] {
  progress("partial JSON, a UI showing the growing text");
  const rows: Row[] = [];
  const text = bigArgument(1_000_000);
  const pieces = split(text, 1);
  runChangesUi(split(text.slice(0, 100_000), 1));
  const runs = Array.from({ length: OUR_RUNS }, () => runChangesUi(pieces));
  const ours: Run = { ms: median(runs.map((run) => run.ms)), done: pieces.length, value: runs[0]?.value };
  const rereading = runRereadingUi(pieces);
  const projected = rereading.done === pieces.length ? rereading.ms : rereading.ms * (pieces.length / rereading.done) ** 2;
  rows.push([`partial JSON, a UI showing the growing text`, `${(text.length / 1e6).toFixed(2)} MB argument in 1-byte fragments`, "", "", ""]);
  rows.push([
    "",
    `appends each fragment's \`changes\` to its own copy (median of ${OUR_RUNS})`,
    describe(ours, pieces.length, text.length),
    "1.0×",
    `faster than re-reading: ${ours.ms < projected ? "met" : "NOT met"}`,
  ]);
  rows.push([
    "",
    "reads value.content after each fragment (V8 flattens it: a copy each time)",
    describe(rereading, pieces.length, text.length),
    `~${(projected / ours.ms).toFixed(0)}× (projected)`,
    "",
  ]);
  return rows;
}

// Run alone: `node --import tsx scripts/bench-stream.ts` prints just these rows.
if (import.meta.url === `file://${process.argv[1]}`) {
  const progress = (text: string) => process.stderr.write(`bench-stream: ${text}\n`);
  for (const row of [...streamBenchRows(progress), ...uiBenchRows(progress)]) console.log(row.join(" | "));
}
