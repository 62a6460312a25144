// Writing one answer to its socket: the status and headers, then the body whole or piece by piece
// with backpressure, or a connection dropped on purpose (an aborted reply). A client that is gone
// by then is simply not written to.
import type { ServerResponse } from "node:http";
import type { Answer } from "./exchange.ts";

/** `close`: the body was not read to its end, so the connection cannot carry another request —
 *  the answer says `connection: close`, and Node closes the socket once it is written. */
export async function writeAnswer(response: ServerResponse, answer: Answer, close = false): Promise<void> {
  if (response.destroyed) return;
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
 *  buffer is waited out (backpressure) rather than queued in memory. While the socket takes them,
 *  the pieces are written in one go with no wait between them: Node's response corks its socket
 *  for the rest of the tick, so they leave in order in one system call instead of one each.
 *  `settled`: also wait until the last piece has been handed to the socket (an aborted reply
 *  closes the socket right after). Resolves early if the socket closes. */
async function writePieces(response: ServerResponse, pieces: string | readonly string[], settled = false): Promise<void> {
  const list = typeof pieces === "string" ? [pieces] : pieces;
  for (let index = 0; index < list.length; index++) {
    if (response.destroyed) return;
    const piece = list[index] ?? "";
    if (settled && index === list.length - 1) return handedOver(response, piece);
    if (!response.write(piece)) await drainedOrClosed(response);
  }
}

function drainedOrClosed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off("drain", done).off("close", done);
      resolve();
    };
    response.on("drain", done).on("close", done);
  });
}

function handedOver(response: ServerResponse, piece: string): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off("close", done);
      resolve();
    };
    response.once("close", done);
    response.write(piece, done);
  });
}

/** An aborted reply: nothing at all, or the body's events without the chunked body's end, then
 *  the socket closes — the client sees the connection cut mid-answer (undici: "terminated"). */
async function dropAfter(response: ServerResponse, answer: Answer): Promise<void> {
  if (answer.status !== 0) {
    response.writeHead(answer.status, { ...answer.headers, "content-type": answer.contentType });
    await writePieces(response, answer.body, true);
  }
  response.destroy();
}
