// Process entry: wires the CLI to the real stdout/stderr and owns what only a process has —
// exit codes, a closed pipe (`| head`), Ctrl-C, and the last-resort message for a bug.
import { exitCodes, runCli } from "./cli.ts";
import { RunAborted } from "./loop/call-policy.ts";

// A reader that stops early (`| head -1`) closes the pipe; that is a normal end, not a crash.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  process.exit(error.code === "EPIPE" ? exitCodes.ok : exitCodes.internal);
});

// The first Ctrl-C aborts the run, which still answers every pending call and then exits 130;
// a second one leaves at once.
const interrupt = new AbortController();
process.on("SIGINT", () => {
  if (interrupt.signal.aborted) process.exit(exitCodes.interrupted);
  interrupt.abort(new RunAborted("interrupt"));
});

// SIGTERM keeps its default (the process ends) unless a command asks for it: serve then closes
// after answering the requests in flight and exits 143; a second SIGTERM leaves at once.
const terminate = new AbortController();
const onTerminate = (): void => {
  process.on("SIGTERM", () => {
    if (terminate.signal.aborted) process.exit(143);
    terminate.abort();
  });
};

let code: number;
try {
  code = await runCli(process.argv.slice(2), {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    env: process.env,
    isTTY: process.stdout.isTTY === true,
    colorDepth: process.stdout.isTTY ? process.stdout.getColorDepth() : 1,
    interrupt: interrupt.signal,
    terminate: terminate.signal,
    onTerminate,
    stdinIsTTY: process.stdin.isTTY === true,
  });
} catch (error) {
  process.stderr.write(`tool-call-playground: internal error: ${error instanceof Error ? error.message : String(error)} (please report it)\n`);
  code = exitCodes.internal;
}
// Exit explicitly once stdout has drained: a tool that ignored its abort signal may still hold a
// timer, and the run is over all the same.
process.stdout.write("", () => process.exit(code));
