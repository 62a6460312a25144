// Reading a logged request body for lint: from a file or from stdin ("-"), bounded by the bytes
// actually read (a device or a pipe reports no size up front), then parsed. Every way it can fail
// is a reason in words, with a line and column for a JSON syntax error.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import { findJsonSyntaxError } from "../json/json-syntax.ts";

/** Well above a long conversation's body (a 10 MB body lints in well under a second). */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

export type ReadBody = { ok: true; text: string; body: unknown } | { ok: false; why: string };

export async function readBody(file: string, stdin: Readable, maxBytes = MAX_BODY_BYTES): Promise<ReadBody> {
  const read = await readInputBytes(file, stdin, maxBytes);
  if (!read.ok) return read;
  return parse(read.bytes.toString("utf8"));
}

/** The bytes of a file, or of stdin for "-", bounded; shared with `import`, which decodes them itself. */
export async function readInputBytes(file: string, stdin: Readable, maxBytes: number): Promise<{ ok: true; bytes: Buffer } | { ok: false; why: string }> {
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
  return { ok: true, bytes: Buffer.concat(chunks) };
}

function parse(text: string): ReadBody {
  const withoutBom = text.startsWith("\uFEFF") ? text.slice(1) : text;
  try {
    return { ok: true, text: withoutBom, body: JSON.parse(withoutBom) };
  } catch {
    const problem = findJsonSyntaxError(withoutBom);
    const where = problem ? `${problem.line}:${problem.column}: ` : "";
    return { ok: false, why: `${where}not valid JSON${problem ? ` (${problem.problem}${problem.found === undefined ? "" : ` at ${JSON.stringify(problem.found)}`})` : ""}` };
  }
}

function describeFsError(error: unknown): string {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  if (code === "ENOENT") return "no such file";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EISDIR") return "a directory";
  return error instanceof Error ? error.message : String(error);
}
