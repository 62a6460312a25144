// Reads what `import` was given — a file, or stdin for "-" — bounded like lint's input, and as
// strict UTF-8: a log that is not text is refused with the place of its first bad byte, never
// decoded into replacement characters silently.
import type { Readable } from "node:stream";
import { MAX_BODY_BYTES, type ReadProblem, readInputBytes } from "../../io/read-input.ts";
import { lineAndColumn } from "../../json/json-syntax.ts";

/** Why a source could not be read as text, as data (the command words it). */
export type SourceProblem = ReadProblem | { kind: "notUtf8" };

export type SourceText = { ok: true; text: string } | { ok: false; problem: SourceProblem; line?: number; column?: number };

export async function readSource(file: string, stdin: Readable, maxBytes = MAX_BODY_BYTES): Promise<SourceText> {
  const read = await readInputBytes(file, stdin, maxBytes);
  if (!read.ok) return read;
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(read.bytes);
    return { ok: true, text: text.startsWith("\uFEFF") ? text.slice(1) : text };
  } catch {
    const lenient = new TextDecoder("utf-8").decode(read.bytes);
    return { ok: false, problem: { kind: "notUtf8" }, ...lineAndColumn(lenient, Math.max(0, lenient.indexOf("\uFFFD"))) };
  }
}
