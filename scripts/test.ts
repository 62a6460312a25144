// npm test: the type check, the linter and the tests side by side, since the machine has more
// than one core and each waits on something else (tsc on one core, the test files on the rest, a
// test's child processes and timers in between). Each one's output is printed whole when it ends,
// the tests' as they run; the exit code is the first failure's, else 0.
// Usage: `npm test`, or `npm test -- test/agent/agent-loop.test.ts …` for only the files named (the checks still run).
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";

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

const files = process.argv.slice(2);
const bin = (name: string) => `node_modules/.bin/${name}`;
/** Test files at once: one per core and one more, since many of them wait on children or timers. */
const concurrency = String(availableParallelism() + 1);

interface Step {
  name: string;
  command: string;
  args: string[];
  /** Printed as it comes (the tests, so a hang shows where), or held until the step ends. */
  live: boolean;
}

const steps: Step[] = [
  { name: "tsc --noEmit", command: bin("tsc"), args: ["--noEmit"], live: false },
  { name: "biome ci .", command: bin("biome"), args: ["ci", "."], live: false },
  {
    name: "node --test",
    command: process.execPath,
    args: ["--import", "tsx", "--test", `--test-concurrency=${concurrency}`, ...(files.length > 0 ? files : allTestFiles())],
    live: true,
  },
];

function run(step: Step): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { stdio: ["ignore", step.live ? "inherit" : "pipe", step.live ? "inherit" : "pipe"] });
    let held = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => void (held += chunk));
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => void (held += chunk));
    child.on("close", (code, signal) => {
      if (held !== "") process.stdout.write(held);
      const status = code ?? (signal ? 1 : 0);
      process.stdout.write(`${status === 0 ? "✓" : "✗"} ${step.name}${status === 0 ? "" : ` (exit ${code ?? signal})`}\n`);
      resolve(status);
    });
  });
}

const codes = await Promise.all(steps.map(run));
process.exitCode = codes.find((code) => code !== 0) ?? 0;
