// serve --record's server: the shared HTTP shell (shell.ts), so the recorder keeps every
// protection serve keeps, with the forward to the upstream as its handler. Each request whose body
// is whole is read as its provider's conversation for the narration and the lint (as serve reads
// it), sent on to the upstream unchanged (but for the hop's headers and the harness's proxy
// credentials and cookies), and its answer passed back chunk by chunk as it arrives (record-pass.ts),
// kept meanwhile, up to the fixture's size, to be read as the model's reply once it has ended. An
// encoded answer or an absolute-form request line is refused instead. The session goes into a
// RecordBook; the keys the requests carried are kept apart, only to hide them and to check the
// fixture against them.
import type { Language } from "../../fixture/fixture-format.ts";
import { MAX_FIXTURE_BYTES } from "../../fixture/load-fixture.ts";
import { type Clock, systemClock } from "../../io/clock.ts";
import { decodeText } from "../../io/decode-text.ts";
import { visible } from "../../io/sanitize.ts";
import type { JsonObject } from "../../json/is-record.ts";
import { jsonTooDeep } from "../../json/json-depth.ts";
import { loadAllParts, type ProviderId } from "../../providers/registry.ts";
import { lintBody } from "../../providers/shared/lint-body.ts";
import type { ProviderParts } from "../../providers/shared/provider.ts";
import { exchangeRecord } from "./answer.ts";
import { modelTurns } from "./conversation-book.ts";
import { readUpstreamAnswer, type UpstreamAnswer } from "./record-answer.ts";
import { type Place, RecordBook } from "./record-book.ts";
import { passOn, unaskedEncoding } from "./record-pass.ts";
import { forward, unreachableReason, upstreamUrl, withheldSecrets } from "./record-upstream.ts";
import { bodyObject, wantsStream } from "./request-body.ts";
import { describeConversation, readHistory } from "./request-history.ts";
import { hideSecrets, secretsOf, withSecretsHidden } from "./secrets.ts";
import type { ExchangeRecord } from "./serve-events.ts";
import { DEFAULT_MAX_BODY_BYTES, defaultLimits, type ServeLimits } from "./serve-limits.ts";
import { type Arrived, type Handler, type RunningShell, type ShellContext, startShell } from "./shell.ts";

/** One exchange as the recorder narrates it: serve's record, and what the upstream did (nothing,
 *  when the shell answered the request itself: a refusal, a body too large, a client gone). */
export type RecordEvent = { type: "listening"; url: string; upstream: string } | { type: "exchange"; record: ExchangeRecord; upstream?: UpstreamOutcome };

export type UpstreamOutcome =
  | UpstreamAnswer
  | { kind: "unreachable"; why: string }
  | { kind: "passed" }
  | { kind: "encoded"; encoding: string }
  | { kind: "absoluteForm" };

export interface RecordOptions {
  upstream: URL;
  host: string;
  port: number;
  lang: Language;
  onEvent(event: RecordEvent): void;
  /** The largest request body passed on (DEFAULT_MAX_BODY_BYTES otherwise). */
  maxBodyBytes?: number | undefined;
  limits?: Partial<ServeLimits>;
  /** A promise while the narration's output is full: no new request is read until it drains. */
  drained?: () => Promise<void> | undefined;
  clock?: Clock;
  /** Where the keys the requests carry are put: never written, only looked for and hidden. */
  secrets: Set<string>;
  /** The most of one answer kept to be read (MAX_FIXTURE_BYTES unless a test passes less). */
  maxKeptBytes?: number | undefined;
  /** Told after each exchange is told: the book may have changed (the session is saved then). */
  onRecorded?: () => void;
}

export interface RecordingServer extends RunningShell {
  book: RecordBook;
}

export async function startRecording(options: RecordOptions): Promise<RecordingServer> {
  const partsOf = await loadAllParts();
  const book = new RecordBook();
  const { secrets } = options;
  const hide = (text: string): string => hideSecrets(text, secrets);
  const tell = (record: ExchangeRecord, upstream?: UpstreamOutcome): void => {
    // Hidden in the record itself, before the narration cuts a long text or --json escapes it.
    options.onEvent({ type: "exchange", record: withSecretsHidden(record, secrets), ...(upstream ? { upstream } : {}) });
    options.onRecorded?.();
  };
  const handler: Handler = {
    heard(request, target) {
      for (const secret of [...secretsOf(request.headers, target?.query), ...withheldSecrets(request.headers)]) secrets.add(secret);
    },
    tell,
    answer: (arrived, shell) => recordExchange(arrived, shell, { options, partsOf, book, tell, hide }),
  };
  const shell = await startShell({
    host: options.host,
    port: options.port,
    limits: { ...defaultLimits, ...options.limits },
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    clock: options.clock ?? systemClock,
    speaker: "tool-call-playground serve --record",
    drained: options.drained,
    partsOf,
    handler,
  });
  options.onEvent({ type: "listening", url: shell.url, upstream: options.upstream.origin });
  return { ...shell, book };
}

