// Start-up cost, as wall time of whole commands, each pair measured interleaved in one run so the
// machine's noise hits both alike, medians reported:
// - on the Node running the bench (Node 20), the walkthrough as `npm start` runs it, against the
//   floor, `node --import tsx` on an empty file: at most 1.30× it;
// - on the newest LTS, Node 26 from the npm registry's `node` package (fetched by `npm exec` into
//   npm's cache, outside the project's dependencies), the walkthrough with no loader, as `npm start`
//   runs it (the launcher, where Node strips the types itself), against the same walkthrough
//   through tsx on that Node: at most half its time. Both must print the walkthrough's golden
//   transcript, expected-output.txt. When Node 26 cannot be had (offline, say), the row says so and
//   is skipped. Two references show what bounds that ratio: an empty TypeScript file loaded the
//   same two ways (the lowest ratio any program can have: Node's start against Node's start plus
//   tsx's), and the walkthrough's own time beyond that empty file, no loader ÷ tsx. While the second
//   is above 0.50×, every millisecond of work costs the no-loader run more than half what it costs
//   through tsx, so the ratio rises from the first towards the second and cannot reach 0.50×.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median } from "./bench-harness.ts";
import { projectRoot } from "./goldens.ts";

type Row = [section: string, subject: string, measured: string, ratio: string, target: string];

const NEWEST_LTS = 26;
const RUNS = 15;

interface Run {
  ms: number;
  status: number | null;
  stdout: string;
  stderr: string;
}

