// The HTTP shell serve and serve --record share, on Node's own `http`: it listens on the host given
// (loopback by default), numbers each request, refuses what a browser page sends
// (request-guard.ts), keeps the socket table (socket-table.ts) and the places of the requests
// served at once, reads each body up to a limit (a body that declares or sends more is refused
// with 413 at once, the rest never read), waits for the narration's reader before it reads a body
// or narrates, and stops cleanly — stop accepting, give the requests in flight a bounded grace,
// then close every socket. What a request is for is its handler's: serve's scripted exchange
// (server.ts) or the recorder's forward to the upstream (record-server.ts).
//
// Nothing a client sends can end the server: every path is total, and a bug answers 500 from a
// last-resort handler that routes nothing. No client can keep another out: a request past the cap
// waits its turn, and a socket held for nothing is closed first when room is needed. Every time
// limit runs on the clock the shell is given.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { type Clock, sleep } from "../../io/clock.ts";
import type { PartsOf, ProviderId } from "../../providers/registry.ts";
import type { ErrorKind } from "../../providers/shared/error-kind.ts";
import { type Answer, answering } from "./answer.ts";
import { listen } from "./listen.ts";
import { type OwnAnswer, PageWrites } from "./page-writes.ts";
import { type BodyRead, readBody } from "./read-body.ts";
import { type Refusal, refusalAnswer } from "./refusal.ts";
import { browserRefusal, type HostPolicy, hostPolicy } from "./request-guard.ts";
import { providerForUnknownPath, type RequestTarget, type Route, requestTarget, routeAt, routeList } from "./routes.ts";
import { shownPath } from "./secrets.ts";
import type { ExchangeRecord, OutcomeKind } from "./serve-events.ts";
import type { ServeLimits } from "./serve-limits.ts";
import { Slots } from "./slots.ts";
import { SocketTable } from "./socket-table.ts";
import { writeAnswer } from "./write-answer.ts";

export interface ShellOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  limits: ServeLimits;
  maxBodyBytes: number;
  clock: Clock;
  /** Who signs the shell's own error messages ("tool-call-playground serve"). */
  speaker: string;
  /** A promise while the narration's output is full: no new body is read until it drains. */
  drained?: () => Promise<void> | undefined;
  partsOf: PartsOf;
  handler: Handler;
}

/** What is known of a request once its line and headers have come. */
export interface Seen {
  /** 1-based, in arrival order. */
  number: number;
  method: string;
  /** The request target as narrated (secrets.ts: a `key` query value left out). */
  path: string;
  target: RequestTarget | undefined;
  /** The route it matched, if any. */
  route: Route | undefined;
  /** Whose error shape an answer is written in: the route's, or the nearest path's. */
  provider: ProviderId;
}

/** A request the guard let through, its body read whole. */
export interface Arrived {
  seen: Seen;
  request: IncomingMessage;
  response: ServerResponse;
  body: Buffer;
  /** Gives back the request's place among those served at once (the shell does once the handler
   *  resolves): an answer written over time need not hold one. */
  leave(): void;
}

/** What the shell offers its handler while it answers. */
export interface ShellContext {
  clock: Clock;
  /** Resolves once the narration's output can take more, or the server starts closing. */
  roomInOutput(): Promise<void>;
  /** Whether the server has started closing. */
  closing(): boolean;
  /** Aborts when the grace after Ctrl-C is over: whatever a handler still waits on ends there. */
  stopping: AbortSignal;
}

/** What a server built on the shell does. */
export interface Handler {
  /** Told of each request as it arrives, before anything is answered (the recorder learns its keys). */
  heard?(request: IncomingMessage, target: RequestTarget | undefined): void;
  /** A page of the server's own, asked before anything else: its answer when the request is the
   *  page's, which is never numbered nor narrated, and is written under page-writes.ts's cap. */
  page?(request: IncomingMessage, policy: HostPolicy): OwnAnswer | undefined;
  /** Answers a request whose body is whole, narrating it. */
  answer(arrived: Arrived, shell: ShellContext): Promise<void>;
  /** Narrates what the shell answered itself: a refusal, a body too large, a client gone, a bug. */
  tell(record: ExchangeRecord): void;
}

export interface RunningShell {
  /** `http://host:port`, what a harness takes as its base URL. */
  url: string;
  /** Stops accepting, gives the requests in flight the grace, closes every socket; resolves with the request count. */
  close(): Promise<number>;
  inFlight(): number;
  /** Sockets open now, as the socket table counts them. */
  openSockets(): number;
  /** The next request is number 1 again (a test's reset: its requests get the ids of a fresh server). */
  renumber(): void;
}

export async function startShell(options: ShellOptions): Promise<RunningShell> {
  const shell = new Shell(options);
  return shell.listen();
}

