// serve --record's way to the real API: a request goes on to the upstream as the harness sent it
// (its path and query on the upstream's base URL, its body byte for byte, its headers with the
// harness's own key), and the answer comes back as it arrives. Only the hop's own headers are
// dropped: they describe this connection, not the request (RFC 9110 §7.6.1); so are the harness's
// proxy credentials and cookies, which are kept apart as secrets.
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
  // The harness's credentials for a proxy and its cookies are for this hop, never the upstream's:
  // an upstream that echoed them in an error would put them into the fixture and the narration.
  "proxy-authorization",
  "cookie",
]);

/** The values of the headers withheld from the upstream as credentials, each part a cookie or a
 *  scheme's token: hidden wherever they would show, as the harness's keys are (secrets.ts). */
export function withheldSecrets(headers: IncomingHttpHeaders): string[] {
  const found: string[] = [];
  for (const value of [headers["proxy-authorization"], headers.cookie]) {
    if (value === undefined) continue;
    found.push(value);
    const token = /^\S+\s+(\S.*)$/.exec(value)?.[1];
    if (token !== undefined) found.push(token);
    for (const pair of value.split(";")) found.push(pair.trim(), pair.slice(pair.indexOf("=") + 1).trim());
  }
  // As for keys: a value too short to tell from ordinary text is no secret.
  return found.filter((secret) => secret.length >= 8);
}

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
