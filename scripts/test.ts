// npm test: the type check, the linter and the tests side by side, since the machine has more
// than one core and each waits on something else (the type check on one thread, the test files on
// the rest, a test's child processes in between). Each one's output is printed
// whole when it ends, the tests' as they run; the exit code is the first failure's, else 0.
// The test files are not a process each: Node's runner, driven from this process, starts a few
// workers (scripts/test-worker.ts) that take them from a queue, longest first as the last run
// timed them, and run each as one suite named by its path.
// The tests report through scripts/test-reporter.ts: a line per file, failures in full, skips with
// their reasons, a summary.
// Usage: `npm test`, or `npm test -- test/agent/agent-loop.test.ts …` for only the files named (the
// checks still run); `--verbose` prints every test with Node's spec reporter instead; `--deep`
// (`npm run test:deep`) runs every property test with 1,000 cases instead of its 200, and the
// README's whole newcomer's path on copies of the checkout (TCP_DEEP=1).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { run as runTestFiles } from "node:test";
import { spec } from "node:test/reporters";
import { pathToFileURL } from "node:url";
import { biomeCommand } from "./biome-binary.ts";
import { importsClientLibrary } from "./test-clients.ts";
import quietReporter from "./test-reporter.ts";
import { typeCheckCommand } from "./typecheck.ts";

/** Every test/<folder>/<name>.test.ts, in order, as the shell expanded the glob (Node 20's runner takes none). */
function allTestFiles(): string[] {
  return readdirSync("test", { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) =>
      readdirSync(join("test", folder.name))
        .filter((name) => name.endsWith(".test.ts"))
        .map((name) => join("test", folder.name, name)),
    )
    .sort();
}

const verbose = process.argv.includes("--verbose");
const deep = process.argv.includes("--deep");
const files = process.argv.slice(2).filter((argument) => argument !== "--verbose" && argument !== "--deep");

/** Workers: one per core and one more, since many test files wait on children or timers. */
const workers = availableParallelism() + 1;
/** Where npm keeps caches (never committed): the last run's timings and tsc's build info. */
const cacheFolder = "node_modules/.cache/tool-call-playground";
/** What the last run saw of each file: its wall time. */
const timesFile = join(cacheFolder, "test-times.json");

/** The tsconfig the build-mode check runs: the project's, with its build info in the cache folder.
 *  The build info is named by tsconfig.json and package-lock.json: build mode decides "nothing
 *  changed" from the project's own files, so a new compiler option or an upgraded dependency's
 *  declarations must start from a check of everything. */
function checkConfig(): string {
  const inputs = createHash("sha256").update(readFileSync("tsconfig.json")).update(readFileSync("package-lock.json")).digest("hex").slice(0, 16);
  const buildInfo = `tsc-${inputs}.tsbuildinfo`;
  const config = join(cacheFolder, "tsconfig.check.json");
  const text = `${JSON.stringify({ extends: "../../../tsconfig.json", compilerOptions: { incremental: true, tsBuildInfoFile: `./${buildInfo}` } }, null, 2)}\n`;
  mkdirSync(cacheFolder, { recursive: true });
  // Written only when it changes: build mode counts a newer config as a change.
  if (!existsSync(config) || readFileSync(config, "utf8") !== text) writeFileSync(config, text);
  for (const name of readdirSync(cacheFolder)) if (name.endsWith(".tsbuildinfo") && name !== buildInfo) rmSync(join(cacheFolder, name));
  return config;
}

interface FileRecord {
  ms: number;
}

function isFileRecord(value: unknown): value is FileRecord {
  return typeof value === "object" && value !== null && "ms" in value && typeof value.ms === "number";
}

function lastTimes(): Record<string, FileRecord> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(timesFile, "utf8"));
    if (typeof parsed !== "object" || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, FileRecord] => isFileRecord(entry[1])));
  } catch {
    return {};
  }
}

/** The queue the workers take files from, longest first (a file not timed yet first of all, it
 *  may be long): the files that import a client library in one folder, which the first worker
 *  takes before the rest, the others in another; and one entry module per worker, since Node's
 *  runner runs a path once. */
function layOutQueue(testFiles: readonly string[], times: Record<string, FileRecord>): { queue: string; entries: string[] } {
  const queue = mkdtempSync(join(tmpdir(), "tcp-test-queue-"));
  for (const folder of ["todo", "todo-clients", "taken", "times"]) mkdirSync(join(queue, folder));
  const ms = (file: string) => times[file]?.ms ?? Number.POSITIVE_INFINITY;
  const ordered = [...testFiles].sort((a, b) => ms(b) - ms(a) || a.localeCompare(b));
  ordered.forEach((file, index) => writeFileSync(join(queue, importsClientLibrary(file) ? "todo-clients" : "todo", String(index).padStart(4, "0")), file));
  const worker = pathToFileURL(resolve("scripts/test-worker.ts"));
  const entries = Array.from({ length: Math.min(workers, testFiles.length) }, (_, index) => {
    const entry = join(queue, `worker-${index + 1}.mjs`);
    const url = new URL(worker);
    if (index === 0) url.searchParams.set("clients", "");
    writeFileSync(entry, `import ${JSON.stringify(url.href)};\n`);
    return entry;
  });
  return { queue, entries };
}

