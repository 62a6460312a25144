// npm run mutate: plants each bug listed in scripts/mutations.json, one at a time, in a scratch copy
// of the project, runs the golden check and the tests, and reports which bugs no test noticed.
// A test counts only if it fails on the bug it guards; this is the habit, applied in bulk. The real
// tree is never written: the copy lives in a temporary folder with node_modules symlinked in.
//
//   npm run mutate                      every mutation
//   npm run mutate -- <id> [<id> …]     only these
//   npm run mutate -- --list            the ids and the bugs they plant
//   npm run mutate -- --tests test/a.test.ts[,test/b.test.ts] [<id> …]
//                                       only these test files (no golden check): does this one test
//                                       catch the bug on its own?
//
// Exit 0 when every planted bug was caught; 1 when one survived, a search text no longer matches
// exactly once (the source moved on: fix the pattern in mutations.json), or a mutant does not parse.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "@typescript/typescript6";

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const mutationsFile = join(projectRoot, "scripts", "mutations.json");
/** A test process that runs this long is stuck; a planted bug that hangs a run counts as caught. */
const commandTimeoutMs = 180_000;

interface Edit {
  file: string;
  search: string;
  replace: string;
}

interface Mutation {
  id: string;
  bug: string;
  edits: Edit[];
}

interface Command {
  label: string;
  args: string[];
}

type Verdict = { kind: "killed"; by: string } | { kind: "survived" } | { kind: "invalid"; problem: string };

/** The scratch copy, once made: removed on every way out, including `fail`. */
let scratchDir: string | undefined;

function cleanUp(): void {
  if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
  scratchDir = undefined;
}

function fail(message: string): never {
  console.error(`mutate: ${message}`);
  cleanUp();
  process.exit(1);
}

// ---- the data file ----------------------------------------------------------------------------

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringAt(record: Record<string, unknown>, key: string, where: string): string {
  const value = record[key];
  if (typeof value !== "string" || value.length === 0) fail(`${relative(projectRoot, mutationsFile)}: ${where}.${key} must be a non-empty string`);
  return value;
}

function readEdit(value: unknown, where: string): Edit {
  if (!isRecord(value)) fail(`${relative(projectRoot, mutationsFile)}: ${where} must be an object`);
  const replace = value.replace;
  if (typeof replace !== "string") fail(`${relative(projectRoot, mutationsFile)}: ${where}.replace must be a string`);
  return { file: stringAt(value, "file", where), search: stringAt(value, "search", where), replace };
}

