// What a command is given to talk to the world: the process's streams, environment and signals,
// as src/cli/cli-process.ts wires them (tests pass their own). A command takes the slice it needs.
import type { Readable } from "node:stream";
import type { Clock } from "../../io/clock.ts";

export interface CliIO {
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
  isTTY: boolean;
  /** Colour bits the terminal reports (1, 4, 8 or 24); ignored when not a TTY. */
  colorDepth?: number;
  /** Fires on Ctrl-C: the run ends with paired "aborted" results and exit code 130. */
  interrupt?: AbortSignal;
  /** Fires on SIGTERM once a command has called `onTerminate` (serve: close, exit code 143). */
  terminate?: AbortSignal;
  /** Asks the process to turn SIGTERM into `terminate` instead of ending at once. */
  onTerminate?: () => void;
  /** What "-" reads (process.stdin when left out; tests pass their own). */
  stdin?: Readable;
  /** Fires when stdout's reader has gone (EPIPE) once a command has called `onOutputClosed`. */
  outputClosed?: AbortSignal;
  /** Asks the process to turn a closed stdout into `outputClosed` instead of ending with 0 (a
   *  finished transcript piped to `head` is done; a server is not). */
  onOutputClosed?: () => void;
  /** Whether stdin is a terminal: --interactive needs one. */
  stdinIsTTY?: boolean;
  /** A promise while the output stream's buffer is full: the run waits for it (backpressure). */
  drained?: () => Promise<void> | undefined;
  /** Asks the process not to end at its stop grace until `work` settles (a file being written:
   *  serve --record's session). A second Ctrl-C still ends it at once. */
  holdExit?: (work: Promise<unknown>) => void;
  /** The clock every timeout, wait and time limit runs on: the system's unless a test passes one it moves itself. */
  clock?: Clock;
}
