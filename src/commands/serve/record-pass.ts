// The upstream's answer passed back to the harness as it arrives, chunk by chunk, with the
// harness's own pace (backpressure): the recorder keeps of it only what a fixture could hold, up
// to a bound shared with serve's load limit (MAX_FIXTURE_BYTES), and past it only counts the bytes,
// so a 1 GB answer costs no more memory than a 5 MB one. An answer in a content-encoding the
// recorder never asked for (it asks identity) is not read at all: fetch would decode it, and a few
// MB of gzip can be GBs of zeros.
import type { ServerResponse } from "node:http";
import type { PassedAnswer } from "./record-answer.ts";
import { answerHeaders } from "./record-upstream.ts";
import { drainedOrClosed } from "./write-answer.ts";

/** The answer's content-encoding when it is not identity (the recorder asked identity), else undefined. */
export function unaskedEncoding(answer: Response): string | undefined {
  const encoding = answer.headers.get("content-encoding")?.trim();
  return encoding === undefined || encoding === "" || encoding.toLowerCase() === "identity" ? undefined : encoding;
}

/** The answer passed back; its first `keep` bytes kept to be read once it ended (0: nothing kept,
 *  for an answer nobody reads, to a request not on a route). */
export async function passOn(answer: Response, response: ServerResponse, keep: number): Promise<PassedAnswer> {
  response.writeHead(answer.status, answerHeaders(answer.headers));
  response.flushHeaders();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let whole = true;
  const reader = answer.body?.getReader();
  // A harness gone stops the read at once, even while the upstream sends nothing more.
  const stopReading = (): void => void reader?.cancel().catch(() => {});
  response.once("close", stopReading);
  try {
    for (let read = await reader?.read(); read !== undefined && !read.done; read = await reader?.read()) {
      if (response.destroyed) throw new Error("the harness went away");
      bytes += read.value.byteLength;
      if (bytes <= keep) chunks.push(read.value);
      else chunks.length = 0;
      if (!response.write(read.value)) await drainedOrClosed(response);
    }
    if (response.destroyed) whole = false;
  } catch {
    whole = false;
  }
  response.off("close", stopReading);
  if (whole) response.end();
  else response.destroy();
  return {
    status: answer.status,
    contentType: answer.headers.get("content-type") ?? "",
    retryAfter: answer.headers.get("retry-after"),
    text: bytes > keep ? "" : Buffer.concat(chunks).toString("utf8"),
    whole,
    ...(bytes > keep && keep > 0 ? { over: { bytes, limit: keep } } : {}),
  };
}
