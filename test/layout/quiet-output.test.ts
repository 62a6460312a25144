// Quiet by default (issue 44, item 10): a green `npm test` printed 4,620 lines and left its skips
// unexplained; `npm run check` printed 350 lines for a one-character edit, 4 of its 6 diffs wire
// views of the same change. The reporter prints a line per file, failures in full, each skip with
// its reason and a summary; check shows each fixture's first diff and counts the rest.
import assert from "node:assert/strict";
import { test } from "node:test";
import { differenceReport } from "../../scripts/check-report.ts";
import quietReporter from "../../scripts/test-reporter.ts";

const file = `${process.cwd()}/test/x/a.test.ts`;
const start = (name: string, nesting: number) => ({ type: "test:start", data: { name, nesting, file } });
const end = (type: "test:pass" | "test:fail", name: string, nesting: number, extra: object = {}) => ({
  type,
  data: { name, nesting, file, details: { duration_ms: 5, type: "test" }, ...extra },
});

async function report(events: object[]): Promise<string> {
  async function* source() {
    for (const event of events) yield { type: "", data: undefined, ...event };
  }
  let out = "";
  for await (const chunk of quietReporter(source())) out += chunk;
  return out;
}

test("npm test's reporter: one line per file, a failure in full with its place, each skip with its reason, a summary", async () => {
  const passing = Array.from({ length: 50 }, (_, index) => [start(`passes ${index}`, 2), end("test:pass", `passes ${index}`, 2)]).flat();
  const out = await report([
    { type: "test:start", data: { name: "test/x/a.test.ts", nesting: 0, file: "scripts/test-worker.ts" } },
    start("group", 1),
    ...passing,
    start("breaks", 2),
    end("test:fail", "breaks", 2, { details: { duration_ms: 1, error: new Error("the deep reason", { cause: "x" }) } }),
    start("needs a terminal", 2),
    end("test:pass", "needs a terminal", 2, { skip: "util-linux `script` is not installed" }),
    { type: "test:fail", data: { name: "group", nesting: 1, file, details: { type: "suite" } } },
    { type: "test:fail", data: { name: "test/x/a.test.ts", nesting: 0, file: "scripts/test-worker.ts", details: { type: "suite", duration_ms: 1200 } } },
  ]);
  const lines = out.trimEnd().split("\n");
  assert.ok(lines.length < 20, out);
  assert.ok(!out.includes("passes 3"), "a passing test is not listed");
  assert.match(out, /^✗ FAILED test\/x\/a\.test\.ts › group › breaks\n {4}Error: the deep reason/m);
  assert.match(out, /^- skipped: test\/x\/a\.test\.ts › group › needs a terminal: util-linux `script` is not installed$/m);
  assert.match(out, /^✗ test\/x\/a\.test\.ts {2}52 tests, 1\.2 s, 1 failed$/m);
  assert.match(lines.at(-1) ?? "", /^1 files, 52 tests: 50 passed, 1 failed, 1 skipped$/);
});

test("npm test's reporter counts a failure once when the failing test is declared in a helper module", async () => {
  const helper = `${process.cwd()}/test/x/helper.ts`;
  const out = await report([
    { type: "test:start", data: { name: "test/x/b.test.ts", nesting: 0, file: "scripts/test-worker.ts" } },
    { type: "test:start", data: { name: "helper's test", nesting: 1, file: helper } },
    { type: "test:fail", data: { name: "helper's test", nesting: 1, file: helper, details: { duration_ms: 1, type: "test", error: new Error("why") } } },
    {
      type: "test:fail",
      data: {
        name: "test/x/b.test.ts",
        nesting: 0,
        file: "scripts/test-worker.ts",
        details: { type: "suite", duration_ms: 10, error: Object.assign(new Error("1 subtest failed"), { failureType: "subtestsFailed" }) },
      },
    },
  ]);
  assert.doesNotMatch(out, /1 subtest failed/, "a file whose tests failed is not reported as a file that could not load");
  assert.match(out.trimEnd().split("\n").at(-1) ?? "", /^1 files, 1 tests: 0 passed, 1 failed, 0 skipped$/);
});

