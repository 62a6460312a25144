// serve's session as the picture: each exchange a harness makes is a request from the app (the
// harness) to the model, with what the playground's rules found in it, then the scripted reply —
// or the playground's refusal. It keeps the exchanges as serve reports them, so its memory grows
// with the session, one exchange at a time. It knows nothing of HTTP: serve hands it what it saw.
import type { AssistantMessage, Message } from "../protocol/types.ts";
import type { Arrow, Diagram, DiagramEpisode } from "./diagram-model.ts";

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
}

export class LiveSession {
  readonly #episode: DiagramEpisode = {
    lanes: [
      { id: "app", kind: "app" },
      { id: "playground", kind: "playground" },
      { id: "model", kind: "model" },
    ],
    arrows: [],
    requests: [],
    history: [],
  };
  readonly #title: string;

  constructor(title: string) {
    this.#title = title;
  }

  record(exchange: LiveExchange): void {
    const { number, provider, path, messages, tools, findings, status, outcome } = exchange;
    const request: Arrow = {
      from: "app",
      to: "model",
      style: findings.length > 0 ? "failure" : "normal",
      facts: { kind: "served", number, provider, path, messages, tools, findings: findings.map((finding) => `${finding.rule}: ${finding.message}`) },
      request: -1,
      message: { newMessages: exchange.newMessages, findings },
    };
    this.#episode.arrows.push(request);
    if (outcome === "reply" || outcome === "aborted") {
      const reply = exchange.reply;
      const content = reply?.content ?? [];
      const text = content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join(" ");
      const calls = content.flatMap((block) => (block.type === "toolCall" ? [{ id: block.id, name: block.name }] : []));
      this.#episode.arrows.push({
        from: "model",
        to: "app",
        style: outcome === "aborted" ? "failure" : "normal",
        facts: { kind: "reply", turn: number, text, calls, stopReason: outcome === "aborted" ? "aborted" : (reply?.stopReason ?? "stop") },
        request: -1,
        message: reply,
      });
      return;
    }
    this.#episode.arrows.push({
      from: "playground",
      to: "app",
      style: "failure",
      facts: { kind: "refusal", number, status, outcome, message: exchange.message ?? outcome },
      request: -1,
      message: { status, outcome, message: exchange.message },
    });
  }

  diagram(): Diagram {
    return { title: this.#title, episodes: [this.#episode] };
  }
}
