// What a command says about output it could not write: a file the one writer refused
// (src/io/write-output.ts), or stdout closed under a command that was still running. One interface
// each language implements in full (output-messages-zh.ts, output-messages-en.ts;
// load-output-messages.ts loads one), shared here because every command shares the writer.
import type { WriteProblem } from "../../io/write-output.ts";

export interface OutputMessages {
  /** Why a file was not written; `force` names the option that replaces a file (undefined: none). */
  writeProblem(problem: WriteProblem, force: string | undefined): string;
  /** serve, on stderr: the reader of stdout went away (`| head -1`); the server stops. */
  outputClosed: string;
}
