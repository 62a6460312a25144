// Writing serve's own pages (the live page, the session it polls, the journal and reset paths of
// playground-paths.ts) under a cap and with backpressure. Such a page can be 16 MB, and a client
// that asks for it and never reads must not make serve hold a copy per socket, nor keep anyone
// else out: at most PAGE_WRITES are written at once and the next waits its turn; an answer's body
// is made only when its turn comes (so a waiting request holds none), is written a slice at a
// time, each slice only once the socket took the one before; and a reader that takes nothing for
// the stall time is cut off, which frees its turn. The body is the page's one copy, shared by
// every write of it (a slice is a view of it, never a copy).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Clock } from "../../io/clock.ts";
import { Slots } from "./slots.ts";

/** Pages written at once: a browser's tab asks for one at a time. */
export const PAGE_WRITES = 4;

/** How much of a page is handed to the socket at once. */
const SLICE_BYTES = 256 * 1024;

/** What a page reads of a request: its line and headers (no page takes a body). */
export type Asked = Pick<IncomingMessage, "method" | "url" | "headers" | "rawHeaders">;

/** One of serve's own answers. */
export interface OwnAnswer {
  status: number;
  /** Its headers; the writer adds the length (but to a 204). */
  headers: Record<string, string | number>;
  /** Its body, made when its turn comes (a path's action, such as reset, happens then too). */
  take(): Buffer;
}

export class PageWrites {
  readonly #slots = new Slots(PAGE_WRITES);
  readonly #clock: Clock;
  readonly #stallMs: number;

  constructor(clock: Clock, stallMs: number) {
    this.#clock = clock;
    this.#stallMs = stallMs;
  }

  /** Writes `answer` once it has a turn (`turn` is told then); resolves once the socket took all
   *  of it, or closed, or was cut off for taking nothing for the stall time. */
  async write(response: ServerResponse, answer: OwnAnswer, turn: () => void = () => {}): Promise<void> {
    // The request's body, if any, is let through unread: no page takes one.
    response.req.resume();
    const leave = await this.#slots.take();
    try {
      if (response.destroyed) return;
      turn();
      const body = answer.take();
      // A 204 has no body, and so no length (RFC 9110 §8.6).
      const length = answer.status === 204 ? {} : { "content-length": body.length };
      response.writeHead(answer.status, { ...answer.headers, ...length });
      for (let at = 0; at < body.length; at += SLICE_BYTES) {
        if (response.destroyed) return;
        if (!response.write(body.subarray(at, at + SLICE_BYTES)) && !(await this.#taken(response, "drain"))) return;
      }
      if (response.destroyed) return;
      response.end();
      if (!response.writableFinished) await this.#taken(response, "finish");
    } finally {
      leave();
    }
  }

  /** Resolves true once the response emits `event` (or closed); false once it went the stall time
   *  without, when it is cut off. */
  #taken(response: ServerResponse, event: "drain" | "finish"): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (taken: boolean): void => {
        cancel();
        response.off(event, took).off("close", took);
        if (!taken) response.destroy();
        resolve(taken);
      };
      const took = (): void => done(true);
      const cancel = this.#clock.after(this.#stallMs, () => done(false));
      response.on(event, took).on("close", took);
    });
  }
}
