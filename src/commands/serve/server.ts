// The HTTP side of serve, on Node's own `http`: listens on the host given (loopback by default),
// refuses what a browser page sends (request-guard.ts), reads each body up to a limit in size and
// time (a body that declares or sends more is refused with 413 at once, the rest never read), hands
// it to exchange.ts, writes the answer, and closes cleanly — stop accepting, give the requests in
// flight a bounded time, then close every socket. Nothing a client sends can end the server: every
// path below is total, and a bug answers 500 from a last-resort handler that routes nothing. No
// client can keep another out: a slow upload holds only its own socket (its body is read before it
// waits for an exchange's place), a request past the cap waits its turn, and a socket held for
// nothing is closed first when room is needed (socket-table.ts). Every path that narrates waits
// for the narration's reader first, so a reader that stops reading holds memory still.

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import type { Fixture, Language } from "../../fixture/fixture-format.ts";
import { decodeText } from "../../io/decode-text.ts";
import { jsonTooDeep } from "../../json/json-depth.ts";
import { conversationStates, loadAllParts, type ProviderId } from "../../providers/registry.ts";
import type { ErrorKind } from "../../providers/shared/error-kind.ts";
import type { StoreBudget } from "../../providers/shared/provider.ts";
import { type Answer, answering } from "./answer.ts";
import { AttemptBook } from "./attempt-book.ts";
import { ConversationBook } from "./conversation-book.ts";
import { exchange } from "./exchange.ts";
import { listen } from "./listen.ts";
import { livePage } from "./live-page.ts";
import { type BodyRead, readBody } from "./read-body.ts";
import { refusalAnswer } from "./refusal.ts";
import { browserRefusal, hostPolicy } from "./request-guard.ts";
import { fallbackProvider, providerForUnknownPath, requestTarget, routeAt, routeList } from "./routes.ts";
import type { ExchangeRecord, OutcomeKind, ServeEvent } from "./serve-events.ts";
import { CONCURRENT_EXCHANGES, DEFAULT_MAX_BODY_BYTES, defaultLimits, defaultStoreBudget, type ServeLimits } from "./serve-limits.ts";
import { Slots } from "./slots.ts";
import { SocketTable } from "./socket-table.ts";
import { writeAnswer } from "./write-answer.ts";

export interface ServeOptions {
  fixture: Fixture;
  /** As the command line named it, for the narration. */
  fixtureName: string;
  host: string;
  /** 0 picks a free port. */
  port: number;
  maxBodyBytes?: number;
  chunk?: number;
  limits?: Partial<ServeLimits>;
  /** What the Responses API's store keeps at most (defaultStoreBudget otherwise). */
  store?: Partial<StoreBudget>;
  onEvent(event: ServeEvent): void;
  /** A promise while the narration's output is full: no new request is read until it drains. */
  drained?: () => Promise<void> | undefined;
  /** The live page's language (zh by default). */
  lang?: Language;
  /** The clock the attempts at a failing reply are timed with, in milliseconds (a test's own, or
   *  performance.now()): the narration says how long a harness waited before it retried. */
  now?: () => number;
}

export interface RunningServer {
  /** `http://host:port`, what a harness takes as its base URL. */
  url: string;
  /** Stops accepting, gives the requests in flight `shutdownMs`, closes every socket; resolves with the request count. */
  close(): Promise<number>;
  inFlight(): number;
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const limits = { ...defaultLimits, ...options.limits };
  const pending = new Set<Promise<void>>();
  const book = new ConversationBook();
  const now = options.now ?? (() => performance.now());
  const attempts = new AttemptBook(now);
  const partsOf = await loadAllParts();
  const states = conversationStates(partsOf, { ...defaultStoreBudget, ...options.store });
  const slots = new Slots(CONCURRENT_EXCHANGES);
  const places = new Slots(limits.connections);
  const table = new SocketTable(limits.sockets, limits.stallMs);
  // Under pressure (every place taken, or every socket), stalled sockets are closed as they stall.
  const sweeping = setInterval(
    () => {
      if (!places.free() || table.size >= limits.sockets) table.closeStalled();
    },
    Math.max(25, limits.stallMs / 4),
  );
  sweeping.unref();
  const lang = options.lang ?? "zh";
  const live = await livePage(lang, options.fixtureName);
  // Whether the server is closing, and a promise that resolves when it starts to: a request
  // waiting for the output to drain (a pager never read again) stops waiting, so shutting down
  // stays bounded.
  let isClosing = false;
  let resolveClosing: () => void = () => {};
  const closing = new Promise<void>((resolve) => (resolveClosing = resolve));
  const startClosing = (): void => {
    isClosing = true;
    resolveClosing();
  };
  let count = 0;
  let policy = hostPolicy(options.host, options.host);

