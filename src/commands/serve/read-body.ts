// A request's body, read up to a limit without ever holding more: the bytes, or "tooLarge" as soon
// as the body passes the limit, or "gone" when the client leaves first. server.ts reads every
// request's body with it.
import type { IncomingMessage } from "node:http";

/** A body as read: its bytes, or why there are none. */
export type BodyRead = { kind: "text"; bytes: Buffer } | { kind: "tooLarge" } | { kind: "gone" };

/** The body's bytes, or tooLarge as soon as it passes `limit` bytes (reading stops there, and
 *  what came before is dropped, so an oversized body is never held whole), or gone when the
 *  client leaves (or its time runs out) first. `onProgress` is told of each part's size as it arrives
 *  (the socket table weighs it as a sign of life). Never rejects. */
export function readBody(request: IncomingMessage, limit: number, onProgress?: (bytes: number) => void): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    function settle(read: BodyRead): void {
      request.off("data", onData).off("end", onEnd).off("error", onGone).off("close", onGone);
      resolve(read);
    }
    function onData(chunk: Buffer): void {
      onProgress?.(chunk.length);
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else {
        chunks.length = 0;
        request.pause();
        settle({ kind: "tooLarge" });
      }
    }
    function onEnd(): void {
      // Most bodies arrive in one chunk: it is the body as it is, not a copy.
      settle({ kind: "text", bytes: chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks) });
    }
    function onGone(): void {
      settle({ kind: "gone" });
    }
    // Closed while the request waited for its turn: its events have already fired.
    if (request.destroyed) onGone();
    else request.on("data", onData).on("end", onEnd).on("error", onGone).on("close", onGone);
  });
}
