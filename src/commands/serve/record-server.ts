// serve --record's HTTP side: each request is read whole (up to serve's limit), read as its
// provider's conversation for the narration and the lint (as serve reads it), sent on to the
// upstream unchanged, and its answer passed back chunk by chunk as it arrives, kept meanwhile to
// be read as the model's reply once it has ended. The session goes into a RecordBook; the keys the
// requests carried are kept apart, only to check the fixture against them.
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Language } from "../../fixture/fixture-format.ts";
import { decodeText } from "../../io/decode-text.ts";
import type { JsonObject } from "../../json/is-record.ts";
import { jsonTooDeep } from "../../json/json-depth.ts";
import { loadAllParts, type ProviderId } from "../../providers/registry.ts";
import { lintBody } from "../../providers/shared/lint-body.ts";
import type { ProviderParts } from "../../providers/shared/provider.ts";
import { STOP_GRACE_MS } from "../shared/stop-grace.ts";
import { exchangeRecord } from "./answer.ts";
import { modelTurns } from "./conversation-book.ts";
import { listen } from "./listen.ts";
import { readBody } from "./read-body.ts";
import { type Arrived, readUpstreamAnswer, type UpstreamAnswer } from "./record-answer.ts";
import { type Place, RecordBook } from "./record-book.ts";
import { answerHeaders, forward, secretsOf, shownPath, unreachableReason, upstreamUrl } from "./record-upstream.ts";
import { bodyObject, wantsStream } from "./request-body.ts";
import { browserRefusal, hostPolicy } from "./request-guard.ts";
import { describeConversation, readHistory } from "./request-history.ts";
import { providerForUnknownPath, requestTarget, routeAt } from "./routes.ts";
import type { ExchangeRecord } from "./serve-events.ts";
import { DEFAULT_MAX_BODY_BYTES } from "./serve-limits.ts";

/** One exchange as the recorder narrates it: serve's record, and what the upstream did. */
export type RecordEvent = { type: "listening"; url: string; upstream: string } | { type: "exchange"; record: ExchangeRecord; upstream: UpstreamOutcome };

export type UpstreamOutcome = UpstreamAnswer | { kind: "unreachable"; why: string } | { kind: "passed" };

export interface RecordOptions {
  upstream: URL;
  host: string;
  port: number;
  lang: Language;
  onEvent(event: RecordEvent): void;
  shutdownMs?: number;
  /** Where the keys the requests carry are put: never written, only looked for and hidden. */
  secrets: Set<string>;
}

export interface RecordingServer {
  url: string;
  book: RecordBook;
  /** Stops accepting, lets what is in flight end (or cuts it after the grace), resolves with the request count. */
  close(): Promise<number>;
  inFlight(): number;
}

