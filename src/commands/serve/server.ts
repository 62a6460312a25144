// The HTTP side of serve, on Node's own `http`: listens on the host given (loopback by default),
// reads each body up to a limit (a body that declares or sends more is refused with 413 at once,
// the rest never read), hands it to exchange.ts, writes the answer, and closes cleanly — stop
// accepting, let the requests in flight be answered, then drop idle keep-alive sockets.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Fixture } from "../../fixture/fixture-format.ts";
import { loadAllParts, type PartsOf } from "../../providers/registry.ts";
import { errorStatus } from "../../providers/shared/error-kind.ts";
import { ConversationBook } from "./conversation-book.ts";
import { type Answer, exchange } from "./exchange.ts";
import { matchRoute, providerForUnknownPath, routeList } from "./routes.ts";
import type { ExchangeRecord, ServeEvent } from "./serve-events.ts";

/** Anthropic's documented limit for the Messages API (https://docs.anthropic.com/en/api/errors, "Request size limits"). */
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;

export interface ServeOptions {
  fixture: Fixture;
  /** As the command line named it, for the narration. */
  fixtureName: string;
  host: string;
  /** 0 picks a free port. */
  port: number;
  maxBodyBytes?: number;
  chunk?: number;
  onEvent(event: ServeEvent): void;
}

export interface RunningServer {
  /** `http://host:port`, what a harness takes as its base URL. */
  url: string;
  /** Stops accepting, waits for the requests in flight, closes every socket; resolves with the request count. */
  close(): Promise<number>;
  inFlight(): number;
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const pending = new Set<Promise<void>>();
  const book = new ConversationBook();
  const partsOf = await loadAllParts();
  let count = 0;

  const server = createServer((request, response) => {
    const number = ++count;
    const work = handle(number, request, response).catch((error: unknown) => {
      // A bug, not the harness's fault: the harness still gets an answer, and the narration says so.
      const answer = internalAnswer(number, request, error, partsOf);
      if (!response.headersSent) writeAnswer(response, answer);
      else response.destroy();
      options.onEvent({ type: "exchange", record: answer.record });
    });
    pending.add(work);
    void work.finally(() => pending.delete(work));
  });

  async function handle(number: number, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? "GET";
    const path = request.url ?? "/";
    const route = matchRoute(method, path);
    if (!route) {
      // Read (up to the limit) so the connection can serve the next request; over it, it closes.
      const whole = (await readBody(request, maxBody)) !== undefined;
      const provider = providerForUnknownPath(path);
      const message = `tool-call-playground serve: no route ${method} ${new URL(path, "http://localhost").pathname} (routes: ${routeList.join(", ")})`;
      const record: ExchangeRecord = { number, method, path, provider: undefined, stream: false, outcome: { status: 404, kind: "notFound", message } };
      writeAnswer(
        response,
        { status: 404, contentType: "application/json", body: JSON.stringify(partsOf(provider).response.error("notFound", message)), record },
        !whole,
      );
      options.onEvent({ type: "exchange", record });
      return;
    }
    // A declared length over the limit is refused before a byte of the body is read.
    const declared = Number(request.headers["content-length"] ?? Number.NaN);
    const text = declared > maxBody ? undefined : await readBody(request, maxBody);
    const answer = await exchange({ number, method, path, route, text, fixture: options.fixture, book, partsOf, chunk: options.chunk });
    await writeAnswer(response, answer, text === undefined);
    options.onEvent({ type: "exchange", record: answer.record });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  options.onEvent({ type: "listening", url, fixture: options.fixtureName, routes: routeList });

  return {
    url,
    inFlight: () => pending.size,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      while (pending.size > 0) await Promise.allSettled([...pending]);
      server.closeAllConnections();
      await closed;
      return count;
    },
  };
}

/** The body as text, or undefined as soon as it passes `limit` bytes: reading stops there, and
 *  what came before is dropped, so an oversized body is never held whole. */
function readBody(request: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (value: string | undefined, error?: unknown) => {
      request.off("data", onData).off("end", onEnd).off("error", onError);
      if (error !== undefined) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      chunks.length = 0;
      request.pause();
      settle(undefined);
    };
    const onEnd = () => settle(Buffer.concat(chunks).toString("utf8"));
    const onError = (error: unknown) => settle(undefined, error);
    request.on("data", onData).on("end", onEnd).on("error", onError);
  });
}

/** `close`: the body was not read to its end, so the connection cannot carry another request —
 *  the answer says `connection: close`, and Node closes the socket once it is written. */
async function writeAnswer(response: ServerResponse, answer: Answer, close = false): Promise<void> {
  if (answer.drop) return dropAfter(response, answer);
  const whole = typeof answer.body === "string";
  response.writeHead(answer.status, {
    ...answer.headers,
    "content-type": answer.contentType,
    ...(typeof answer.body === "string" ? { "content-length": Buffer.byteLength(answer.body) } : {}),
    ...(close ? { connection: "close" } : {}),
  });
  if (whole) response.end(answer.body);
  else {
    await writePieces(response, answer.body);
    response.end();
  }
  // What the client still sends until then is let through unread (never kept), so the socket is
  // not left with a full receive buffer while the answer goes out.
  if (close) response.once("finish", () => response.req.resume());
}

/** Each piece as its own write, so a client sees a stream arrive event by event; a full socket
 *  buffer is waited out (backpressure) rather than queued in memory. Resolves once the last piece
 *  has been handed to the socket. */
async function writePieces(response: ServerResponse, pieces: string | readonly string[]): Promise<void> {
  const list = typeof pieces === "string" ? [pieces] : pieces;
  for (const [index, piece] of list.entries()) {
    if (response.destroyed) return;
    const last = index === list.length - 1;
    await new Promise<void>((resolve) => {
      const done = () => {
        response.off("drain", done).off("close", done);
        resolve();
      };
      const flowing = response.write(piece, last ? done : undefined);
      if (last) response.once("close", done);
      else if (flowing) resolve();
      else response.on("drain", done).on("close", done);
    });
  }
}

/** An aborted reply: nothing at all, or the body's events without the chunked body's end, then
 *  the socket closes — the client sees the connection cut mid-answer (undici: "terminated"). */
async function dropAfter(response: ServerResponse, answer: Answer): Promise<void> {
  if (answer.status !== 0) {
    response.writeHead(answer.status, { ...answer.headers, "content-type": answer.contentType });
    await writePieces(response, answer.body);
  }
  response.destroy();
}

function internalAnswer(number: number, request: IncomingMessage, error: unknown, partsOf: PartsOf): Answer {
  const message = `tool-call-playground serve: internal error (please report it): ${error instanceof Error ? error.message : String(error)}`;
  const route = matchRoute(request.method ?? "GET", request.url ?? "/");
  const provider = route?.provider ?? providerForUnknownPath(request.url ?? "/");
  return {
    status: errorStatus.internal,
    contentType: "application/json",
    body: JSON.stringify(partsOf(provider).response.error("internal", message)),
    record: { number, method: request.method ?? "GET", path: request.url ?? "/", provider, stream: false, outcome: { status: 500, kind: "internal", message } },
  };
}
