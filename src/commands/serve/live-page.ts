// serve's own page: `GET /` at serve's own address shows the session so far as the sequence
// diagram (src/diagram/), and the page asks `GET /_playground/session.json` every half second for
// what happened since. It answers only a request whose Host names this server and that no other
// site's page sent (request-guard.ts, the same check the provider endpoints make); anything else
// goes on to serve's usual answers. What it shows is what serve's narration shows: the path without
// its query and no header at all, so a key a request carried (Authorization, x-api-key,
// x-goog-api-key, api-key, `?key=`) never reaches the page. Its legend and lane names are serve's
// (serve-messages-*.ts), not a fixture run's: the harness is the app, the checks the playground's.
//
// The page and the session's JSON are up to 16 MB each and take a second or two to make: each is
// made at most once per change of the session, when first asked for, and every request until the
// next change is answered from that one copy (the shell writes it: page-writes.ts). The page may be
// framed by no other page: its Content-Security-Policy, sent as a header, says `frame-ancestors
// 'none'`, and `X-Frame-Options: DENY` says it to browsers that predate it.
import type { DiagramMessages } from "../../diagram/diagram-messages.ts";
import { htmlPage, pagePolicy } from "../../diagram/html-page.ts";
import { type LiveExchange, LiveSession } from "../../diagram/live-session.ts";
import { loadDiagramMessages } from "../../diagram/load-diagram-messages.ts";
import { pageData } from "../../diagram/page-data.ts";
import type { Language } from "../../fixture/fixture-format.ts";
import { loadServeMessages } from "./load-serve-messages.ts";
import type { Asked, OwnAnswer } from "./page-writes.ts";
import { browserRefusal, type HostPolicy } from "./request-guard.ts";
import { requestTarget } from "./routes.ts";
import type { ExchangeRecord } from "./serve-events.ts";
import type { ServeMessages } from "./serve-messages.ts";

export const SESSION_PATH = "/_playground/session.json";

export interface LivePage {
  /** The request's answer when it is the page's; undefined leaves it to serve. */
  answerFor(request: Asked, policy: HostPolicy): OwnAnswer | undefined;
  record(record: ExchangeRecord): void;
  /** Starts the session over (a test's reset). */
  reset(): void;
}

/** How the page and its JSON are made from the session (a test counts the makings). */
export interface LiveRender {
  page: typeof htmlPage;
  data: typeof pageData;
}

/** What the page shows of an exchange: no header, and the path without its query. */
function liveExchange(record: ExchangeRecord): LiveExchange {
  const conversation = record.conversation;
  const target = requestTarget(record.path);
  return {
    number: record.number,
    provider: record.provider ?? "?",
    path: target?.pathname ?? "?",
    messages: conversation?.messages ?? 0,
    tools: conversation?.tools.length ?? 0,
    newMessages: conversation?.newMessages ?? [],
    findings: (conversation?.findings ?? []).map(({ rule, message, severity }) => ({ rule, message, warning: severity === "warning" })),
    status: record.outcome.status,
    outcome: record.outcome.kind,
    ...(record.outcome.reply === undefined ? {} : { reply: record.outcome.reply }),
    ...(record.outcome.message === undefined ? {} : { message: record.outcome.message }),
    ...(record.attempt === undefined ? {} : { attempt: record.attempt.number }),
  };
}

const sentHeaders = { "cache-control": "no-store", "x-content-type-options": "nosniff" };

/** The page's own headers: its policy (html-page.ts) as a header, and framed by no page. */
const pageHeaders = {
  ...sentHeaders,
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": pagePolicy(true),
  "x-frame-options": "DENY",
};
const jsonHeaders = { ...sentHeaders, "content-type": "application/json; charset=utf-8" };

/** Something made from the session at most once per change of it: made when first taken, kept
 *  until `drop`. */
class Copy {
  readonly #make: () => string;
  #made: Buffer | undefined;
  constructor(make: () => string) {
    this.#make = make;
  }
  take(): Buffer {
    this.#made ??= Buffer.from(this.#make());
    return this.#made;
  }
  drop(): void {
    this.#made = undefined;
  }
}

export async function livePage(lang: Language, fixtureName: string, render: LiveRender = { page: htmlPage, data: pageData }): Promise<LivePage> {
  const [say, serve]: [DiagramMessages, ServeMessages] = await Promise.all([loadDiagramMessages(lang), loadServeMessages(lang)]);
  const newSession = () => new LiveSession(`${say.page.liveTitle} (${fixtureName})`, say.page.liveLeftOut);
  let session = newSession();
  // serve's own legend and marks, as its narration prints them: its lanes are app, playground, model.
  const words = { lang, marks: serve.marks, legend: serve.legend, say };
  const page = new Copy(() => render.page(session.diagram(), { ...words, live: SESSION_PATH }));
  // Polled every 500 ms by each open page.
  const json = new Copy(() => JSON.stringify(render.data(session.diagram(), words)));
  const changed = (): void => {
    page.drop();
    json.drop();
  };
  return {
    answerFor(request, policy) {
      if (request.method !== "GET" || browserRefusal(request, policy) !== undefined) return undefined;
      const path = requestTarget(request.url ?? "")?.pathname;
      if (path === "/") return { status: 200, headers: pageHeaders, take: () => page.take() };
      if (path === SESSION_PATH) return { status: 200, headers: jsonHeaders, take: () => json.take() };
      return undefined;
    },
    record(record) {
      session.record(liveExchange(record));
      changed();
    },
    reset() {
      session = newSession();
      changed();
    },
  };
}