test("npm run check: each fixture's first differing golden in full, the rest of that fixture named and counted; --all shows every diff", () => {
  const difference = (fixture: string, file: string) => ({ fixture, label: `${fixture} → ${file}`, file, expected: "a\nb\n", actual: "a\nc\n" });
  const differences = [
    difference("walkthrough", "expected-output.txt"),
    ...["openai-chat", "anthropic", "gemini"].map((wire) => difference("walkthrough", `wire/walkthrough.${wire}.txt`)),
    difference("final-answer", "final-answer.txt"),
  ];
  const quiet = differenceReport(differences, false).join("\n");
  assert.equal(quiet.match(/^\+c$/gm)?.length, 2, "one diff per fixture");
  assert.match(quiet, /✗ walkthrough → wire\/walkthrough\.gemini\.txt: the transcript differs/);
  assert.match(quiet, /3 more diffs of the same fixtures not shown \(npm run check -- --all shows every one\)/);
  assert.equal(differenceReport(differences, true).join("\n").match(/^\+c$/gm)?.length, 5);
});

test("npm test's reporter counts a test reported outside its file's suite, so no failure or skip drops out of the summary", async () => {
  const out = await report([
    { type: "test:start", data: { name: "test/x/a.test.ts", nesting: 0, file: "scripts/test-worker.ts" } },
    { type: "test:pass", data: { name: "test/x/a.test.ts", nesting: 0, file: "scripts/test-worker.ts", details: { type: "suite", duration_ms: 10 } } },
    // Declared after a top-level await, once the file's suite had ended: Node reports it at nesting 0.
    start("late", 0),
    end("test:fail", "late", 0, { details: { duration_ms: 0, type: "test", error: new Error("test could not be started because its parent finished") } }),
    start("late skip", 0),
    end("test:pass", "late skip", 0, { skip: "no ../shared/specs here" }),
    { type: "test:pass", data: { name: "/tmp/q/worker-1.mjs", nesting: 0, file: "/tmp/q/worker-1.mjs", details: { type: "test", duration_ms: 20 } } },
  ]);
  assert.match(out, /^✗ FAILED test\/x\/a\.test\.ts › late\n {4}Error: test could not be started because its parent finished/m);
  assert.match(out, /^- skipped: test\/x\/a\.test\.ts › late skip: no \.\.\/shared\/specs here$/m);
  assert.match(out.trimEnd().split("\n").at(-1) ?? "", /^1 files, 2 tests: 0 passed, 1 failed, 1 skipped$/);
});

test("npm test's reporter counts a file that could not load as one failed test, and names a worker that failed on its own account", async () => {
  const worker = "/tmp/q/worker-1.mjs";
  const exited = Object.assign(new Error("test failed"), { failureType: "testCodeFailure", exitCode: 1, signal: null });
  const late = 'Error: Test "passes" at test/x/a.test.ts:3:1 generated asynchronous activity after the test ended.';
  const out = await report([
    { type: "test:start", data: { name: "test/x/c.test.ts", nesting: 0, file: "scripts/test-worker.ts" } },
    {
      type: "test:fail",
      data: { name: "test/x/c.test.ts", nesting: 0, file: "scripts/test-worker.ts", details: { type: "suite", error: new Error("load boom") } },
    },
    { type: "test:diagnostic", data: { nesting: 0, message: late } },
    { type: "test:diagnostic", data: { nesting: 0, message: "tests 1" } },
    { type: "test:fail", data: { name: worker, nesting: 0, file: worker, details: { type: "test", error: exited } } },
    {
      type: "test:fail",
      data: {
        name: "/tmp/q/worker-2.mjs",
        nesting: 0,
        file: "/tmp/q/worker-2.mjs",
        details: { error: Object.assign(new Error("1 subtest failed"), { failureType: "subtestsFailed" }) },
      },
    },
  ]);
  assert.match(out, /^✗ test\/x\/c\.test\.ts {2}0 tests, 0\.0 s\n\n {4}Error: load boom/m);
  assert.match(out, new RegExp(`^✗ ${late.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "m"));
  assert.doesNotMatch(out, /tests 1/, "the runner's counts are not repeated");
  assert.match(out, /^✗ FAILED a test worker ended with exit code 1$/m);
  assert.equal(out.match(/a test worker ended/g)?.length, 1, "a worker whose tests failed is not reported again");
  assert.match(out.trimEnd().split("\n").at(-1) ?? "", /^1 files, 2 tests: 0 passed, 2 failed, 0 skipped$/);
});
