// Which attempt a request is at a reply that fails first (a fixture's `fail`): a retry is the same
// request again — the same conversation up to the same reply — so it is known by its history, and
// counting attempts never moves the script on (the reply a request gets is still the one after
// the model turns its history holds). Kept per point of the script a harness reached, with when it
// came and a digest of its body, so the narration can say how long the harness waited and whether
// it resent the same body; within a bound, the oldest point forgotten first.
import { createHash } from "node:crypto";

/** One attempt at a failing reply, as the narration tells it. */
export interface Attempt {
  /** 1-based. */
  number: number;
  /** How many attempts the script fails before it serves the reply. */
  failures: number;
  /** Milliseconds since the previous attempt arrived (none before the first). */
  waitedMs?: number;
  /** What the previous attempt's `retry-after` asked for, in milliseconds. */
  askedMs?: number;
  /** The body is byte for byte the previous attempt's. */
  sameBody?: boolean;
  /** The request that made the previous attempt. */
  previous?: number;
}

interface Point {
  attempts: number;
  lastAt: number;
  lastDigest: string;
  lastRequest: number;
  /** Whether the last attempt was answered with the failure (the harness still owes a retry). */
  failing: boolean;
  reply: number;
  retryAfterMs: number | undefined;
}

/** A retry the harness never made: the server closed with this point still failing. */
export interface GaveUp {
  /** The request of the last attempt. */
  request: number;
  /** The reply (1-based) it was an attempt at. */
  reply: number;
  attempts: number;
}

/** Far more points than a session of retries reaches; it bounds memory, not behaviour. */
const MAX_POINTS = 10_000;

export class AttemptBook {
  readonly #points = new Map<string, Point>();
  readonly #now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /** Counts one more attempt at the point `history` names (`reply` 1-based), made by request
   *  `request` with `body`; `failures` and `retryAfter` (seconds) are the script's. */
  attempt(history: string, body: string, at: { request: number; reply: number; failures: number; retryAfter: number | undefined }): Attempt {
    const key = digest(history);
    const now = this.#now();
    const bodyDigest = digest(body);
    const point = this.#points.get(key);
    const number = (point?.attempts ?? 0) + 1;
    const attempt: Attempt = { number, failures: at.failures };
    if (point) {
      attempt.waitedMs = Math.max(0, now - point.lastAt);
      if (point.retryAfterMs !== undefined) attempt.askedMs = point.retryAfterMs;
      attempt.sameBody = point.lastDigest === bodyDigest;
      attempt.previous = point.lastRequest;
      this.#points.delete(key);
    }
    const retryAfterMs = at.retryAfter === undefined ? undefined : Math.round(at.retryAfter * 1000);
    this.#points.set(key, {
      attempts: number,
      lastAt: now,
      lastDigest: bodyDigest,
      lastRequest: at.request,
      failing: number <= at.failures,
      reply: at.reply,
      retryAfterMs,
    });
    if (this.#points.size > MAX_POINTS) this.#points.delete(this.#points.keys().next().value ?? "");
    return attempt;
  }

  /** The number the next attempt at the point `history` names would get, counting nothing. */
  next(history: string): number {
    return (this.#points.get(digest(history))?.attempts ?? 0) + 1;
  }

  /** The points whose last attempt failed: the harness gave up there (or has not retried yet). */
  gaveUp(): GaveUp[] {
    return [...this.#points.values()]
      .filter((point) => point.failing)
      .map((point) => ({ request: point.lastRequest, reply: point.reply, attempts: point.attempts }));
  }
}

function digest(text: string): string {
  return createHash("sha256").update(text).digest("base64");
}
