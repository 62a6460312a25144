// The command line run in this process through runCli, as the real process runs it but without
// spawning one: what a behaviour test needs (output, errors, exit code) costs milliseconds here
// and about half a second as a child process.
import { runCli } from "../../src/cli/cli.ts";

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

export async function cli(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  let out = "";
  let err = "";
  const code = await runCli(args, { out: (text) => (out += text), err: (text) => (err += text), env, isTTY: false });
  return { code, out, err };
}
