// serve's own page: `GET /` at serve's own address shows the session so far as the sequence
// diagram (src/diagram/), and the page asks `GET /_playground/session.json` every half second for
// what happened since. It answers only a request whose Host names this server and that carries no
// foreign Origin (request-guard.ts, the same check the provider endpoints make); anything else goes
// on to serve's usual answers. What it shows is what serve's narration shows: the path without its
// query and no header at all, so a key a request carried (Authorization, x-api-key,
// x-goog-api-key, api-key, `?key=`) never reaches the page.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { DiagramMessages } from "../../diagram/diagram-messages.ts";
import { htmlPage } from "../../diagram/html-page.ts";
import { type LiveExchange, LiveSession } from "../../diagram/live-session.ts";
import { loadDiagramMessages } from "../../diagram/load-diagram-messages.ts";
import { pageData } from "../../diagram/page-data.ts";
import type { Language } from "../../fixture/fixture-format.ts";
import type { Catalog } from "../../narration/catalog.ts";
import { loadCatalog } from "../../narration/load-catalog.ts";
import { browserRefusal, type HostPolicy } from "./request-guard.ts";
import { requestTarget } from "./routes.ts";
import type { ExchangeRecord } from "./serve-events.ts";

export const SESSION_PATH = "/_playground/session.json";

export interface LivePage {
  /** Answers the request when it is the page's (true); otherwise leaves it to serve (false). */
  answers(request: IncomingMessage, response: ServerResponse, policy: HostPolicy): boolean;
  record(record: ExchangeRecord): void;
  /** Starts the session over (a test's reset). */
  reset(): void;
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

function send(response: ServerResponse, type: string, body: string): void {
  response.writeHead(200, {
    "content-type": `${type}; charset=utf-8`,
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  });
  response.end(body);
}

export async function livePage(lang: Language, fixtureName: string): Promise<LivePage> {
  const [say, catalog]: [DiagramMessages, Catalog] = await Promise.all([loadDiagramMessages(lang), loadCatalog(lang)]);
  const newSession = () => new LiveSession(`${say.page.liveTitle} (${fixtureName})`, say.page.liveLeftOut);
  let session = newSession();
  const words = { lang, marks: catalog.marks, legend: catalog.legend, say };
  // The session as the page polls it, every 500 ms from each open page: made again only once an
  // exchange has changed it.
  let sessionJson: string | undefined;
  return {
    answers(request, response, policy) {
      if (request.method !== "GET" || browserRefusal(request, policy) !== undefined) return false;
      const path = requestTarget(request.url ?? "")?.pathname;
      if (path === "/") send(response, "text/html", htmlPage(session.diagram(), { ...words, live: SESSION_PATH }));
      else if (path === SESSION_PATH) send(response, "application/json", (sessionJson ??= JSON.stringify(pageData(session.diagram(), words))));
      else return false;
      // The request's body, if any, is not read: the page asks nothing with one.
      request.resume();
      return true;
    },
    record(record) {
      session.record(liveExchange(record));
      sessionJson = undefined;
    },
    reset() {
      session = newSession();
      sessionJson = undefined;
    },
  };
}
