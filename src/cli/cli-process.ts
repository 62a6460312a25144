// The CLI as a process (loaded by main.ts): wires it to the real stdout/stderr and owns what only
// a process has — exit codes, a closed pipe (`| head`), a failed write, signals, and the
// last-resort message for a bug.

import { RunAborted } from "../agent/call-policy.ts";
import { exitCodes } from "../commands/shared/exit-codes.ts";
import { STOP_GRACE_MS } from "../commands/shared/stop-grace.ts";
import type { Clock } from "../io/clock.ts";
import { visible } from "../io/sanitize.ts";
import { runCli } from "./cli.ts";
import { ExitHold } from "./exit-hold.ts";

let writeFailed = false;
// A reader that stops early (`| head -1`) closes the pipe; that is a normal end, not a crash. Any
// other failed write (a full disk, `> /dev/full`) means the output is incomplete: say so, exit 1.
// A command that would otherwise go on without its output (serve) asks to be told instead.
const outputClosed = new AbortController();
let tellOutputClosed = false;
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE" && tellOutputClosed) return void outputClosed.abort();
  if (error.code === "EPIPE") process.exit(exitCodes.ok);
  if (writeFailed || outputClosed.signal.aborted) return;
  writeFailed = true;
  process.stderr.write(`tool-call-playground: cannot write the output: ${error.message}\n`, () => process.exit(exitCodes.badInput));
});
// stderr failing too leaves nobody to tell; the exit code still says it.
process.stderr.on("error", () => process.exit(exitCodes.badInput));

// The first Ctrl-C (or SIGTERM, SIGHUP) aborts the run, which still answers every pending call and
// then exits 130 (143, 129: 128 + the signal's number, as shells report it); a second one leaves
// at once.
const signalExitCodes = { SIGINT: exitCodes.interrupted, SIGTERM: exitCodes.terminated, SIGHUP: exitCodes.hangup } as const;
const interrupt = new AbortController();
let stoppedBy: keyof typeof signalExitCodes | undefined;
for (const name of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(name, () => {
    if (interrupt.signal.aborted) process.exit(signalExitCodes[stoppedBy ?? name]);
    stoppedBy = name;
    leaveAfterGrace(signalExitCodes[name]);
    interrupt.abort(new RunAborted("interrupt", undefined, name));
  });
}

// Once stopped by a signal, the process ends soon after its grace whatever stdout does: a reader
// that stopped reading (`serve … | less`, left waiting) must not hold it open for ever. The
// command's own grace ends first, so what it cut off (serve's stalled answers) is still told.
// Work a command holds the exit for (a file being written) is waited for, however long it takes.
const SAYING_WHAT_THE_GRACE_ENDED_MS = 250;
const exitHold = new ExitHold();
const unrefTimer: Clock["after"] = (ms, callback) => {
  const timer = setTimeout(callback, ms).unref();
  return () => clearTimeout(timer);
};
function leaveAfterGrace(code: number): void {
  exitHold.leaveAfter(unrefTimer, STOP_GRACE_MS + SAYING_WHAT_THE_GRACE_ENDED_MS, () => process.exit(code));
}

/** Resolves once stdout can take more (or can no longer take anything); undefined if it can now. */
function drained(): Promise<void> | undefined {
  const stdout = process.stdout;
  if (!stdout.writableNeedDrain || stdout.destroyed) return undefined;
  return new Promise((resolve) => {
    const done = () => {
      stdout.off("drain", done);
      stdout.off("close", done);
      stdout.off("error", done);
      resolve();
    };
    stdout.on("drain", done);
    stdout.on("close", done);
    stdout.on("error", done);
  });
}

// SIGTERM keeps its default (the process ends) unless a command asks for it: serve then closes
// after answering the requests in flight and exits 143; a second SIGTERM leaves at once.
const terminate = new AbortController();
const onTerminate = (): void => {
  process.on("SIGTERM", () => {
    if (terminate.signal.aborted) process.exit(exitCodes.terminated);
    terminate.abort();
  });
};

let code: number;
try {
  code = await runCli(process.argv.slice(2), {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    drained,
    env: process.env,
    isTTY: process.stdout.isTTY === true,
    colorDepth: process.stdout.isTTY ? process.stdout.getColorDepth() : 1,
    interrupt: interrupt.signal,
    terminate: terminate.signal,
    onTerminate,
    outputClosed: outputClosed.signal,
    onOutputClosed: () => void (tellOutputClosed = true),
    stdinIsTTY: process.stdin.isTTY === true,
    holdExit: (work) => exitHold.hold(work),
  });
} catch (error) {
  // The message may quote model or fixture data: shown, like all data, with its control characters made visible.
  process.stderr.write(`tool-call-playground: internal error: ${visible(error instanceof Error ? error.message : String(error))} (please report it)\n`);
  code = exitCodes.internal;
}
if (code === exitCodes.interrupted && stoppedBy) code = signalExitCodes[stoppedBy];
// Exit explicitly once stdout has drained: a tool that ignored its abort signal may still hold a
// timer, and the run is over all the same. A failed write has its own exit under way; its error
// event may still be queued behind this callback, hence one more turn of the event loop.
const finalCode = code;
if (outputClosed.signal.aborted) process.exit(finalCode);
process.stdout.write("", () =>
  setImmediate(() => {
    if (!writeFailed) process.exit(finalCode);
  }),
);
