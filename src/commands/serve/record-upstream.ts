// serve --record's way to the real API: a request goes on to the upstream as the harness sent it
// (its path and query on the upstream's base URL, its body byte for byte, its headers with the
// harness's own key), and the answer comes back as it arrives. Only the hop's own headers are
// dropped: they describe this connection, not the request (RFC 9110 §7.6.1).
import type { IncomingHttpHeaders } from "node:http";

/** Headers of the connection itself, never passed on (RFC 9110 §7.6.1), and the ones the
 *  forwarding sets for itself (the upstream's host, the body's length, no compression). */
const hopHeaders = new Set([
  "host",
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
  "content-length",
  "expect",
  "accept-encoding",
]);

/** Answer headers not passed back: the answer is re-sent on this connection, decoded. */
const answerHopHeaders = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding"]);

/** The upstream's URL for a request target: the base URL's path, then the request's own. */
export function upstreamUrl(base: URL, target: string): string {
  return `${base.origin}${base.pathname.replace(/\/$/, "")}${target}`;
}

export function forwardedHeaders(headers: IncomingHttpHeaders): Headers {
  const forwarded = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (hopHeaders.has(name) || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) forwarded.append(name, one);
  }
  forwarded.set("accept-encoding", "identity");
  return forwarded;
}

export function answerHeaders(headers: Headers): Record<string, string> {
  const passed: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!answerHopHeaders.has(name)) passed[name] = value;
  });
  return passed;
}

/** The request sent on to the upstream; rejects (a TypeError) when it cannot be reached. */
export function forward(url: string, method: string, headers: IncomingHttpHeaders, body: Buffer, signal: AbortSignal): Promise<Response> {
  return fetch(url, {
    method,
    headers: forwardedHeaders(headers),
    ...(method === "GET" || method === "HEAD" ? {} : { body }),
    redirect: "manual",
    signal,
  });
}

/** Why the upstream cannot be reached, in the system's words (fetch hides them in its cause). */
export function unreachableReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}
