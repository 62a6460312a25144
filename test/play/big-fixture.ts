// Helpers for tests that run the real command on long scripted runs: a generated fixture of N
// turns (each one echo call, then a closing text reply) and a child process to run it in.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "../../scripts/goldens.ts";

const scratch = mkdtempSync(join(tmpdir(), "tcp-big-"));
/** The command `npm start` runs. */
export const command = join(projectRoot, "bin", "tool-call-playground");

/** `turns` replies that each call echo once, then a text reply: the smallest bytes per turn, so
 *  70,000 turns fit under the 5 MB limit. */
export function bigFixtureText(turns: number, echoed?: string): string {
  const script: unknown[] = [];
  const args = echoed === undefined ? {} : { value: echoed };
  for (let turn = 0; turn < turns; turn++) script.push({ content: [{ type: "toolCall", id: turn.toString(36), name: "echo", arguments: args }] });
  script.push({ content: [{ type: "text", text: "done" }] });
  return JSON.stringify({ title: "big", episodes: [{ user: "u", maxTurns: turns + 1, script }] });
}

export function writeScratch(name: string, text: string): string {
  const file = join(scratch, name);
  writeFileSync(file, text);
  return file;
}

/** With `echoed`, every call echoes that text: bulky requests, for output-heavy runs. */
export function bigFixture(turns: number, echoed?: string): string {
  return writeScratch(`big-${turns}-${echoed?.length ?? 0}.json`, bigFixtureText(turns, echoed));
}

export interface ChildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The CLI in a child: `node [nodeArgs] bin/tool-call-playground …args`, as `npm start` runs it. */
export function startCli(args: string[], options: { nodeArgs?: string[]; stdio?: ("pipe" | "ignore" | number)[] } = {}): ChildProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: "0" };
  delete env.npm_lifecycle_event;
  return spawn(process.execPath, [...(options.nodeArgs ?? []), command, ...args], {
    cwd: projectRoot,
    env,
    stdio: options.stdio ?? ["ignore", "pipe", "pipe"],
  });
}

/** Collects a child's output until it exits; `onStdout` sees each chunk (to send a signal). A
 *  child still running after `killAfterMs` is killed (a hang fails the test, it does not stall it). */
export function collect(child: ChildProcess, onStdout?: (soFar: string) => void, killAfterMs = 60_000): Promise<ChildRun> {
  const killer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
  child.on("close", () => clearTimeout(killer));
  return new Promise((resolve) => {
    let stdout = "";
    let stderr = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      onStdout?.(stdout);
    });
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** The JSON Lines of a --json run, each parsed. */
export function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .trim()
    .split("\n")
    .filter((line) => line !== "")
    .map((line): Record<string, unknown> => {
      const value: unknown = JSON.parse(line);
      if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error(`not an object: ${line}`);
      return Object.fromEntries(Object.entries(value));
    });
}
