// serve's session as the picture: each exchange a harness makes is a request from the app (the
// harness) to the model, with what the playground's rules found in it, then the scripted reply —
// or the playground's refusal. It keeps the exchanges as serve reports them, so its memory grows
// with the session, one exchange at a time. It knows nothing of HTTP: serve hands it what it saw.
import type { AssistantMessage, Message } from "../protocol/types.ts";
import { type Arrow, type Diagram, type DiagramEpisode, replyParts } from "./diagram-model.ts";

/** One exchange as serve saw it, keys already left out (live-page.ts hands over no header). */
export interface LiveExchange {
  number: number;
  provider: string;
  /** The path without its query: a query can carry a key (`?key=`). */
  path: string;
  messages: number;
  tools: number;
  newMessages: readonly Message[];
  findings: readonly { rule: string; message: string; warning: boolean }[];
  status: number;
  outcome: string;
  reply?: AssistantMessage;
  /** The error text the harness received, for every outcome but a reply. */
  message?: string;
  /** Which attempt at a reply scripted to fail first (serve's `fail`): the second on is a retry. */
  attempt?: number;
}

/** The latest exchanges the page keeps, by count and by the size of their messages. */
export const KEPT_EXCHANGES = 200;
export const KEPT_BYTES = 16 * 1024 * 1024;

/** One exchange's arrows, and the size of the messages they hold. */
interface KeptExchange {
  arrows: Arrow[];
  bytes: number;
}

const LANES: DiagramEpisode["lanes"] = [
  { id: "app", kind: "app" },
  { id: "playground", kind: "playground" },
  { id: "model", kind: "model" },
];

export class LiveSession {
  readonly #title: string;
  readonly #leftOut: (count: number) => string;
  readonly #kept: KeptExchange[] = [];
  #keptBytes = 0;
  #dropped = 0;

  /** `leftOut` words the title's note on the exchanges no longer kept. */
  constructor(title: string, leftOut: (count: number) => string) {
    this.#title = title;
    this.#leftOut = leftOut;
  }

  record(exchange: LiveExchange): void {
    const arrows = exchangeArrows(exchange);
    const bytes = JSON.stringify(exchange.newMessages).length + JSON.stringify(exchange.reply ?? null).length;
    this.#kept.push({ arrows, bytes });
    this.#keptBytes += bytes;
    // The newest exchange stays whatever its size: serve's body limit bounds it.
    while (this.#kept.length > 1 && (this.#kept.length > KEPT_EXCHANGES || this.#keptBytes > KEPT_BYTES)) {
      this.#keptBytes -= this.#kept.shift()?.bytes ?? 0;
      this.#dropped += 1;
    }
  }

  diagram(): Diagram {
    const title = this.#dropped === 0 ? this.#title : `${this.#title} · ${this.#leftOut(this.#dropped)}`;
    const episode: DiagramEpisode = { lanes: LANES, arrows: this.#kept.flatMap((kept) => kept.arrows), requests: [], history: [] };
    return { title, episodes: [episode] };
  }
}

/** The request's arrow, then the reply's or the refusal's. */
function exchangeArrows(exchange: LiveExchange): Arrow[] {
  const { number, provider, path, messages, tools, findings, status, outcome } = exchange;
  const request: Arrow = {
    from: "app",
    to: "model",
    style: (exchange.attempt ?? 1) > 1 ? "retry" : findings.length > 0 ? "failure" : "normal",
    facts: { kind: "served", number, provider, path, messages, tools, findings: findings.map((finding) => `${finding.rule}: ${finding.message}`) },
    request: -1,
    message: { newMessages: exchange.newMessages, findings },
  };
  const arrows: Arrow[] = [request];
  if (outcome === "reply" || outcome === "aborted") {
    const reply = exchange.reply;
    const { text, calls } = replyParts(reply?.content ?? []);
    arrows.push({
      from: "model",
      to: "app",
      style: outcome === "aborted" ? "failure" : "normal",
      facts: { kind: "reply", turn: number, text, calls, stopReason: outcome === "aborted" ? "aborted" : (reply?.stopReason ?? "stop") },
      request: -1,
      message: reply,
    });
    return arrows;
  }
  // A scripted failure ("fault") is the model's API failing, as a real one does: it comes from the
  // model's lane; every other refusal is the playground's.
  arrows.push({
    from: outcome === "fault" ? "model" : "playground",
    to: "app",
    style: "failure",
    facts: { kind: "refusal", number, status, outcome, message: exchange.message ?? outcome },
    request: -1,
    message: { status, outcome, message: exchange.message },
  });
  return arrows;
}
