// Reads what `import` was given — a file, or stdin for "-" — as text, bounded by the bytes actually
// read (a pipe reports no size up front), and strict UTF-8: a log that is not text is refused with
// the place of its first bad byte, never decoded into replacement characters silently.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import { lineAndColumn } from "../fixture/json-syntax.ts";

/** A long Pi session or a body with images runs to megabytes; this only stops a wrong path (a video). */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

export type SourceText = { ok: true; text: string } | { ok: false; why: string; line?: number; column?: number };

export async function readSource(file: string, stdin: Readable, maxBytes = MAX_IMPORT_BYTES): Promise<SourceText> {
  let source: Readable;
  if (file === "-") source = stdin;
  else {
    try {
      const info = await stat(file);
      if (!info.isFile()) return { ok: false, why: "not a regular file" };
    } catch (error) {
      return { ok: false, why: describeFsError(error) };
    }
    source = createReadStream(file);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of source) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      total += buffer.length;
      if (total > maxBytes) {
        source.destroy();
        return { ok: false, why: `larger than ${maxBytes / (1024 * 1024)} MB` };
      }
      chunks.push(buffer);
    }
  } catch (error) {
    return { ok: false, why: describeFsError(error) };
  }
  const bytes = Buffer.concat(chunks);
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return { ok: true, text: text.startsWith("\uFEFF") ? text.slice(1) : text };
  } catch {
    const lenient = new TextDecoder("utf-8").decode(bytes);
    return { ok: false, why: "not UTF-8 text", ...lineAndColumn(lenient, Math.max(0, lenient.indexOf("\uFFFD"))) };
  }
}

function describeFsError(error: unknown): string {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  if (code === "ENOENT") return "no such file";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EISDIR") return "a directory";
  return error instanceof Error ? error.message : String(error);
}
