// A request's body, read up to a limit without ever holding more: the bytes, or "tooLarge" as soon
// as the body passes the limit, or "gone" when the client leaves first. server.ts reads every
// request's body with it.
import type { IncomingMessage } from "node:http";

/** A body as read: its bytes, or why there are none. */
export type BodyRead = { kind: "text"; bytes: Buffer } | { kind: "tooLarge" } | { kind: "gone" };

/** The body's bytes, or tooLarge as soon as it passes `limit` bytes (reading stops there, and
 *  what came before is dropped, so an oversized body is never held whole), or gone when the
 *  client leaves (or its time runs out) first. Never rejects. */
export function readBody(request: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((resolve) => new BodyReader(request, limit, resolve));
}

/** One body being read. A class with bound methods rather than closures: under tsx every named
 *  closure is renamed by a property write when it is made, four per request here. */
class BodyReader {
  readonly #chunks: Buffer[] = [];
  #size = 0;
  readonly #data = this.#onData.bind(this);
  readonly #end = this.#onEnd.bind(this);
  readonly #gone = this.#onGone.bind(this);
  constructor(
    private readonly request: IncomingMessage,
    private readonly limit: number,
    private readonly resolve: (read: BodyRead) => void,
  ) {
    // Closed while the request waited for its turn: its events have already fired.
    if (request.destroyed) this.#onGone();
    else request.on("data", this.#data).on("end", this.#end).on("error", this.#gone).on("close", this.#gone);
  }
  #settle(read: BodyRead): void {
    this.request.off("data", this.#data).off("end", this.#end).off("error", this.#gone).off("close", this.#gone);
    this.resolve(read);
  }
  #onData(chunk: Buffer): void {
    this.#size += chunk.length;
    if (this.#size <= this.limit) return void this.#chunks.push(chunk);
    this.#chunks.length = 0;
    this.request.pause();
    this.#settle({ kind: "tooLarge" });
  }
  #onEnd(): void {
    // Most bodies arrive in one chunk: it is the body as it is, not a copy.
    const chunks = this.#chunks;
    this.#settle({ kind: "text", bytes: chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks) });
  }
  #onGone(): void {
    this.#settle({ kind: "gone" });
  }
}