interface Recorder {
  options: RecordOptions;
  partsOf: (id: ProviderId) => ProviderParts;
  book: RecordBook;
  tell(record: ExchangeRecord, upstream?: UpstreamOutcome): void;
  hide(text: string): string;
}

/** One request sent on, its answer passed back, and both told and kept in the book. */
async function recordExchange({ seen, request, response, body }: Arrived, shell: ShellContext, recorder: Recorder): Promise<void> {
  const { options, book, hide } = recorder;
  const { route, provider } = seen;
  const parts = recorder.partsOf(provider);
  const json = route ? requestObject(body) : undefined;
  const head = { number: seen.number, method: seen.method, path: seen.path, provider: route?.provider, stream: route?.streamed ?? false };
  if (route && json) head.stream = wantsStream(route, json);
  const heard = route && json ? conversationOf(provider, parts, json, options.lang) : undefined;
  const place = heard && book.place(provider, heard.context);
  const conversation =
    heard && place && describeConversation(heard.context, heard.findings, place.conversation - 1, place.turn, 0, modelTurns(heard.context.messages).at(-1));
  const tell = (outcome: ExchangeRecord["outcome"], upstream: UpstreamOutcome) => recorder.tell(exchangeRecord(head, conversation, outcome), upstream);
  if (!(request.url ?? "/").startsWith("/")) {
    // An absolute-form target (`POST http://x/v1/...`) asks a proxy for another host; the recorder
    // is none, so it is refused rather than sent on: 400 (RFC 9112 §3.2.2 is for proxies only).
    const message = "tool-call-playground serve --record: the request line names a whole URL, not a path; the recorder is not a proxy";
    response.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify(parts.response.error("invalid", message)));
    return tell({ status: 400, kind: "notFound", message }, { kind: "absoluteForm" });
  }
  let answer: Response;
  try {
    answer = await forward(upstreamUrl(options.upstream, request.url ?? "/"), seen.method, request.headers, body, shell.stopping);
  } catch (error) {
    const why = hide(unreachableReason(error));
    const message = `tool-call-playground serve --record: the upstream ${options.upstream.origin} cannot be reached: ${why}`;
    // 502 Bad Gateway (RFC 9110 §15.6.3), in the error shape of the provider the path names.
    response.writeHead(502, { "content-type": "application/json" }).end(JSON.stringify(parts.response.error("internal", message)));
    if (place) book.note(place, `model turn ${place.turn + 1}: the upstream could not be reached.`);
    return tell({ status: 502, kind: "internal", message }, { kind: "unreachable", why });
  }
  const encoding = unaskedEncoding(answer);
  if (encoding !== undefined) {
    await answer.body?.cancel();
    const message = `tool-call-playground serve --record: the upstream answered in content-encoding ${encoding}, though identity was asked; refused unread`;
    response.writeHead(502, { "content-type": "application/json" }).end(JSON.stringify(parts.response.error("internal", message)));
    return tell({ status: 502, kind: "internal", message }, { kind: "encoded", encoding: visible(encoding) });
  }
  const passed = await passOn(answer, response, place ? (options.maxKeptBytes ?? MAX_FIXTURE_BYTES) : 0);
  if (!place) return tell({ status: answer.status, kind: "notABody", message: "" }, { kind: "passed" });
  const upstream = readUpstreamAnswer(provider, parts, passed);
  tell(recordOutcome(book, place, upstream, hide), upstream);
}

/** What the book keeps of the upstream's answer, and the outcome serve's record says. */
function recordOutcome(book: RecordBook, place: Place, upstream: UpstreamAnswer, hide: (text: string) => string): ExchangeRecord["outcome"] {
  switch (upstream.kind) {
    case "answered":
      book.answered(place, upstream.message);
      return { status: 200, kind: "reply", reply: upstream.message, ...(upstream.events === undefined ? {} : { events: upstream.events }) };
    case "failed":
      if (upstream.failure) book.failed(place, upstream.failure);
      else
        book.note(place, `model turn ${place.turn + 1}: the upstream answered ${upstream.status} (${hide(upstream.message)}), which no scripted failure says.`);
      return { status: upstream.status, kind: "internal", message: upstream.message };
    case "unreadable":
      book.note(place, `model turn ${place.turn + 1}: the upstream's answer (${upstream.status}) could not be read as a reply.`);
      return { status: upstream.status, kind: "internal", message: "unreadable" };
    case "tooLarge":
      book.note(place, `model turn ${place.turn + 1}: the upstream's answer (${upstream.bytes} bytes) was over the ${upstream.limit} kept; not recorded.`);
      return { status: upstream.status, kind: "internal", message: "tooLarge" };
    case "cut":
      book.note(place, `model turn ${place.turn + 1}: the answer stopped before its end.`);
      return { status: 200, kind: "aborted", ...(upstream.events === undefined ? {} : { events: upstream.events }) };
  }
}

/** The request as serve reads it: its conversation and what the provider's rules find. */
function conversationOf(provider: ProviderId, parts: ProviderParts, body: JsonObject, lang: Language) {
  const { imported } = readHistory(parts, provider, body);
  if (imported === undefined) return undefined;
  return { context: imported.context, findings: lintBody(body, parts.rules, lang) };
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