class Shell {
  readonly #options: ShellOptions;
  readonly #table: SocketTable;
  /** The requests served at once: each takes a place before its body is read. */
  readonly #places: Slots;
  readonly #pending = new Set<Promise<void>>();
  readonly #pages: PageWrites;
  readonly #server: Server;
  readonly #stopping = new AbortController();
  readonly #context: ShellContext;
  /** Aborted when the server starts closing: a request waiting for the narration's reader stops
   *  waiting (a pager never read again), so closing stays bounded. */
  readonly #closing = new AbortController();
  readonly #closingStarted = new Promise<void>((resolve) => this.#closing.signal.addEventListener("abort", () => resolve(), { once: true }));
  /** The last request's number, and every request since the start. */
  #count = 0;
  #total = 0;
  #policy: HostPolicy;
  #stopSweeping: () => void = () => {};

  constructor(options: ShellOptions) {
    this.#options = options;
    const { limits, clock } = options;
    this.#table = new SocketTable(limits, clock);
    this.#places = new Slots(limits.connections);
    this.#pages = new PageWrites(clock, limits.stallMs);
    this.#policy = hostPolicy(options.host, options.host);
    this.#context = {
      clock,
      roomInOutput: () => this.#roomInOutput(),
      closing: () => this.#closing.signal.aborted,
      stopping: this.#stopping.signal,
    };
    // Node's own header and request timers are off: the socket table keeps both limits, on the clock.
    this.#server = createServer({ headersTimeout: 0, requestTimeout: 0 }, (request, response) => this.#onRequest(request, response));
    this.#server.on("connection", (socket: Socket) => {
      if (!this.#table.admit(socket)) socket.destroy();
    });
    // CONNECT (a proxy's tunnel) skips the request handler, and with no listener Node closes the
    // socket without a word: it is answered, like any other path serve does not have, with a 404.
    this.#server.on("connect", (request: IncomingMessage, socket: Duplex) => this.#onConnect(request, socket));
  }

  async listen(): Promise<RunningShell> {
    const { url, address } = await listen(this.#server, this.#options.host, this.#options.port);
    this.#policy = hostPolicy(this.#options.host, address);
    this.#sweepOnTimer();
    return {
      url,
      close: () => this.#close(),
      inFlight: () => this.#pending.size,
      openSockets: () => this.#table.size,
      renumber: () => void (this.#count = 0),
    };
  }

  /** Time limits apply always; under pressure (every place taken, or every socket), stalled
   *  sockets are closed as they stall too. */
  #sweepOnTimer(): void {
    const { stallMs, headersMs, requestMs } = this.#options.limits;
    const every = Math.max(25, Math.min(stallMs, headersMs, requestMs) / 4);
    const sweep = (): void => {
      this.#table.sweep(!this.#places.free() || this.#table.full());
      this.#stopSweeping = this.#options.clock.after(every, sweep);
    };
    this.#stopSweeping = this.#options.clock.after(every, sweep);
  }

  #seen(method: string, url: string): Seen {
    const target = requestTarget(url);
    const route = target === undefined ? undefined : routeAt(method, target);
    const provider = route?.provider ?? providerForUnknownPath(target);
    this.#total++;
    return { number: ++this.#count, method, path: shownPath(url, target?.query, target?.pathname ?? url), target, route, provider };
  }

  #onRequest(request: IncomingMessage, response: ServerResponse): void {
    const { handler } = this.#options;
    const own = handler.page?.(request, this.#policy);
    if (own !== undefined) {
      // Working once its turn comes; until then it may be closed, stalled, to make room.
      response.once("finish", () => this.#table.mark(request.socket, "waiting"));
      return this.#track(this.#pages.write(response, own, () => this.#table.mark(request.socket, "working")));
    }
    const seen = this.#seen(request.method ?? "GET", request.url ?? "/");
    handler.heard?.(request, seen.target);
    this.#track(this.#life(seen, request, response).catch((error: unknown) => this.#lastResort(seen, response, error)));
  }

  #onConnect(request: IncomingMessage, socket: Duplex): void {
    const seen = this.#seen(request.method ?? "CONNECT", request.url ?? "");
    this.#options.handler.heard?.(request, seen.target);
    socket.on("error", () => socket.destroy());
    const answered = async (): Promise<void> => {
      await this.#roomInOutput();
      const answer = this.#errorAnswer(seen, "notFound", "notFound", `${this.#options.speaker}: no route ${seen.method} (routes: ${routeList.join(", ")})`);
      const body = answer.body;
      socket.end(`HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
      this.#options.handler.tell(answer.record);
    };
    this.#track(answered().catch(() => void socket.destroy()));
  }

  #track(work: Promise<void>): void {
    this.#pending.add(work);
    void work.finally(() => this.#pending.delete(work));
  }

  /** One request, from its headers to its answer. */
  async #life(seen: Seen, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const socket = request.socket;
    // Until its body is read, a request that waits (for a place, for the output) is not stalled.
    this.#table.mark(socket, "working");
    response.once("finish", () => this.#table.mark(socket, "waiting"));
    const refusal = browserRefusal(request, this.#policy);
    // 403 in the error shape of the provider the path names (its own forbidden type).
    if (refusal !== undefined) return this.#refuse(seen, response, "forbidden", "forbidden", refusal);
    // A place among the requests served at once (a socket held for nothing is closed to free one),
    // then the output's drain: while the narration's reader is slow no body is read at all.
    if (!this.#places.free()) this.#table.sweep(true);
    const leave = await this.#places.take();
    try {
      await this.#roomInOutput();
      const read = await this.#readBody(request);
      if (read.kind === "gone") return this.#options.handler.tell(goneRecord(seen));
      if (read.kind === "tooLarge")
        return this.#refuse(seen, response, "tooLarge", "tooLarge", `${this.#options.speaker}: the request body is over the size limit`);
      await this.#options.handler.answer({ seen, request, response, body: read.bytes, leave }, this.#context);
    } finally {
      leave();
    }
  }

  /** The body, up to the limit; a declared length over it is refused before a byte is read. */
  async #readBody(request: IncomingMessage): Promise<BodyRead> {
    const { maxBodyBytes } = this.#options;
    const declared = Number(request.headers["content-length"] ?? Number.NaN);
    if (declared > maxBodyBytes) return { kind: "tooLarge" };
    const socket = request.socket;
    this.#table.mark(socket, "reading");
    const read = await readBody(request, maxBodyBytes, (bytes) => this.#table.bodyPart(socket, bytes));
    this.#table.mark(socket, "working");
    return read;
  }

  /** The shell's own answer in the provider's error shape, narrated once the output has room; the
   *  connection closes after it (the body, if any, was not read to its end). */
  async #refuse(seen: Seen, response: ServerResponse, kind: ErrorKind, outcome: OutcomeKind, message: string): Promise<void> {
    const answer = this.#errorAnswer(seen, kind, outcome, message);
    await this.#roomInOutput();
    this.#options.handler.tell(answer.record);
    await writeAnswer(response, answer, this.#context, true);
  }

  #errorAnswer(seen: Seen, error: ErrorKind, outcome: OutcomeKind, message: string): Answer {
    return refusalTo(seen, this.#options.partsOf, { error, outcome, message });
  }

  /** A bug, not the harness's fault: the harness still gets an answer, and the narration says so.
   *  Only what was known before the failure is used; nothing here can fail in its turn. */
  #lastResort(seen: Seen, response: ServerResponse, error: unknown): void {
    try {
      const message = `${this.#options.speaker}: internal error (please report it): ${error instanceof Error ? error.message : String(error)}`;
      const answer = this.#errorAnswer(seen, "internal", "internal", message);
      if (response.headersSent) response.destroy();
      else void writeAnswer(response, answer, this.#context, true).catch(() => response.destroy());
      this.#options.handler.tell(answer.record);
    } catch {
      response.destroy();
    }
  }

  /** Resolves once the narration's output can take more (at once if it can now), or the server
   *  starts closing: every path waits here before it reads a body or narrates, so a reader that
   *  stops reading holds every request where it is, not their narration piling up in memory. */
  async #roomInOutput(): Promise<void> {
    const full = this.#options.drained?.();
    if (full) await Promise.race([full, this.#closingStarted]);
  }

  async #close(): Promise<number> {
    this.#closing.abort();
    this.#stopSweeping();
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    this.#server.closeIdleConnections();
    const grace = new AbortController();
    await Promise.race([Promise.allSettled([...this.#pending]), sleep(this.#options.clock, this.#options.limits.shutdownMs, grace.signal)]);
    grace.abort();
    // A client still sending (or still reading a slow answer) is cut off here; its request ends
    // as a client that left, so what is still pending settles at once.
    this.#stopping.abort();
    this.#server.closeAllConnections();
    await Promise.allSettled([...this.#pending]);
    await closed;
    return this.#total;
  }
}

/** A refusal in the error shape of `seen.provider`, whose request id names it too. */
export function refusalTo(seen: Seen, partsOf: PartsOf, refusal: Refusal): Answer {
  const head = { number: seen.number, method: seen.method, path: seen.path, provider: seen.route?.provider, stream: false };
  return refusalAnswer(answering(head, partsOf(seen.provider).response), refusal);
}

/** A client that closed its connection before its request was whole: there is no one to answer. */
function goneRecord(seen: Seen): ExchangeRecord {
  return {
    number: seen.number,
    method: seen.method,
    path: seen.path,
    provider: seen.route?.provider,
    stream: false,
    outcome: { status: 0, kind: "clientGone", message: "the client closed the connection before its request was whole" },
  };
}
