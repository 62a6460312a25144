// The limits serve keeps against its clients, with their defaults: scripts/serve-limits-table.ts puts them in
// docs/serve-limits.md, and the options of serve-command.ts change some of them.
import type { StoreBudget } from "../../providers/shared/provider.ts";
import { STOP_GRACE_MS } from "../shared/stop-grace.ts";

/** Anthropic's documented limit for the Messages API (https://docs.anthropic.com/en/api/errors, "Request size limits"). */
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;

/** How long a client may take and how many may hold a socket: a harness on the same machine
 *  sends a request in milliseconds, so these only ever stop a client that holds a socket open. */
export interface ServeLimits {
  /** From connecting (or the previous answer) to the end of the request's headers. */
  headersMs: number;
  /** From connecting to the end of the body: a body trickled a byte at a time is cut off here. */
  requestMs: number;
  /** Requests served at once (their bodies read, answered); one more waits for a place. */
  connections: number;
  /** Sockets open at once; past it the stalled ones are closed, then a new one if none was. */
  sockets: number;
  /** How long a socket may send nothing (no request, or a body that stopped coming) before it is
   *  closed to make room for another client. */
  stallMs: number;
  /** What a body must bring within the stall time to count as a sign of life: a body trickled
   *  slower than this holds its place for nothing, as a silent one does. */
  stallBytes: number;
  /** After Ctrl-C or SIGTERM: how long the requests in flight get before their sockets close. */
  shutdownMs: number;
}

export const defaultLimits: ServeLimits = {
  headersMs: 10_000,
  requestMs: 30_000,
  connections: 64,
  sockets: 256,
  stallMs: 2_000,
  stallBytes: 1024,
  shutdownMs: STOP_GRACE_MS,
};

/** Exchanges worked out at once, each on a body already read: the script is played one reply
 *  after another anyway, and two keep a second harness from waiting on the first's answer. */
export const CONCURRENT_EXCHANGES = 2;

/** What the Responses API's stored responses may hold on serve: a long session's chains (a
 *  hundred turns of a 100 kB conversation is 10 MB) many times over, far from the machine's memory. */
export const defaultStoreBudget: StoreBudget = { bytes: 256 * 1024 * 1024, responses: 10_000 };