export async function startRecording(options: RecordOptions): Promise<RecordingServer> {
  const partsOf = await loadAllParts();
  const book = new RecordBook();
  const { secrets } = options;
  const pending = new Set<Promise<void>>();
  const stopping = new AbortController();
  let count = 0;
  // Which Host names are ours: the host asked for until the server listens, then its address too.
  let policy = hostPolicy(options.host, options.host);
  const upstreamName = options.upstream.origin;
  const hide = (text: string): string => hideSecrets(text, secrets);

  const server = createServer((request, response) => {
    const handled = handle(++count, request, response).catch(() => {
      response.destroy();
    });
    pending.add(handled);
    void handled.finally(() => pending.delete(handled));
  });

  async function handle(number: number, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? "GET";
    const target = requestTarget(request.url ?? "/");
    const query = target?.query ?? new URLSearchParams();
    for (const secret of secretsOf(request.headers, query)) secrets.add(secret);
    const route = target === undefined ? undefined : routeAt(method, target);
    const provider = route?.provider ?? providerForUnknownPath(target);
    const parts = partsOf(provider);
    // As serve: a request a web page sent (a foreign Host or Origin) never reaches the upstream.
    const refusal = browserRefusal(request, policy);
    if (refusal !== undefined) return refuse(response, parts, 403, "forbidden", refusal);
    const read = await readBody(request, DEFAULT_MAX_BODY_BYTES);
    if (read.kind === "tooLarge") return refuse(response, parts, 413, "tooLarge", `the request body is over ${DEFAULT_MAX_BODY_BYTES} bytes`);
    if (read.kind !== "text") return void response.destroy();
    const body = route ? requestObject(read.bytes) : undefined;
    const head = { number, method, path: target ? shownPath(target.pathname, query) : "/", provider: route?.provider, stream: route?.streamed ?? false };
    if (route && body) head.stream = wantsStream(route, body);
    const seen = route && body ? heard(provider, parts, body, options.lang) : undefined;
    const place = seen && book.place(provider, seen.context);
    const conversation =
      seen && place && describeConversation(seen.context, seen.findings, place.conversation - 1, place.turn, 0, modelTurns(seen.context.messages).at(-1));
    const tell = (outcome: ExchangeRecord["outcome"], upstream: UpstreamOutcome): void =>
      options.onEvent({
        type: "exchange",
        record: exchangeRecord(head, conversation, { ...outcome, ...(outcome.message ? { message: hide(outcome.message) } : {}) }),
        upstream,
      });

    let answer: Response;
    try {
      answer = await forward(upstreamUrl(options.upstream, request.url ?? "/"), method, request.headers, read.bytes, stopping.signal);
    } catch (error) {
      const why = hide(unreachableReason(error));
      const message = `tool-call-playground serve --record: the upstream ${upstreamName} cannot be reached: ${why}`;
      // 502 Bad Gateway (RFC 9110 §15.6.3), in the error shape of the provider the path names.
      response.writeHead(502, { "content-type": "application/json" }).end(JSON.stringify(parts.response.error("internal", message)));
      if (place) book.note(place, `model turn ${place.turn + 1}: the upstream could not be reached.`);
      return tell({ status: 502, kind: "internal", message }, { kind: "unreachable", why });
    }
    const arrived = await passOn(answer, response, route !== undefined && place !== undefined);
    if (!route || !place) return tell({ status: answer.status, kind: "notABody", message: "" }, { kind: "passed" });
    const upstream = readUpstreamAnswer(provider, parts, arrived);
    tell(recordOutcome(upstream, place), upstream);
  }

  /** What the book keeps of the upstream's answer, and the outcome serve's record says. */
  function recordOutcome(upstream: UpstreamAnswer, place: Place): ExchangeRecord["outcome"] {
    switch (upstream.kind) {
      case "answered":
        book.answered(place, upstream.message);
        return { status: 200, kind: "reply", reply: upstream.message, ...(upstream.events === undefined ? {} : { events: upstream.events }) };
      case "failed":
        if (upstream.failure) book.failed(place, upstream.failure);
        else
          book.note(
            place,
            `model turn ${place.turn + 1}: the upstream answered ${upstream.status} (${hide(upstream.message)}), which no scripted failure says.`,
          );
        return { status: upstream.status, kind: "internal", message: upstream.message };
      case "unreadable":
        book.note(place, `model turn ${place.turn + 1}: the upstream's answer could not be read as a reply.`);
        return { status: 200, kind: "internal", message: "unreadable" };
      case "cut":
        book.note(place, `model turn ${place.turn + 1}: the answer stopped before its end.`);
        return { status: 200, kind: "aborted", ...(upstream.events === undefined ? {} : { events: upstream.events }) };
    }
  }

  const { url, address } = await listen(server, options.host, options.port);
  policy = hostPolicy(options.host, address);
  options.onEvent({ type: "listening", url, upstream: upstreamName });
  return {
    url,
    book,
    inFlight: () => pending.size,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const grace = setTimeout(() => stopping.abort(), options.shutdownMs ?? STOP_GRACE_MS);
      await Promise.allSettled([...pending]);
      clearTimeout(grace);
      server.closeAllConnections();
      await closed;
      return count;
    },
  };
}

/** The request as serve reads it: its conversation and what the provider's rules find. */
function heard(provider: ProviderId, parts: ProviderParts, body: JsonObject, lang: Language) {
  const { imported } = readHistory(parts, provider, body);
  if (imported === undefined) return undefined;
  return { context: imported.context, findings: lintBody(body, parts.rules, lang) };
}

/** The upstream's answer passed back as it arrives; each chunk is kept to be read once it ended
 *  when `keep` (an answer nobody reads, to a request not on a route, is not held). */
async function passOn(answer: Response, response: ServerResponse, keep: boolean): Promise<Arrived> {
  response.writeHead(answer.status, answerHeaders(answer.headers));
  response.flushHeaders();
  const chunks: Uint8Array[] = [];
  let whole = true;
  try {
    for await (const chunk of answer.body ?? []) {
      if (keep) chunks.push(chunk);
      if (response.destroyed) throw new Error("the harness went away");
      if (!response.write(chunk)) await Promise.race([once(response, "drain"), once(response, "close")]);
    }
  } catch {
    whole = false;
  }
  if (whole) response.end();
  else response.destroy();
  return {
    status: answer.status,
    contentType: answer.headers.get("content-type") ?? "",
    retryAfter: answer.headers.get("retry-after"),
    text: Buffer.concat(chunks).toString("utf8"),
    whole,
  };
}

/** The text with every key in it replaced by `***`. */
export function hideSecrets(text: string, secrets: ReadonlySet<string>): string {
  let shown = text;
  for (const secret of secrets) if (shown.includes(secret)) shown = shown.split(secret).join("***");
  return shown;
}

/** serve's own refusal, in the provider's error shape: the upstream never sees the request. */
function refuse(response: ServerResponse, parts: ProviderParts, status: number, kind: "forbidden" | "tooLarge", message: string): void {
  response
    .writeHead(status, { "content-type": "application/json", connection: "close" })
    .end(JSON.stringify(parts.response.error(kind, `tool-call-playground serve --record: ${message}`)));
}

/** The body as a JSON object, read as serve reads one, for the narration and the book; undefined
 *  where serve would refuse it (not UTF-8, nested past the limit, not JSON, not an object): such a
 *  body still goes on to the upstream as it came, and only the upstream's answer is told. */
function requestObject(bytes: Buffer): JsonObject | undefined {
  const text = decodeText(bytes);
  if (!text.ok || jsonTooDeep(text.text) !== undefined) return undefined;
  const read = bodyObject(text.text);
  return "body" in read ? read.body : undefined;
}
