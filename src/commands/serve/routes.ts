// The endpoints serve answers, as each provider's registry entry lays them out (its
// endpoints.ts names the paths and cites them): which provider a request is for, whether it asks
// for a stream by its path (Gemini) or its body (the others), and the list an unknown route's 404
// names. Only POST is answered, as by the real APIs.
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
}

function pattern(path: string): RegExp {
  const parts = path.split("{model}").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join("[^/:]+")}$`);
}

const entries: RouteEntry[] = Object.values(providers).flatMap(({ id, endpoints }) => {
  const { request, stream, streamBy } = endpoints;
  const routes = [{ provider: id, streamBy, streamed: false, endpoint: request, pattern: pattern(request.path) }];
  if (stream.path !== request.path) routes.push({ provider: id, streamBy, streamed: true, endpoint: stream, pattern: pattern(stream.path) });
  return routes;
});

const first = entries[0];
if (first === undefined) throw new Error("the provider registry holds no provider");
/** A 404 that shares no path with any provider is written in the first one's error shape. */
const fallback: ProviderId = first.provider;

export const routeList: readonly string[] = entries.map(({ endpoint }) => `POST ${endpoint.path}${endpoint.query === undefined ? "" : `?${endpoint.query}`}`);

/** The route for a request, or undefined (404). */
export function matchRoute(method: string, url: string): Route | undefined {
  if (method !== "POST") return undefined;
  const parsed = new URL(url, "http://localhost");
  const entry = entries.find(({ pattern }) => pattern.test(parsed.pathname));
  if (!entry) return undefined;
  const query = entry.endpoint.query;
  const sse = query === undefined || [...new URLSearchParams(query)].every(([key, value]) => parsed.searchParams.get(key) === value);
  return { provider: entry.provider, streamBy: entry.streamBy, streamed: entry.streamed, sse };
}

/** Which provider's error shape a 404 is best written in: the one whose path shares the most
 *  leading segments with the URL; on a tie, the first in the registry. */
export function providerForUnknownPath(url: string): ProviderId {
  const segments = new URL(url, "http://localhost").pathname.split("/").filter(Boolean);
  let best = { provider: fallback, shared: 0 };
  for (const { provider, endpoint } of entries) {
    const theirs = endpoint.path.split("/").filter(Boolean);
    let shared = 0;
    while (shared < segments.length && shared < theirs.length && segments[shared] === theirs[shared]) shared++;
    if (shared > best.shared) best = { provider, shared };
  }
  return best.provider;
}
