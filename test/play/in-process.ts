// The command line run in this process through runCli, as the real process runs it but without
// spawning one: what a behaviour test needs (output, errors, exit code) costs milliseconds here
// and about half a second as a child process. Ctrl-C is the abort the process hands runCli, with
// the same reason; stdin is any stream.
import { Readable } from "node:stream";
import { RunAborted, type StopSignal } from "../../src/agent/call-policy.ts";
import { runCli } from "../../src/cli/cli.ts";
import type { TestClock } from "../test-clock.ts";

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

export interface CliOptions {
  /** Stops the run as a signal does, once the output so far says so. */
  interruptWhen?: (out: string) => boolean;
  /** Which signal that is (Ctrl-C's SIGINT unless said). */
  signal?: StopSignal;
  /** What "-" reads: a text, or a stream. */
  stdin?: string | Readable;
  /** Stdout is a terminal of 256 colours, as a process's would report it. */
  terminal?: boolean;
  /** The clock timeouts and waits run on, which the test moves. */
  clock?: TestClock;
  /** Moves that clock on by `ms`, once, when the output so far says so: time passing outside the
   *  run, after this write, never in it. */
  advanceWhen?: { holds: (out: string) => boolean; ms: number };
}

export async function cli(args: readonly string[], env: NodeJS.ProcessEnv = {}, options: CliOptions = {}): Promise<CliRun> {
  let out = "";
  let err = "";
  const interrupt = new AbortController();
  const { interruptWhen, signal = "SIGINT", stdin, terminal = false, clock, advanceWhen } = options;
  let interrupting = false;
  let advanced = false;
  const code = await runCli(args, {
    out: (text) => {
      out += text;
      if (clock && advanceWhen && !advanced && advanceWhen.holds(out)) {
        advanced = true;
        setImmediate(() => void clock.advance(advanceWhen.ms));
      }
      if (interrupting || !interruptWhen?.(out)) return;
      interrupting = true;
      // A signal comes from outside, once the output has been read: after this write, never in it.
      setImmediate(() => interrupt.abort(new RunAborted("interrupt", undefined, signal)));
    },
    err: (text) => (err += text),
    env,
    isTTY: terminal,
    ...(terminal ? { colorDepth: 8 } : {}),
    interrupt: interrupt.signal,
    ...(stdin === undefined ? {} : { stdin: typeof stdin === "string" ? Readable.from([stdin]) : stdin }),
    ...(clock === undefined ? {} : { clock }),
  });
  return { code, out, err };
}
