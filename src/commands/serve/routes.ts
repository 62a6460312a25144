// The endpoints serve answers, as each provider's registry entry lays them out (its
// endpoints.ts names the paths and cites them): which provider a request is for, whether it asks
// for a stream by its path (Gemini) or its body (the others), and the list an unknown route's 404
// names. A request is a POST, as at the real APIs; the one GET is the list of models each API
// answers (`endpoints.models`), told apart by a header where two APIs share its path. Any other
// method on a known path is a 404 naming the routes, as OpenAI answers one ("Invalid URL").
import type { IncomingHttpHeaders } from "node:http";
import { type ProviderId, providers } from "../../providers/registry.ts";
import type { EndpointPath } from "../../providers/shared/provider.ts";

export interface Route {
  provider: ProviderId;
  /** "path": the URL says it (Gemini); "body": `"stream": true` in the body says it. */
  streamBy: "path" | "body";
  /** A streamed route (Gemini's streamGenerateContent): true; a route that decides from the body: false. */
  streamed: boolean;
  /** Server-sent events; false where a streamed route's query is missing (Gemini without `alt=sse` answers one JSON array). */
  sse: boolean;
}

interface RouteEntry {
  provider: ProviderId;
  streamBy: "path" | "body";
  streamed: boolean;
  endpoint: EndpointPath;
  /** The path as a pattern: `{model}` stands for one segment without a colon. */
  pattern: RegExp;
  /** The endpoint's query as key-value pairs, read once here rather than per request. */
  query: readonly [string, string][];
}

function pattern(path: string): RegExp {
  const parts = path.split("{model}").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join("[^/:]+")}$`);
}

const entries: RouteEntry[] = Object.values(providers).flatMap(({ id, endpoints }) => {
  const { request, stream, streamBy } = endpoints;
  const entry = (endpoint: EndpointPath, streamed: boolean): RouteEntry => ({
    provider: id,
    streamBy,
    streamed,
    endpoint,
    pattern: pattern(endpoint.path),
    query: [...new URLSearchParams(endpoint.query ?? "")],
  });
  return stream.path === request.path ? [entry(request, false)] : [entry(request, false), entry(stream, true)];
});

const first = entries[0];
if (first === undefined) throw new Error("the provider registry holds no provider");
/** A 404 that shares no path with any provider is written in the first one's error shape. */
const fallbackProvider: ProviderId = first.provider;

/** The model lists, in the registry's order: on a shared path, the one without a header answers
 *  a request that carries none of the others'. */
const modelLists = Object.values(providers).map(({ id, endpoints }) => ({ provider: id, ...endpoints.models }));

export const routeList: readonly string[] = [
  ...entries.map(({ endpoint }) => `POST ${endpoint.path}${endpoint.query === undefined ? "" : `?${endpoint.query}`}`),
  ...new Set(modelLists.map(({ path }) => `GET ${path}`)),
];

/** The provider whose list of models a request asks for, or undefined when it asks for none. */
export function modelListAt(method: string, target: RequestTarget | undefined, headers: IncomingHttpHeaders): ProviderId | undefined {
  if (method !== "GET" || target === undefined) return undefined;
  const here = modelLists.filter(({ path }) => path === target.pathname);
  const marked = here.find(({ header }) => header !== undefined && headers[header] !== undefined);
  return (marked ?? here.find(({ header }) => header === undefined))?.provider;
}

/** A request target as the route table reads it: the path exactly as sent and its query. */
export interface RequestTarget {
  pathname: string;
  query: URLSearchParams;
}

/**
 * The path and query of a request line's target, or undefined for one that names no path. Total:
 * nothing a client sends can make it throw. The origin form (`/v1/messages?x`, RFC 9112 §3.2.1) is
 * split at its first `?` by hand, so `//v1/chat/completions` stays that path instead of becoming
 * host `v1` as `new URL` would read it; the absolute form (`http://host/path`, §3.2.2) goes
 * through `URL.canParse` first, which says no instead of throwing on `http://[` or a port past 65535.
 */
export function requestTarget(url: string): RequestTarget | undefined {
  if (url.startsWith("/")) {
    const mark = url.indexOf("?");
    const pathname = mark === -1 ? url : url.slice(0, mark);
    return { pathname, query: new URLSearchParams(mark === -1 ? "" : url.slice(mark + 1)) };
  }
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return { pathname: parsed.pathname, query: parsed.searchParams };
}

/** The route for a request line's method and target, or undefined (404). */
export function matchRoute(method: string, url: string): Route | undefined {
  const target = requestTarget(url);
  return target === undefined ? undefined : routeAt(method, target);
}

/** The route for a method and a target already read, or undefined (404). */
export function routeAt(method: string, target: RequestTarget): Route | undefined {
  if (method !== "POST") return undefined;
  const entry = entries.find(({ pattern }) => pattern.test(target.pathname));
  if (!entry) return undefined;
  const sse = entry.query.every(([key, value]) => target.query.get(key) === value);
  return { provider: entry.provider, streamBy: entry.streamBy, streamed: entry.streamed, sse };
}

/** Which provider's error shape a 404 is best written in: the one whose path shares the most
 *  leading segments with the request's; on a tie, the first in the registry. */
export function providerForUnknownPath(target: RequestTarget | undefined): ProviderId {
  const segments = (target?.pathname ?? "").split("/").filter(Boolean);
  let best = { provider: fallbackProvider, shared: 0 };
  for (const { provider, endpoint } of entries) {
    const theirs = endpoint.path.split("/").filter(Boolean);
    let shared = 0;
    while (shared < segments.length && shared < theirs.length && segments[shared] === theirs[shared]) shared++;
    if (shared > best.shared) best = { provider, shared };
  }
  return best.provider;
}