/** Each entry is `{ id, bug, file, search, replace }`, or `{ id, bug, edits: [{ file, search, replace }, …] }`. */
function readMutations(): Mutation[] {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(mutationsFile, "utf8"));
  } catch (error) {
    fail(`${relative(projectRoot, mutationsFile)}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const list = isRecord(data) ? data.mutations : undefined;
  if (!Array.isArray(list)) fail(`${relative(projectRoot, mutationsFile)}: $.mutations must be an array`);
  const seen = new Set<string>();
  return list.map((entry: unknown, index): Mutation => {
    const where = `$.mutations[${index}]`;
    if (!isRecord(entry)) fail(`${relative(projectRoot, mutationsFile)}: ${where} must be an object`);
    const id = stringAt(entry, "id", where);
    if (seen.has(id)) fail(`${relative(projectRoot, mutationsFile)}: ${where}.id "${id}" is used twice`);
    seen.add(id);
    const edits = Array.isArray(entry.edits) ? entry.edits.map((edit: unknown, at) => readEdit(edit, `${where}.edits[${at}]`)) : [readEdit(entry, where)];
    if (edits.length === 0) fail(`${relative(projectRoot, mutationsFile)}: ${where}.edits is empty`);
    return { id, bug: stringAt(entry, "bug", where), edits };
  });
}

function occurrences(text: string, search: string): number {
  let count = 0;
  for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + 1)) count++;
  return count;
}

/** Every search text must match exactly once in the real tree, or the mutation plants nothing (or
 *  the wrong thing). Checked for all of them before anything runs, so one report lists every pattern to fix. */
function checkPatterns(mutations: readonly Mutation[]): void {
  const problems: string[] = [];
  for (const mutation of mutations) {
    mutation.edits.forEach((edit, index) => {
      const path = join(projectRoot, edit.file);
      if (!existsSync(path)) return problems.push(`${mutation.id} (edit ${index}): ${edit.file} does not exist`);
      const count = occurrences(readFileSync(path, "utf8"), edit.search);
      if (count !== 1)
        problems.push(`${mutation.id} (edit ${index}): the search text occurs ${count} times in ${edit.file}, not once: ${JSON.stringify(edit.search)}`);
    });
  }
  if (problems.length > 0)
    fail(`${problems.length} search text(s) in scripts/mutations.json no longer match exactly once; update them:\n  ${problems.join("\n  ")}`);
}

// ---- the scratch copy -------------------------------------------------------------------------

function scratchCopy(): string {
  const scratch = mkdtempSync(join(tmpdir(), "tool-call-playground-mutate-"));
  const skip = new Set([join(projectRoot, "node_modules"), join(projectRoot, ".git"), join(projectRoot, ".tmp"), join(projectRoot, "experiments")]);
  cpSync(projectRoot, scratch, { recursive: true, filter: (source) => !skip.has(source) });
  symlinkSync(join(projectRoot, "node_modules"), join(scratch, "node_modules"), "dir");
  return scratch;
}

/** The golden check first (about a second), then every test file, the focused contract tests
 *  first: a run stops at the first failure, so most mutants cost a few seconds. */
function commands(scratch: string, only: readonly string[] | undefined): Command[] {
  if (only) {
    for (const file of only) if (!existsSync(join(scratch, file))) fail(`--tests: ${file} does not exist`);
    return only.map((file) => ({ label: file, args: ["--import", "./bin/load-typescript.js", "--test", file] }));
  }
  const first = ["executor-contract", "json-lines-events", "single-guards"];
  const rank = (file: string) => {
    const at = first.findIndex((name) => file.endsWith(`/${name}.test.ts`));
    return at === -1 ? first.length : at;
  };
  // The files `npm test` runs: test/*/*.test.ts, one folder per part of src/.
  const files = readdirSync(join(scratch, "test"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) =>
      readdirSync(join(scratch, "test", folder.name))
        .filter((file) => file.endsWith(".test.ts"))
        .map((file) => `test/${folder.name}/${file}`),
    )
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return [
    { label: "npm run check", args: ["--import", "./bin/load-typescript.js", "scripts/check-golden.ts"] },
    ...files.map((file) => ({ label: file, args: ["--import", "./bin/load-typescript.js", "--test", file] })),
  ];
}

// As in CI: no colour forced from the caller's shell, whatever it had set.
const { FORCE_COLOR: _forced, ...callerEnv } = process.env;
const testEnv = { ...callerEnv, CI: "true" };

/** The first command that fails, or undefined when all pass. */
function firstFailure(scratch: string, list: readonly Command[]): { label: string; output: string } | undefined {
  for (const command of list) {
    const run = spawnSync(process.execPath, command.args, {
      cwd: scratch,
      env: testEnv,
      encoding: "utf8",
      timeout: commandTimeoutMs,
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.error && run.signal !== "SIGTERM") fail(`could not run ${command.label}: ${run.error.message}`);
    if (run.signal === "SIGTERM") return { label: `${command.label} (timed out)`, output: "" };
    if (run.status !== 0) return { label: command.label, output: `${run.stdout}${run.stderr}` };
  }
  return undefined;
}

/** A mutant that does not even parse would be "caught" by every test for the wrong reason. */
function syntaxProblem(file: string, text: string): string | undefined {
  if (!file.endsWith(".ts")) return undefined;
  const output = ts.transpileModule(text, {
    fileName: file,
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const first = output.diagnostics?.[0];
  return first ? `${file}: ${ts.flattenDiagnosticMessageText(first.messageText, " ")}` : undefined;
}

function plant(scratch: string, mutation: Mutation, list: readonly Command[]): Verdict {
  const originals = new Map<string, string>();
  try {
    for (const edit of mutation.edits) {
      const path = join(scratch, edit.file);
      const before = readFileSync(path, "utf8");
      if (!originals.has(path)) originals.set(path, before);
      writeFileSync(
        path,
        before.replace(edit.search, () => edit.replace),
      );
    }
    for (const edit of mutation.edits) {
      const problem = syntaxProblem(edit.file, readFileSync(join(scratch, edit.file), "utf8"));
      if (problem) return { kind: "invalid", problem };
    }
    const failure = firstFailure(scratch, list);
    return failure ? { kind: "killed", by: failure.label } : { kind: "survived" };
  } finally {
    for (const [path, text] of originals) writeFileSync(path, text);
  }
}

// ---- main -------------------------------------------------------------------------------------

const argv = process.argv.slice(2);
const testsAt = argv.indexOf("--tests");
const onlyTests = testsAt === -1 ? undefined : (argv[testsAt + 1] ?? fail("--tests needs a comma-separated list of test files")).split(",").filter(Boolean);
const args = testsAt === -1 ? argv : argv.filter((_, index) => index !== testsAt && index !== testsAt + 1);
const all = readMutations();
if (args.includes("--list")) {
  for (const mutation of all) console.log(`${mutation.id.padEnd(34)} ${mutation.bug}`);
  process.exit(0);
}
const unknownIds = args.filter((id) => !all.some((mutation) => mutation.id === id));
if (unknownIds.length > 0) fail(`unknown mutation id ${unknownIds.join(", ")} (expected one of: ${all.map((mutation) => mutation.id).join(", ")})`);
const chosen = args.length === 0 ? all : all.filter((mutation) => args.includes(mutation.id));
checkPatterns(chosen);

const scratch = scratchCopy();
scratchDir = scratch;
process.on("SIGINT", () => {
  cleanUp();
  process.exit(130);
});
try {
  const list = commands(scratch, onlyTests);
  console.log(`mutate: scratch copy in ${scratch}; ${chosen.length} planted bug(s), each checked by the first failing of ${list.length} commands`);
  const baseline = firstFailure(scratch, list);
  if (baseline) fail(`the unmutated project already fails ${baseline.label}; fix that first:\n${baseline.output.slice(-4000)}`);
  console.log("baseline: every command passes unmutated");

  const verdicts: { mutation: Mutation; verdict: Verdict }[] = [];
  for (const mutation of chosen) {
    const verdict = plant(scratch, mutation, list);
    verdicts.push({ mutation, verdict });
    const tail = verdict.kind === "killed" ? `by ${verdict.by}` : verdict.kind === "invalid" ? verdict.problem : "NO TEST FAILED";
    console.log(`${verdict.kind.toUpperCase().padEnd(8)} ${mutation.id.padEnd(34)} ${tail}`);
  }
  const count = (kind: Verdict["kind"]) => verdicts.filter(({ verdict }) => verdict.kind === kind).length;
  const survivors = verdicts.filter(({ verdict }) => verdict.kind === "survived");
  console.log(`\n${count("killed")} killed, ${count("survived")} survived, ${count("invalid")} invalid, of ${verdicts.length} planted bugs`);
  for (const { mutation } of survivors) console.log(`  survived: ${mutation.id}: ${mutation.bug}`);
  process.exitCode = count("killed") === verdicts.length ? 0 : 1;
} finally {
  cleanUp();
}
