// Reads what `import` was given — a file, or stdin for "-" — bounded like lint's input, and as
// strict UTF-8: a log that is not text is refused with the place of its first bad byte, never
// decoded into replacement characters silently.
import type { Readable } from "node:stream";
import { lineAndColumn } from "../../json/json-syntax.ts";
import { MAX_BODY_BYTES, readInputBytes } from "../../io/read-input.ts";

export type SourceText = { ok: true; text: string } | { ok: false; why: string; line?: number; column?: number };

export async function readSource(file: string, stdin: Readable, maxBytes = MAX_BODY_BYTES): Promise<SourceText> {
  const read = await readInputBytes(file, stdin, maxBytes);
  if (!read.ok) return read;
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(read.bytes);
    return { ok: true, text: text.startsWith("\uFEFF") ? text.slice(1) : text };
  } catch {
    const lenient = new TextDecoder("utf-8").decode(read.bytes);
    return { ok: false, why: "not UTF-8 text", ...lineAndColumn(lenient, Math.max(0, lenient.indexOf("\uFFFD"))) };
  }
}