function timed(node: string, args: string[]): Run {
  const start = process.hrtime.bigint();
  const child = spawnSync(node, args, { cwd: projectRoot, encoding: "utf8", timeout: 60_000 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return { ms, status: child.status, stdout: child.stdout, stderr: child.stderr };
}

/** Why a run failed, in one line: its exit status and the first line naming an error. */
function failure(args: string[], run: Run): string {
  const said = run.stderr.split("\n").find((line) => /error/i.test(line)) ?? run.stderr.split("\n")[0] ?? "";
  return `${args.join(" ")} exited ${run.status}: ${said.trim().slice(0, 120)}`;
}

/** `npm start`'s node arguments, read from package.json so the bench measures what a learner runs. */
function startArguments(): string[] {
  const manifest: unknown = JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8"));
  const scripts = typeof manifest === "object" && manifest !== null && "scripts" in manifest ? manifest.scripts : undefined;
  const start = typeof scripts === "object" && scripts !== null && "start" in scripts ? scripts.start : undefined;
  const words = typeof start === "string" ? start.split(" ") : [];
  if (words[0] !== "node" || words.some((word) => word.includes("$") || word.includes("&")))
    throw new Error(`npm start is not a plain node command: ${String(start)}`);
  return words.slice(1);
}

interface Pair {
  baseMs: number;
  subjectMs: number;
  ratio: number;
}

/**
 * The median wall time of `base` and `subject`, run alternately. One warm-up each first: tsx
 * compiles on first sight and caches, and a learner's second run is the typical one. Either
 * command failing, or printing other than `expected` when one is given, ends the measurement
 * with the reason.
 */
function measurePair(node: string, base: string[], subject: string[], expected?: string): Pair | string {
  for (const args of [base, subject]) {
    const run = timed(node, args);
    if (run.status !== 0) return failure(args, run);
    if (expected !== undefined && run.stdout !== expected) return `${args.join(" ")} printed other than expected-output.txt`;
  }
  const baseTimes: number[] = [];
  const subjectTimes: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    for (const [args, times] of [
      [base, baseTimes],
      [subject, subjectTimes],
    ] as const) {
      const run = timed(node, args);
      if (run.status !== 0) return failure(args, run);
      times.push(run.ms);
    }
  }
  const baseMs = median(baseTimes);
  const subjectMs = median(subjectTimes);
  return { baseMs, subjectMs, ratio: subjectMs / baseMs };
}

/** Node 26's binary, from the npm registry's `node` package, or why it cannot be had. */
function newestLtsNode(): { path: string; version: string } | string {
  const child = spawnSync(
    "npm",
    ["exec", "--yes", "--prefer-offline", `--package=node@${NEWEST_LTS}`, "--", "node", "-p", "process.execPath + '\\n' + process.version"],
    { cwd: tmpdir(), encoding: "utf8", timeout: 300_000 },
  );
  const [path = "", version = ""] = (child.stdout ?? "").trim().split("\n");
  if (child.status !== 0 || !version.startsWith(`v${NEWEST_LTS}.`)) {
    const said = (child.stderr ?? "").split("\n").find((line) => line.trim() !== "") ?? String(child.error ?? child.signal ?? "");
    return `npm exec --package=node@${NEWEST_LTS} failed (${child.status ?? child.signal}): ${said.trim().slice(0, 120)}`;
  }
  return { path, version };
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

export function startupBenchRows(progress: (text: string) => void): Row[] {
  progress("start-up");
  const rows: Row[] = [];
  const empty = join(mkdtempSync(join(tmpdir(), "tcp-bench-")), "empty.ts");
  writeFileSync(empty, "export {};\n");
  const here = measurePair(process.execPath, ["--import", "tsx", empty], startArguments());
  rows.push([`start-up, Node ${process.version}`, "", "", "", ""]);
  if (typeof here === "string") {
    rows.push(["", "walkthrough, as npm start runs it", "", "", `≤ 1.30× node --import tsx empty.ts: NOT met (${here})`]);
  } else {
    rows.push(["", "node --import tsx empty.ts", ms(here.baseMs), "1.00×", ""]);
    rows.push([
      "",
      `walkthrough, as npm start runs it (median of ${RUNS})`,
      ms(here.subjectMs),
      `${here.ratio.toFixed(2)}×`,
      `≤ 1.30×: ${here.ratio <= 1.3 ? "met" : "NOT met"}`,
    ]);
  }

  progress(`start-up, Node ${NEWEST_LTS}`);
  const node = newestLtsNode();
  if (typeof node === "string") {
    rows.push([`start-up, newest LTS (Node ${NEWEST_LTS})`, "", "", "", `skipped: Node ${NEWEST_LTS} cannot be had (${node})`]);
    return rows;
  }
  const expected = readFileSync(join(projectRoot, "expected-output.txt"), "utf8");
  const lts = measurePair(node.path, ["--import", "tsx", "src/main.ts"], startArguments(), expected);
  const floor = measurePair(node.path, ["--import", "tsx", empty], ["--import", "./bin/load-typescript.js", empty]);
  rows.push([`start-up, newest LTS: Node ${node.version} (npm's node package)`, "", "", "", ""]);
  if (typeof lts === "string") {
    rows.push(["", "walkthrough, no loader, as npm start runs it", "", "", `≤ 0.50× through tsx: NOT met (${lts})`]);
    return rows;
  }
  rows.push(["", "walkthrough through tsx: node --import tsx src/main.ts", ms(lts.baseMs), "1.00×", ""]);
  rows.push([
    "",
    `walkthrough, no loader, as npm start runs it: node ${startArguments().join(" ")} (median of ${RUNS})`,
    ms(lts.subjectMs),
    `${lts.ratio.toFixed(2)}×`,
    `≤ 0.50×: ${lts.ratio <= 0.5 ? "met" : "NOT met"}; both print expected-output.txt`,
  ]);
  if (typeof floor !== "string") {
    const ownWork = (lts.subjectMs - floor.subjectMs) / (lts.baseMs - floor.baseMs);
    rows.push(["", "reference: empty.ts through tsx", ms(floor.baseMs), `${(floor.baseMs / lts.baseMs).toFixed(2)}×`, ""]);
    rows.push(["", "reference: empty.ts, no loader, as the launcher loads it", ms(floor.subjectMs), `${(floor.subjectMs / lts.baseMs).toFixed(2)}×`, ""]);
    rows.push(["", "reference: the lowest ratio any program can have: empty.ts, no loader ÷ tsx", "", `${floor.ratio.toFixed(2)}×`, ""]);
    rows.push(["", "reference: the walkthrough's own time beyond empty.ts, no loader ÷ tsx", "", `${ownWork.toFixed(2)}×`, ""]);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of startupBenchRows((text) => process.stderr.write(`${text}\n`))) console.log(row.join("  ").trim());
}
