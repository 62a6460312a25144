// Reading a logged request body for lint: from a file or from stdin ("-"), bounded by the bytes
// actually read (a device or a pipe reports no size up front), then parsed. Every way it can fail
// is a problem as data, with a line and column for a JSON syntax error, so each command words it
// in the run's language (src/commands/shared/input-messages.ts).
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import { findJsonSyntaxError, type JsonSyntaxError } from "../json/json-syntax.ts";

/** Well above a long conversation's body (a 10 MB body lints in well under a second). */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** Why an input could not be read, or read as JSON. */
export type ReadProblem =
  | { kind: "notRegularFile" }
  | { kind: "noSuchFile" }
  | { kind: "permissionDenied" }
  | { kind: "directory" }
  | { kind: "tooLarge"; megabytes: number }
  /** Any other failure of the system: its own message, shown as it is. */
  | { kind: "system"; message: string }
  /** `syntax`: where and how the text first stops being JSON, when that can be found. */
  | { kind: "notJson"; syntax: JsonSyntaxError | undefined };

export type ReadBody = { ok: true; text: string; body: unknown } | { ok: false; problem: ReadProblem };

export async function readBody(file: string, stdin: Readable, maxBytes = MAX_BODY_BYTES): Promise<ReadBody> {
  const read = await readInputBytes(file, stdin, maxBytes);
  if (!read.ok) return read;
  return parse(read.bytes.toString("utf8"));
}

/** The bytes of a file, or of stdin for "-", bounded; shared with `import`, which decodes them itself. */
export async function readInputBytes(
  file: string,
  stdin: Readable,
  maxBytes: number,
): Promise<{ ok: true; bytes: Buffer } | { ok: false; problem: ReadProblem }> {
  let source: Readable;
  if (file === "-") source = stdin;
  else {
    try {
      const info = await stat(file);
      if (!info.isFile()) return { ok: false, problem: { kind: "notRegularFile" } };
    } catch (error) {
      return { ok: false, problem: readProblemOf(error) };
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
        return { ok: false, problem: { kind: "tooLarge", megabytes: maxBytes / (1024 * 1024) } };
      }
      chunks.push(buffer);
    }
  } catch (error) {
    return { ok: false, problem: readProblemOf(error) };
  }
  return { ok: true, bytes: Buffer.concat(chunks) };
}

function parse(text: string): ReadBody {
  const withoutBom = text.startsWith("\uFEFF") ? text.slice(1) : text;
  try {
    return { ok: true, text: withoutBom, body: JSON.parse(withoutBom) };
  } catch {
    return { ok: false, problem: { kind: "notJson", syntax: findJsonSyntaxError(withoutBom) } };
  }
}

/** A file system error as a problem: the common ones by their code, any other with its message. */
export function readProblemOf(error: unknown): ReadProblem {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  if (code === "ENOENT") return { kind: "noSuchFile" };
  if (code === "EACCES" || code === "EPERM") return { kind: "permissionDenied" };
  if (code === "EISDIR") return { kind: "directory" };
  return { kind: "system", message: error instanceof Error ? error.message : String(error) };
}