/** This run's records over the last run's (a run of a few files keeps the others'; a file that is
 *  gone is dropped). */
function keepTimes(queue: string, times: Record<string, FileRecord>): void {
  const now = Object.fromEntries(Object.entries(times).filter(([file]) => existsSync(file)));
  for (const name of readdirSync(join(queue, "times"))) {
    const entry: unknown = JSON.parse(readFileSync(join(queue, "times", name), "utf8"));
    if (typeof entry === "object" && entry !== null && "file" in entry && typeof entry.file === "string" && isFileRecord(entry)) {
      now[entry.file] = { ms: Math.round(entry.ms) };
    }
  }
  mkdirSync(dirname(timesFile), { recursive: true });
  writeFileSync(timesFile, `${JSON.stringify(now, null, 2)}\n`);
}

const times = lastTimes();
const { queue, entries } = layOutQueue(files.length > 0 ? files : allTestFiles(), times);

interface Step {
  name: string;
  command: string;
  args: string[];
}

const biome = biomeCommand(process.cwd());
const steps: Step[] = [
  // Build mode over tsconfig.json (noEmit), with its build info where the timings are. When no
  // file changed since a passing check it only compares the files with the build info; after an
  // edit it re-checks that file and what depends on it; a clean clone checks everything.
  { name: "tsc --noEmit", ...typeCheckCommand(checkConfig()) },
  // Colour only where a person reads a terminal, as the project's own output.
  { name: "biome ci .", ...biome, args: [...biome.args, "ci", ...(process.stdout.isTTY ? [] : ["--colors=off"]), "."] },
];

/** A check in its own process, its output held until it ends. */
function runStep(step: Step): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { stdio: ["ignore", "pipe", "pipe"] });
    let held = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => void (held += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => void (held += chunk));
    child.on("close", (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      ended(step.name, status, held, status === 0 ? "" : ` (exit ${code ?? signal})`);
      resolve(status);
    });
  });
}

/** The files a worker took and never finished: the one each worker that ended early was running. */
function unfinishedFiles(): string[] {
  const timed = new Set(readdirSync(join(queue, "times")));
  return readdirSync(join(queue, "taken"))
    .filter((name) => !timed.has(name))
    .map((name) => readFileSync(join(queue, "taken", name), "utf8"));
}

/** The test files, through Node's runner driven from this process (not a `node --test` of its own:
 *  one process fewer). It starts the workers, which take this process's flags — package.json's
 *  test script: the TypeScript loaded as `npm start` does, stripped by Node where it can, else
 *  through tsx; and V8 on the one thread (compiling and collecting garbage there too), since on
 *  two cores shared by three workers, their children and the type check, V8's helper threads only
 *  took CPU from the others (a run used ~8% less CPU and ~5% less time than with the garbage
 *  collector alone on one thread, which had already saved ~10%). Its report is printed as it comes,
 *  so a hang shows where. */
async function runTests(): Promise<number> {
  process.env.TCP_TEST_QUEUE = queue;
  if (deep) process.env.TCP_DEEP = "1";
  if (deep) process.env.TCP_PROPERTY_RUNS ??= "1000";
  const events = runTestFiles({ files: entries, concurrency: entries.length });
  let failed = false;
  events.on("test:fail", () => void (failed = true));
  const report: AsyncIterable<string | Uint8Array> = verbose ? events.compose(new spec()) : quietReporter(events);
  for await (const text of report) process.stdout.write(text);
  for (const file of unfinishedFiles()) process.stdout.write(`✗ ${file} did not finish: its worker ended first\n`);
  const status = failed ? 1 : 0;
  ended("node --test", status, "");
  return status;
}

/** The step's line once it ended: what it printed only when it failed (all of it), then its tick. */
function ended(name: string, status: number, held: string, detail = ""): void {
  if (held !== "" && status !== 0) process.stdout.write(held);
  process.stdout.write(`${status === 0 ? "✓" : "✗"} ${name}${detail}\n`);
}

const codes = await Promise.all([...steps.map(runStep), runTests()]);
keepTimes(queue, times);
rmSync(queue, { recursive: true, force: true });
process.exitCode = codes.find((code) => code !== 0) ?? 0;
