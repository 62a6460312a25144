// Writing one answer to its socket: the status and headers, then the body in one write — with a
// length, or as a stream (chunked, the way a provider streams) — or a connection dropped on
// purpose (an aborted reply). A client that is gone by then is simply not written to (a stall it
// was to get ends there, by the client). A reply with a `delay` or a `stall` is written over time
// (paced-write.ts).
import type { ServerResponse } from "node:http";
import type { Answer } from "./answer.ts";
import { type PaceContext, type StallEnded, stallEndedBeforeItBegan, waitBeforeHeaders, writePaced } from "./paced-write.ts";

/** `close`: the body was not read to its end, so the connection cannot carry another request —
 *  the answer says `connection: close`, and Node closes the socket once it is written. */
export async function writeAnswer(response: ServerResponse, answer: Answer, pace: PaceContext, close = false): Promise<StallEnded | undefined> {
  const { timing } = answer;
  if (response.destroyed) return stallEndedBeforeItBegan(timing, pace);
  const headers = answerHeaders(answer);
  if (timing && !(await waitBeforeHeaders(response, timing.beforeHeadersMs, pace.clock))) return stallEndedBeforeItBegan(timing, pace);
  // Paced from here: a stream's events and their pauses, or a stall. A plain answer that is only
  // late is written like every other, once its wait is over.
  if (timing && (answer.streamed || timing.stall)) return writePaced(response, answer, timing, headers, pace);
  if (answer.drop) {
    await dropAfter(response, answer);
    return undefined;
  }
  if (!answer.streamed) headers["content-length"] = Buffer.byteLength(answer.body);
  if (close) headers.connection = "close";
  response.writeHead(answer.status, headers);
  if (!answer.streamed) response.end(answer.body);
  else {
    // The headers are already stored without a length, so this one write is one chunk; a full
    // socket buffer is waited out before the end (backpressure) rather than queued behind it.
    if (answer.body !== "" && !response.write(answer.body)) await drainedOrClosed(response);
    if (!response.destroyed) response.end();
  }
  // What the client still sends until then is let through unread (never kept), so the socket is
  // not left with a full receive buffer while the answer goes out.
  if (close) response.once("finish", () => response.req.resume());
}

/** The provider's own headers, then the content type. */
function answerHeaders(answer: Answer): Record<string, string | number> {
  return { ...answer.headers, "content-type": answer.contentType };
}

/** Resolves once the response drains or closes, leaving no listener behind (a listener left per
 *  chunk piled up to a MaxListenersExceededWarning on every large answer). */
export function drainedOrClosed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off("drain", done).off("close", done);
      resolve();
    };
    response.on("drain", done).on("close", done);
  });
}

/** Resolves once `body` has been handed to the socket (or the socket closed first). */
function handedOver(response: ServerResponse, body: string): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off("close", done);
      resolve();
    };
    response.once("close", done);
    response.write(body, done);
  });
}

/** An aborted reply: nothing at all, or the body's events without the chunked body's end, then
 *  the socket closes — the client sees the connection cut mid-answer (undici: "terminated"). */
async function dropAfter(response: ServerResponse, answer: Answer): Promise<void> {
  if (answer.status !== 0) {
    response.writeHead(answer.status, answerHeaders(answer));
    if (answer.body !== "") await handedOver(response, answer.body);
  }
  response.destroy();
}
