// Process entry: wires the CLI to the real stdout/stderr and owns what only a process has —
// exit codes, a closed pipe (`| head`), Ctrl-C, and the last-resort message for a bug.
import { exitCodes, runCli } from "./cli.ts";

// A reader that stops early (`| head -1`) closes the pipe; that is a normal end, not a crash.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  process.exit(error.code === "EPIPE" ? exitCodes.ok : exitCodes.internal);
});
process.on("SIGINT", () => {
  process.stderr.write("\nInterrupted.\n");
  process.exit(exitCodes.interrupted);
});

try {
  process.exitCode = await runCli(process.argv.slice(2), {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    env: process.env,
    isTTY: process.stdout.isTTY === true,
    colorDepth: process.stdout.isTTY ? process.stdout.getColorDepth() : 1,
  });
} catch (error) {
  process.stderr.write(`tool-call-playground: internal error: ${error instanceof Error ? error.message : String(error)} (please report it)\n`);
  process.exitCode = exitCodes.internal;
}
