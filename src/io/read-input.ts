// The one reader of a command's input (lint, import, replay-stream): a file or stdin ("-"),
// bounded by the bytes actually read (a device or a pipe reports no size up front), stopped by
// Ctrl-C, decoded as strict UTF-8 (decode-text.ts) and checked for a nesting no walk survives
// (json-depth.ts). Only a regular file is opened: a FIFO with no writer would hang the open, a
// device never ends. Every way it can fail is a problem as data, with a line and column where
// there is one, so each command words it in the run's language (src/commands/shared/input-messages.ts).
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import { jsonTooDeep } from "../json/json-depth.ts";
import { findJsonSyntaxError, type JsonSyntaxError, lineAndColumn } from "../json/json-syntax.ts";
import { decodeText } from "./decode-text.ts";

/** Well above a long conversation's body (a 10 MB body lints in well under a second). */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** Why an input could not be read, or read as JSON. */
export type ReadProblem =
  | { kind: "notRegularFile" }
  | { kind: "noSuchFile" }
  | { kind: "permissionDenied" }
  | { kind: "directory" }
  | { kind: "tooLarge"; megabytes: number }
  /** Ctrl-C (or SIGTERM) while it was being read. */
  | { kind: "interrupted" }
  /** Any other failure of the system: its own message, shown as it is. */
  | { kind: "system"; message: string }
  /** Not UTF-8 text: where the first bad byte is. */
  | { kind: "notUtf8"; line: number; column: number }
  /** Nested deeper than `limit` arrays and objects: where it goes too deep. */
  | { kind: "tooDeep"; line: number; column: number; limit: number }
  /** `syntax`: where and how the text first stops being JSON, when that can be found. */
  | { kind: "notJson"; syntax: JsonSyntaxError | undefined };

export interface ReadOptions {
  maxBytes?: number;
  signal?: AbortSignal;
}

export type ReadBody = { ok: true; text: string; body: unknown } | { ok: false; problem: ReadProblem };
export type ReadText = { ok: true; text: string } | { ok: false; problem: ReadProblem };

/** A request body: read, decoded, within the depth limit, parsed. */
export async function readBody(file: string, stdin: Readable, options: ReadOptions = {}): Promise<ReadBody> {
  const read = await readInputText(file, stdin, options);
  if (!read.ok) return read;
  try {
    return { ok: true, text: read.text, body: JSON.parse(read.text) };
  } catch {
    return { ok: false, problem: { kind: "notJson", syntax: findJsonSyntaxError(read.text) } };
  }
}

/** The input as text: UTF-8 (a byte order mark dropped) and nested no deeper than the limit. */
export async function readInputText(file: string, stdin: Readable, options: ReadOptions = {}): Promise<ReadText> {
  const read = await readInputBytes(file, stdin, options);
  if (!read.ok) return read;
  const decoded = decodeText(read.bytes);
  if (!decoded.ok) {
    const lenient = new TextDecoder("utf-8").decode(read.bytes);
    return { ok: false, problem: { kind: "notUtf8", ...lineAndColumn(lenient, decoded.offset) } };
  }
  const deep = jsonTooDeep(decoded.text);
  if (deep) return { ok: false, problem: { kind: "tooDeep", ...deep } };
  return { ok: true, text: decoded.text };
}

/** The bytes of a regular file, or of stdin for "-", bounded and interruptible. */
export async function readInputBytes(
  file: string,
  stdin: Readable,
  options: ReadOptions = {},
): Promise<{ ok: true; bytes: Buffer } | { ok: false; problem: ReadProblem }> {
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  const tooLarge = { ok: false, problem: { kind: "tooLarge", megabytes: maxBytes / (1024 * 1024) } } as const;
  const { signal } = options;
  if (signal?.aborted) return { ok: false, problem: { kind: "interrupted" } };
  let source: Readable;
  if (file === "-") source = stdin;
  else {
    try {
      const info = await stat(file);
      if (!info.isFile()) return { ok: false, problem: { kind: "notRegularFile" } };
      if (info.size > maxBytes) return tooLarge;
    } catch (error) {
      return { ok: false, problem: readProblemOf(error) };
    }
    source = createReadStream(file);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  // An abort ends the loop below: the stream is destroyed, and the iterator stops with it.
  const stop = () => source.destroy();
  signal?.addEventListener("abort", stop, { once: true });
  try {
    for await (const chunk of source) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      total += buffer.length;
      if (total > maxBytes) {
        source.destroy();
        return tooLarge;
      }
      chunks.push(buffer);
    }
  } catch (error) {
    return { ok: false, problem: signal?.aborted ? { kind: "interrupted" } : readProblemOf(error) };
  } finally {
    signal?.removeEventListener("abort", stop);
  }
  if (signal?.aborted) return { ok: false, problem: { kind: "interrupted" } };
  return { ok: true, bytes: Buffer.concat(chunks) };
}

/** A file system error as a problem: the common ones by their code, any other with its message. */
export function readProblemOf(error: unknown): ReadProblem {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  if (code === "ENOENT") return { kind: "noSuchFile" };
  if (code === "EACCES" || code === "EPERM") return { kind: "permissionDenied" };
  if (code === "EISDIR") return { kind: "directory" };
  return { kind: "system", message: error instanceof Error ? error.message : String(error) };
}
