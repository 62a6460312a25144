// The sockets a server holds, what each is doing, and for how long, on the server's clock. A
// socket is waiting (for its request's headers: a new connection, or one kept alive between
// requests), reading (its request's body) or working (its request is being answered, or waits for
// its turn). Two rules keep a client from holding a socket for nothing:
// - A socket that waits longer than the headers' time limit, or reads one body longer than the
//   body's, is closed: headers or a body trickled to hold a socket (slowloris) end there.
// - A socket that has waited or read without a sign of life for the stall time is stalled, and is
//   closed first when room is needed (a new socket, or a request with every place taken): a
//   client that holds a socket without using it never keeps a harness out for longer than that.
//   Part of a body is a sign of life once the parts since the last one add up to the stall
//   bytes: a body trickled a byte at a time is as stalled as a silent one.
// `sweep` applies both; the server calls it on a timer of its clock, and `admit` when a socket
// arrives at a full table.
import type { Clock } from "../../io/clock.ts";

/** What the table asks of a socket (a net.Socket): to be closed, and to say when it has closed. */
export interface HeldSocket {
  destroy(): void;
  once(event: "close", listener: () => void): unknown;
}

type Phase = "waiting" | "reading" | "working";

interface SocketState {
  phase: Phase;
  /** When the phase began, in the clock's milliseconds. */
  began: number;
  /** When the socket last showed a sign of life (it connected, was answered, sent enough of a body). */
  since: number;
  /** Body bytes that came since then, not yet enough to count as a sign of life. */
  trickled: number;
}

export interface SocketLimits {
  /** Sockets open at once. */
  sockets: number;
  /** How long a socket may hold one for nothing before it is closed to make room. */
  stallMs: number;
  /** What part of a body counts as a sign of life: at least this many bytes since the last one. */
  stallBytes: number;
  /** How long a socket may wait for its request's headers. */
  headersMs: number;
  /** How long a socket may take to send one request's body. */
  requestMs: number;
}

export class SocketTable {
  readonly #sockets = new Map<HeldSocket, SocketState>();
  readonly #limits: SocketLimits;
  readonly #clock: Clock;

  constructor(limits: SocketLimits, clock: Clock) {
    this.#limits = limits;
    this.#clock = clock;
  }

  /** A new socket: kept when there is room, after the stalled ones are closed to make some.
   *  False when every socket is in use: the caller closes it. */
  admit(socket: HeldSocket): boolean {
    if (this.full()) this.sweep(true);
    if (this.full()) return false;
    const now = this.#clock.now();
    this.#sockets.set(socket, { phase: "waiting", began: now, since: now, trickled: 0 });
    socket.once("close", () => this.#sockets.delete(socket));
    return true;
  }

  /** The socket's request moved on to `phase` (a sign of life), or showed one in the phase it is in. */
  mark(socket: HeldSocket, phase: Phase): void {
    const state = this.#sockets.get(socket);
    if (!state) return;
    const now = this.#clock.now();
    if (state.phase !== phase) state.began = now;
    state.phase = phase;
    state.since = now;
    state.trickled = 0;
  }

  /** Part of the body the socket is reading came: a sign of life once the parts since the last
   *  one reach the stall bytes. */
  bodyPart(socket: HeldSocket, bytes: number): void {
    const state = this.#sockets.get(socket);
    if (!state) return;
    state.trickled += bytes;
    if (state.trickled >= this.#limits.stallBytes) this.mark(socket, state.phase);
  }

  /** Closes every socket past a time limit, and with `makeRoom` every stalled one too. */
  sweep(makeRoom: boolean): void {
    const now = this.#clock.now();
    for (const [socket, state] of this.#sockets) {
      if (!this.#overdue(state, now) && !(makeRoom && this.#stalled(state, now))) continue;
      this.#sockets.delete(socket);
      socket.destroy();
    }
  }

  full(): boolean {
    return this.#sockets.size >= this.#limits.sockets;
  }

  get size(): number {
    return this.#sockets.size;
  }

  #overdue({ phase, began }: SocketState, now: number): boolean {
    if (phase === "waiting") return now - began >= this.#limits.headersMs;
    return phase === "reading" && now - began >= this.#limits.requestMs;
  }

  #stalled({ phase, since }: SocketState, now: number): boolean {
    return phase !== "working" && now - since >= this.#limits.stallMs;
  }
}