  const server = createServer(
    {
      headersTimeout: limits.headersMs,
      requestTimeout: limits.requestMs,
      // How often Node checks the two timeouts above (30 s by default, longer than either).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, limits.headersMs / 4)),
    },
    (request, response) => {
      if (live.answers(request, response, policy)) return;
      const number = ++count;
      const seen: Seen = { number, method: request.method ?? "GET", path: request.url ?? "/", provider: fallbackProvider };
      const work = handle(seen, request, response).catch((error: unknown) => lastResort(seen, response, error));
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },
  );
  server.on("connection", (socket: Socket) => {
    if (!table.admit(socket)) socket.destroy();
  });
  // CONNECT (a proxy's tunnel) skips the request handler, and with no listener Node closes the
  // socket without a word: it is answered, like any other path serve does not have, with a 404.
  server.on("connect", (request: IncomingMessage, socket: Duplex) => {
    const seen: Seen = { number: ++count, method: request.method ?? "CONNECT", path: request.url ?? "", provider: fallbackProvider };
    socket.on("error", () => socket.destroy());
    const work = roomInOutput().then(() => {
      try {
        const answer = errorAnswer(seen, "notFound", "notFound", `tool-call-playground serve: no route ${seen.method} (routes: ${routeList.join(", ")})`);
        const body = answer.body;
        socket.end(
          `HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
        );
        tell(answer.record);
      } catch {
        socket.destroy();
      }
    });
    pending.add(work);
    void work.finally(() => pending.delete(work));
  });

  /** Resolves once the narration's output can take more (at once if it can now), or the server
   *  starts closing: every path waits here before it narrates, so a reader that stops reading
   *  holds every request where it is, not their narration piling up in memory. */
  async function roomInOutput(): Promise<void> {
    const full = options.drained?.();
    if (full) await Promise.race([full, closing]);
  }

  /** The narration of one exchange: a narration that fails never changes what the client got. */
  function tell(record: ExchangeRecord): void {
    try {
      live.record(record);
      options.onEvent({ type: "exchange", record });
    } catch {
      const { conversation: _dropped, ...bare } = record;
      const { reply: _reply, problems: _problems, ...outcome } = record.outcome;
      try {
        options.onEvent({ type: "exchange", record: { ...bare, outcome } });
      } catch {
        // Nothing left to say it with; the client has its answer all the same.
      }
    }
  }

  /** An answer in the error shape of `seen.provider`, whose request id names it too. */
  function errorAnswer(seen: Seen, kind: ErrorKind, outcome: OutcomeKind, message: string): Answer {
    const head = { number: seen.number, method: seen.method, path: seen.path, provider: seen.route, stream: false };
    return refusalAnswer(answering(head, partsOf(seen.provider).response), { error: kind, outcome, message });
  }

  async function handle(seen: Seen, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const socket = request.socket;
    // Until its body is read, a request that waits (for a place, for the output) is not stalled.
    table.mark(socket, "working");
    response.once("finish", () => table.mark(socket, "waiting"));
    const target = requestTarget(seen.path);
    const route = target === undefined ? undefined : routeAt(seen.method, target);
    seen.provider = route?.provider ?? providerForUnknownPath(target);
    seen.route = route?.provider;
    const refusal = browserRefusal(request, policy);
    if (refusal !== undefined) {
      // 403 in the error shape of the provider the path names (its own forbidden type).
      const answer = errorAnswer(seen, "forbidden", "forbidden", refusal);
      await roomInOutput();
      tell(answer.record);
      await writeAnswer(response, answer, true);
      return;
    }
    // A place among the requests served at once (a socket held for nothing is closed to free one),
    // then the output's drain: while the narration's reader is slow no body is read at all.
    if (!places.free()) table.closeStalled();
    const leave = await places.take();
    let answer: Answer;
    let close = false;
    try {
      await roomInOutput();
      const reading = (): void => table.mark(socket, "reading");
      if (!route) {
        // Read (up to the limit) so the connection can serve the next request; over it, it closes.
        const read = await readBody(request, maxBody, reading);
        if (read.kind === "gone") return tell(goneRecord(seen));
        close = read.kind === "tooLarge";
        const shown = target === undefined ? seen.path : target.pathname;
        const message = `tool-call-playground serve: no route ${seen.method} ${shown} (routes: ${routeList.join(", ")})`;
        answer = errorAnswer(seen, "notFound", "notFound", message);
      } else {
        // A declared length over the limit is refused before a byte of the body is read.
        const declared = Number(request.headers["content-length"] ?? Number.NaN);
        const read: BodyRead = declared > maxBody ? { kind: "tooLarge" } : await readBody(request, maxBody, reading);
        if (read.kind === "gone") return tell(goneRecord(seen));
        table.mark(socket, "working");
        close = read.kind === "tooLarge";
        const text = read.kind === "text" ? decodeText(read.bytes) : undefined;
        const deep = text?.ok ? jsonTooDeep(text.text) : undefined;
        if (text !== undefined && !text.ok)
          answer = errorAnswer(
            seen,
            "invalid",
            "malformed",
            `could not parse the JSON body of the request (not UTF-8 text: a bad byte near character ${text.offset + 1})`,
          );
        else if (deep !== undefined)
          answer = errorAnswer(
            seen,
            "invalid",
            "malformed",
            `the JSON body of the request nests deeper than ${deep.limit} levels (at ${deep.line}:${deep.column})`,
          );
        else {
          // The body is whole: only now does the request wait for one of the exchange's places.
          const { number, method, path } = seen;
          const release = await slots.take();
          try {
            answer = await exchange({
              number,
              method,
              path,
              route,
              text: text?.text,
              fixture: options.fixture,
              lang,
              book,
              states,
              partsOf,
              chunk: options.chunk,
              attempts,
            });
          } finally {
            release();
          }
        }
      }
      tell(answer.record);
    } finally {
      leave();
    }
    const ended = await writeAnswer(response, answer, close, { closing: () => isClosing, now });
    if (ended) {
      await roomInOutput();
      options.onEvent({ type: "stallEnded", number: seen.number, ...ended });
    }
  }

  /** A bug, not the harness's fault: the harness still gets an answer, and the narration says so.
   *  Only what was known before the failure is used; nothing here can fail in its turn. */
  function lastResort(seen: Seen, response: ServerResponse, error: unknown): void {
    try {
      const message = `tool-call-playground serve: internal error (please report it): ${error instanceof Error ? error.message : String(error)}`;
      const answer = errorAnswer(seen, "internal", "internal", message);
      if (response.headersSent) response.destroy();
      else void writeAnswer(response, answer, true).catch(() => response.destroy());
      tell(answer.record);
    } catch {
      response.destroy();
    }
  }

  const { url, address } = await listen(server, options.host, options.port);
  policy = hostPolicy(options.host, address);
  options.onEvent({ type: "listening", url, fixture: options.fixtureName, routes: routeList });

  return {
    url,
    inFlight: () => pending.size,
    async close() {
      startClosing();
      clearInterval(sweeping);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const settled = Promise.allSettled([...pending]);
      const grace = new AbortController();
      await Promise.race([settled, sleep(limits.shutdownMs, undefined, { signal: grace.signal }).catch(() => undefined)]);
      grace.abort();
      // A client still sending (or still reading a slow answer) is cut off here; its request ends
      // as a client that left, so what is still pending settles at once.
      server.closeAllConnections();
      await Promise.allSettled([...pending]);
      await closed;
      for (const gaveUp of attempts.gaveUp()) options.onEvent({ type: "gaveUp", gaveUp });
      return count;
    },
  };
}

/** What is known of a request so far, for the last-resort answer. */
interface Seen {
  number: number;
  method: string;
  path: string;
  /** Whose error shape an answer is written in. */
  provider: ProviderId;
  /** The provider of the route matched, if any. */
  route?: ProviderId;
}

/** A client that closed its connection before its request was whole: there is no one to answer. */
function goneRecord(seen: Seen): ExchangeRecord {
  return {
    number: seen.number,
    method: seen.method,
    path: seen.path,
    provider: seen.route,
    stream: false,
    outcome: { status: 0, kind: "clientGone", message: "the client closed the connection before its request was whole" },
  };
}
