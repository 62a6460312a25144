// The sockets a server holds, and which of them hold one for nothing. A socket is waiting (for its
// request's headers: a new connection, or one kept alive between requests), reading (its
// request's body) or working (its request is being answered). One that has waited or read
// without a sign of life for `stallMs` — a connection that sends nothing, a body that stopped
// coming — is stalled, and is closed first when room is needed: a client that holds a socket
// without using it never keeps a harness out for longer than that. The clock is only compared,
// never printed.
import type { Socket } from "node:net";

type Phase = "waiting" | "reading" | "working";

interface SocketState {
  phase: Phase;
  /** When the socket last showed a sign of life (connected, sent a request or a part of its body,
   *  was answered), in milliseconds of `performance.now()`. */
  since: number;
}

export class SocketTable {
  readonly #sockets = new Map<Socket, SocketState>();
  readonly #limit: number;
  readonly #stallMs: number;

  /** `limit`: sockets open at once; `stallMs`: how long a socket may hold one for nothing. */
  constructor(limit: number, stallMs: number) {
    this.#limit = limit;
    this.#stallMs = stallMs;
  }

  /** A new socket: kept when there is room, after the stalled ones are closed to make some.
   *  False when every socket is in use: the caller closes it. */
  admit(socket: Socket): boolean {
    if (this.#sockets.size >= this.#limit) this.closeStalled();
    if (this.#sockets.size >= this.#limit) return false;
    this.#sockets.set(socket, { phase: "waiting", since: performance.now() });
    socket.once("close", () => this.#sockets.delete(socket));
    return true;
  }

  /** The socket's request moved on to `phase` (or showed a sign of life in the one it is in). */
  mark(socket: Socket, phase: Phase): void {
    const state = this.#sockets.get(socket);
    if (state) {
      state.phase = phase;
      state.since = performance.now();
    }
  }

  /** Closes every socket stalled for `stallMs`. */
  closeStalled(): void {
    const now = performance.now();
    for (const [socket, state] of this.#sockets) {
      if (state.phase === "working" || now - state.since < this.#stallMs) continue;
      this.#sockets.delete(socket);
      socket.destroy();
    }
  }

  get size(): number {
    return this.#sockets.size;
  }
}
