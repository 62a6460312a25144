// The test runner's reporter for `npm test`: quiet when all is well. One line per test file as it
// ends (its path, how many tests, how long), each failing test in full (its name, the suite it is
// in and the whole error), each skipped test with its reason, and a summary. Node's own reporters
// print every test (thousands of lines for a green run); `npm test -- --verbose` still gives
// Node's spec reporter.
import { relative } from "node:path";
import { inspect } from "node:util";

interface TestData {
  name: string;
  nesting: number;
  file?: string;
  skip?: string | boolean;
  todo?: string | boolean;
  details?: { duration_ms?: number; type?: string; error?: unknown };
}

interface TestEvent {
  type: string;
  data: unknown;
}

function isTestData(value: unknown): value is TestData {
  return (
    typeof value === "object" && value !== null && "name" in value && typeof value.name === "string" && "nesting" in value && typeof value.nesting === "number"
  );
}

/** A suite's name is the test file's path (scripts/test-worker.ts names each file's suite so). */
const isFileSuite = (data: TestData) => data.details?.type === "suite" && data.name.startsWith("test/");

/** A test of a test file that the runner reports at nesting 0, outside its file's suite: one whose
 *  file's suite had ended when it was declared (after a top-level await, the test can find its
 *  suite finished: "test could not be started because its parent finished"). Counted like any
 *  other test, so the summary never drops it; the worker entries at nesting 0 live outside test/. */
const isStray = (data: TestData) => data.nesting === 0 && data.details?.type === "test" && relative(process.cwd(), data.file ?? "").startsWith("test/");

/** Whether a file's suite failed because tests in it failed, as the runner says, rather than
 *  because the file itself could not load. Its tests may be counted under another file: one a
 *  helper module declares names the helper. */
function subtestsFailed(error: unknown): boolean {
  return error instanceof Error && "failureType" in error && error.failureType === "subtestsFailed";
}

/** A test runner error wraps the test's own: the cause is what the test threw. */
function errorText(error: unknown): string {
  const thrown = error instanceof Error && "code" in error && error.code === "ERR_TEST_FAILURE" && error.cause !== undefined ? error.cause : error;
  return inspect(thrown, { depth: 8, colors: false })
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
}

/** What is passed on as it comes: a test's stderr, and the runner's own word on an error thrown
 *  after its test had ended (the test passed; its process then exits 1) — at nesting 0, "Error:
 *  Test "…" at file:line generated asynchronous activity after the test ended …". */
function passedOn(event: TestEvent): string | undefined {
  if (!isMessage(event.data)) return undefined;
  if (event.type === "test:stderr") return event.data.message;
  const nesting = "nesting" in event.data ? event.data.nesting : undefined;
  return event.type === "test:diagnostic" && nesting === 0 && event.data.message.startsWith("Error: ") ? `✗ ${event.data.message}\n` : undefined;
}

interface FileCounts {
  tests: number;
  failed: number;
}

/** A file's line once its suite ended. A file that failed to load fails as a suite with no test
 *  run: its error is the news. */
function fileLine(passed: boolean, data: TestData, counts: FileCounts): { line: string; loadFailed: boolean } {
  const seconds = ((data.details?.duration_ms ?? 0) / 1000).toFixed(1);
  const failed = counts.failed > 0 ? `, ${counts.failed} failed` : "";
  const loadFailed = !passed && counts.failed === 0 && !subtestsFailed(data.details?.error);
  const line = `${passed ? "✓" : "✗"} ${data.name}  ${counts.tests} tests, ${seconds} s${failed}\n${loadFailed ? `\n${errorText(data.details?.error)}\n` : ""}`;
  return { line, loadFailed };
}

/** A worker that failed on its own account rather than its tests' (it exited early, with a code or
 *  a signal, or after an error once a test had ended): how it ended. scripts/test.ts names the file
 *  it left unfinished. */
function workerFailure(data: TestData): string | undefined {
  const error = data.details?.error;
  if (data.nesting !== 0 || isFileSuite(data) || isStray(data) || error === undefined || subtestsFailed(error)) return undefined;
  const exitCode = error instanceof Error && "exitCode" in error ? error.exitCode : undefined;
  const signal = error instanceof Error && "signal" in error ? error.signal : undefined;
  const how = typeof signal === "string" ? `signal ${signal}` : typeof exitCode === "number" ? `exit code ${exitCode}` : errorText(error).trim();
  return `✗ FAILED a test worker ended with ${how}\n`;
}

export default async function* quietReporter(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  /** Per test file (each runs in one file, its events in order): its counts so far. */
  const running = new Map<string, FileCounts>();
  /** The suite names of each nesting level, per test file, to name a failure's place. */
  const places = new Map<string, string[]>();
  const totals = { tests: 0, failed: 0, skipped: 0, files: 0 };
  const skips: string[] = [];
  for await (const event of source) {
    const said = passedOn(event);
    if (said !== undefined) yield said;
    if (!isTestData(event.data)) continue;
    const data = event.data;
    // A test names the file it is written in; a file's own suite is declared by the file, and named by the file's path.
    const file = data.details?.type === "suite" && data.nesting === 0 ? data.name : relative(process.cwd(), data.file ?? "");
    const place = places.get(file) ?? [file];
    places.set(file, place);
    // Suites end after their tests: where a test sits is known from the order tests start in.
    if (event.type === "test:start") {
      place.length = Math.max(1, data.nesting);
      // At nesting 0 the place is the file itself (a stray test is named after it).
      if (data.nesting > 0) place[data.nesting] = data.name;
      continue;
    }
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    const worker = event.type === "test:fail" ? workerFailure(data) : undefined;
    const ended = isFileSuite(data) ? fileLine(event.type === "test:pass", data, running.get(file) ?? { tests: 0, failed: 0 }) : undefined;
    if (ended !== undefined) {
      running.delete(file);
      totals.files++;
      yield ended.line;
    }
    if (worker !== undefined) yield worker;
    // A worker that failed, or a file that could not load, counts as one failed test: the summary still adds up.
    if (worker !== undefined || ended?.loadFailed) {
      totals.tests++;
      totals.failed++;
    }
    if (worker !== undefined || ended !== undefined) continue;
    // Nesting 0 holds the files' suites and the worker entries that ran them, and a stray test.
    if (data.details?.type === "suite" || (data.nesting === 0 && !isStray(data))) continue;
    const counts = running.get(file) ?? { tests: 0, failed: 0 };
    running.set(file, counts);
    counts.tests++;
    totals.tests++;
    const where = [...place.slice(0, Math.max(1, data.nesting)), data.name].join(" › ");
    if (data.skip !== undefined && data.skip !== false) {
      totals.skipped++;
      skips.push(`- skipped: ${where}: ${typeof data.skip === "string" ? data.skip : "(no reason given)"}\n`);
    } else if (event.type === "test:fail") {
      counts.failed++;
      totals.failed++;
      yield `✗ FAILED ${where}\n${errorText(data.details?.error)}\n`;
    }
  }
  yield* skips;
  yield `${totals.files} files, ${totals.tests} tests: ${totals.tests - totals.failed - totals.skipped} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`;
}

function isMessage(value: unknown): value is { message: string } {
  return typeof value === "object" && value !== null && "message" in value && typeof value.message === "string";
}
