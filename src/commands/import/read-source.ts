// Reads what `import` was given — a file, or stdin for "-" — with the one bounded, interruptible
// reader (src/io/read-input.ts): strict UTF-8, so a log that is not text is refused with the
// place of its first bad byte, and no deeper than the nesting limit every command shares.
import type { Readable } from "node:stream";
import { type ReadOptions, type ReadProblem, readInputText } from "../../io/read-input.ts";

/** Why a source could not be read as text, as data (the command words it). */
export type SourceProblem = ReadProblem;

export type SourceText = { ok: true; text: string } | { ok: false; problem: SourceProblem; line?: number; column?: number };

export async function readSource(file: string, stdin: Readable, options: ReadOptions = {}): Promise<SourceText> {
  const read = await readInputText(file, stdin, options);
  if (read.ok) return read;
  // import words "not UTF-8" itself, without the place: that goes in front (file:line:column).
  const { problem } = read;
  if (problem.kind === "notUtf8") return { ok: false, problem, line: problem.line, column: problem.column };
  return { ok: false, problem };
}
