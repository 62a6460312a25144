// Start-up cost: the walkthrough's wall time, run exactly as `npm start` runs it, next to the floor,
// `node --import tsx` on an empty file, measured interleaved in one run so machine noise hits both
// alike. Prints medians and the ratio.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "./goldens.ts";

export interface StartupMeasurement {
  runs: number;
  floorMs: number;
  walkthroughMs: number;
  ratio: number;
}

function wallMs(args: string[]): number {
  const start = process.hrtime.bigint();
  const child = spawnSync(process.execPath, args, { cwd: projectRoot, stdio: ["ignore", "ignore", "inherit"] });
  if (child.status !== 0) throw new Error(`${args.join(" ")} exited ${child.status}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** `npm start`'s node arguments, read from package.json so the bench measures what a learner runs. */
function startArguments(): string[] {
  const manifest: unknown = JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8"));
  const scripts = typeof manifest === "object" && manifest !== null && "scripts" in manifest ? manifest.scripts : undefined;
  const start = typeof scripts === "object" && scripts !== null && "start" in scripts ? scripts.start : undefined;
  const words = typeof start === "string" ? start.split(" ") : [];
  if (words[0] !== "node" || words.some((word) => word.includes("$") || word.includes("&")))
    throw new Error(`npm start is not a plain node command: ${String(start)}`);
  return words.slice(1).map((word) => (word.endsWith(".ts") ? join(projectRoot, word) : word));
}

export function measureStartup(runs = 15): StartupMeasurement {
  const empty = join(mkdtempSync(join(tmpdir(), "tcp-bench-")), "empty.ts");
  writeFileSync(empty, "export {};\n");
  const floor = ["--import", "tsx", empty];
  const walkthrough = startArguments();
  // One warm-up each: tsx compiles on first sight and caches; the learner's second run is typical.
  wallMs(floor);
  wallMs(walkthrough);
  const floorTimes: number[] = [];
  const walkthroughTimes: number[] = [];
  for (let index = 0; index < runs; index++) {
    floorTimes.push(wallMs(floor));
    walkthroughTimes.push(wallMs(walkthrough));
  }
  const floorMs = median(floorTimes);
  const walkthroughMs = median(walkthroughTimes);
  return { runs, floorMs, walkthroughMs, ratio: walkthroughMs / floorMs };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { runs, floorMs, walkthroughMs, ratio } = measureStartup();
  console.log(
    `start-up (median of ${runs}): node --import tsx empty.ts ${floorMs.toFixed(0)} ms | walkthrough ${walkthroughMs.toFixed(0)} ms | ratio ${ratio.toFixed(2)}× (target ≤ 1.20×)`,
  );
}
