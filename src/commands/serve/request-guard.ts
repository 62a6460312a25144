// Which requests a local server answers at all. A web page the person happens to visit can send
// requests to 127.0.0.1 too: a plain cross-origin POST (`text/plain`, no preflight) is sent, and
// with DNS rebinding — the page's own name re-resolved to this machine — it can even read the
// answers. Both are told apart by their headers, which a browser sets and a page cannot forge:
// `Host` names what the page's URL named (not an address this server listens on), and `Origin`
// names the page (https://fetch.spec.whatwg.org/#origin-header). A request a page makes with no
// Origin at all (an `<img src>`, a `<script src>`, a link followed) still carries `Sec-Fetch-Site`,
// which says whose page asked (https://www.w3.org/TR/fetch-metadata/): only `same-origin` (serve's
// own live page) and `none` (an address typed, a bookmark) are ours. `same-site` is refused too: it
// is any other port or subdomain of the same site, such as another dev server on localhost. An SDK
// or curl sends no Origin, no foreign Host and no Sec-Fetch-Site, whatever its content type, so it
// is never refused here.
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { hostname } from "node:os";

export interface HostPolicy {
  /** Host names (lower case, no port) that stand for this server. */
  names: ReadonlySet<string>;
  /** Listening on every interface (0.0.0.0, ::): every IP address is one of ours. */
  anyAddress: boolean;
}

function isLoopback(address: string): boolean {
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}

/** `host` as given to --host, `address` as the socket reports it. */
export function hostPolicy(host: string, address: string): HostPolicy {
  const anyAddress = address === "0.0.0.0" || address === "::";
  const names = new Set([address.toLowerCase(), host.toLowerCase().replace(/^\[|\]$/g, "")]);
  if (anyAddress || isLoopback(address)) names.add("localhost");
  if (anyAddress) names.add(hostname().toLowerCase());
  return { names, anyAddress };
}

/** The host name of a Host header (`[::1]:8080` → `::1`, `Example.:80` → `example`). A bracketed
 *  address followed by anything but a port (`[127.0.0.1]evil.example:80`) is no address: it is
 *  returned whole, which names no host of ours (RFC 3986 §3.2.2: `IP-literal` then `:port`). */
export function hostName(header: string): string {
  const bracketed = /^\[([^\]]*)\](?::[0-9]*)?$/.exec(header);
  if (!bracketed && header.startsWith("[")) return header.toLowerCase();
  const name = bracketed ? (bracketed[1] ?? "") : header.replace(/:[0-9]*$/, "");
  return name.toLowerCase().replace(/\.$/, "");
}

/** How many Host headers `rawHeaders` (name, value, name, value…) holds. */
function hostHeaders(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let index = 0; index < rawHeaders.length; index += 2) if (rawHeaders[index]?.toLowerCase() === "host") count++;
  return count;
}

/** Why a request is refused (403), or undefined when it is one of ours. Its `rawHeaders` are the
 *  headers as sent, where a second Host shows (Node keeps only the first in `headers`; RFC 9112
 *  §3.2: a request with more than one Host is answered 400 by a server, refused here all the same). */
export function browserRefusal({ headers, rawHeaders }: Pick<IncomingMessage, "headers" | "rawHeaders">, policy: HostPolicy): string | undefined {
  if (hostHeaders(rawHeaders) > 1) return "tool-call-playground serve: refused: the request carries more than one Host header";
  const host = headers.host ?? "";
  const name = hostName(host);
  const ours = policy.names.has(name) || (policy.names.has("localhost") && name.endsWith(".localhost")) || (policy.anyAddress && isIP(name) !== 0);
  if (!ours)
    return `tool-call-playground serve: refused: the Host header names ${JSON.stringify(host)}, not an address this server listens on (a web page using DNS rebinding sends such requests)`;
  const origin = headers.origin;
  if (origin !== undefined && origin.toLowerCase() !== `http://${host.toLowerCase()}`)
    return `tool-call-playground serve: refused: the request comes from a web page (Origin ${JSON.stringify(origin)}); this server answers harnesses and SDKs, not browsers`;
  const site = headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none")
    return `tool-call-playground serve: refused: the request comes from another site's web page (Sec-Fetch-Site ${JSON.stringify(site)}); this server answers harnesses and SDKs, not browsers`;
  return undefined;
}
