// serve's narration: each request as a transcript turn, in the transcript's marked layout (with
// serve's own legend and marks: the harness is the app, the playground's checks are its own) — what
// the harness (here the app) sent since the model's last reply, the tools it declares, the result
// it produced for each call (the tool's output), what the provider's rules find, and what the
// server, standing in for the model and its API, answers. Lines are collected per request and
// written at once, so concurrent requests never interleave. Client data passes the one sanitiser.

import { jsonSafe, visible } from "../../io/sanitize.ts";
import type { Catalog } from "../../narration/catalog.ts";
import { contentText, historyLine, json, quoted, summarizeMessage } from "../../narration/display-text.ts";
import { MarkedLines } from "../../narration/marked-lines.ts";
import type { Style } from "../../narration/style.ts";
import type { Finding } from "../../providers/shared/rule.ts";
import type { Divergence } from "./divergence.ts";
import { DIVERGENCE_RULE } from "./divergence-finding.ts";
import type { ExchangeRecord, ServeEvent } from "./serve-events.ts";
import type { ServeMessages } from "./serve-messages.ts";

/** What serve says, in the run's language: the transcript's marks and legend, and its own sentences. */
export interface ServeWords {
  narration: Catalog;
  serve: ServeMessages;
}

/** The stderr lines that say where the server listens (stdout's first line is the URL alone). */
export function serveListeningLines(event: Extract<ServeEvent, { type: "listening" }>, words: ServeWords, style: Style): string[] {
  const say = words.serve;
  const shown = (text: string) => visible(text, style.escape);
  return [style.note(say.listening(event.url, shown(event.fixture))), style.note(say.routesHeading), ...event.routes.map((route) => `  ${route}`)];
}

/** The stdout lines for one event after the URL line: the legend first, then one turn per request. */
export function serveNarrationLines(event: ServeEvent, words: ServeWords, style: Style): string[] {
  const lines: string[] = [];
  const out = serveMarkedLines(words, style, lines);
  const say = words.serve;
  switch (event.type) {
    case "listening":
      out.unmarked(say.legend, style.note);
      break;
    case "closing":
      out.heading(say.closing(event.signal, event.inFlight));
      break;
    case "closed":
      out.heading(say.closed(event.requests));
      break;
    case "exchange":
      exchangeLines(event.record, say, words.narration, out);
      break;
    case "stallEnded":
      out.line("app", say.stallEnded(event.number, event.by, event.afterMs), event.by === "client" ? "note" : "failure");
      break;
    case "gaveUp":
      out.line("app", say.gaveUp(event.gaveUp), "failure");
      break;
  }
  return lines;
}

/** Lines under serve's own marks, collected into `lines`: the harness is the app here, and the
 *  playground's checks have a mark of their own. */
export function serveMarkedLines(words: ServeWords, style: Style, lines: string[]): MarkedLines {
  const catalog = { ...words.narration, marks: words.serve.marks };
  return new MarkedLines(
    style,
    (line) => lines.push(line),
    () => catalog,
  );
}

function exchangeLines(record: ExchangeRecord, say: ServeMessages, narration: Catalog, out: MarkedLines): void {
  out.heading(say.requestHeading(record.number, record.method, clipPath(record.path), record.provider ?? "-", record.stream));
  const { conversation, outcome } = record;
  if (conversation) {
    out.line(
      "playground",
      say.conversation(conversation.episode + 1, conversation.replyIndex + 1, conversation.replies, conversation.messages, conversation.newMessages.length),
    );
    for (const message of conversation.newMessages) {
      // A result is shown below with the call it answers; the rest as history lines.
      if (message.role !== "toolResult") out.data(message.role === "user" ? "person" : "app", historyLine(message));
    }
    for (const { call, result } of conversation.results) {
      out.line(
        "app",
        call ? say.ranCall(`${call.name}#${call.id} ${json(call.arguments)}`) : say.unknownCall(`${result.toolName}#${result.toolCallId}`),
        call ? "plain" : "failure",
      );
      out.data("tool", `isError=${result.isError} ${quoted(contentText(result.content))}`);
    }
    if (conversation.tools.length === 0) out.line("app", say.noTools);
    else if (conversation.replyIndex > 0) out.line("app", say.tools(conversation.tools.map((tool) => tool.name).join(", ")));
    else {
      // A conversation's first request shows the tools in full, as the transcript's tool list does.
      out.line("app", say.tools(conversation.tools.map((tool) => tool.name).join(", ")));
      for (const tool of conversation.tools) {
        out.data("app", `${tool.name}  ${tool.description}`);
        out.data("app", `${" ".repeat(tool.name.length + 2)}parameters=${json(tool.parameters)}`);
      }
    }
    const lint = conversation.findings.filter((finding) => finding.rule !== DIVERGENCE_RULE);
    if (lint.length === 0) out.line("playground", say.lintClean, "note");
    for (const finding of lint) {
      out.line(
        "playground",
        say.lintFinding(finding.severity, `${finding.provider}/${finding.rule}`, finding.pointer, finding.message),
        finding.severity === "error" ? "failure" : "note",
      );
    }
  }
  if (conversation?.divergence) divergenceLine(conversation.divergence, conversation.findings, say, out);
  for (const problem of outcome.problems ?? []) out.line("playground", say.unmet(problem), "failure");
  if (record.attempt && conversation) out.line("playground", say.attempt(record.attempt, conversation.replyIndex + 1));
  if (outcome.delayedMs !== undefined) out.line("playground", say.delayed(outcome.delayedMs), "note");
  if (outcome.brokenStream !== undefined) out.line("playground", say.brokenStream(outcome.brokenStream), "note");
  if (outcome.stallsAfter !== undefined) out.line("playground", say.stalls(outcome.stallsAfter), "note");
  outcomeLines(outcome, say, narration, out);
}

/** What was answered: a fault, a reply (a person's, where they answered it), the model list, a
 *  dropped connection, or a refusal. */
function outcomeLines(outcome: ExchangeRecord["outcome"], say: ServeMessages, narration: Catalog, out: MarkedLines): void {
  if (outcome.kind === "fault" && outcome.fault) {
    out.line("model", say.fault(outcome.status, outcome.fault, outcome.retryAfter, outcome.message ?? ""), "failure");
  } else if (outcome.kind === "reply" && outcome.reply) {
    out.line("model", repliedLine(outcome, say));
    // A reply a person answered in the model's place is theirs: each change, then the reply sent.
    for (const edit of outcome.edits ?? []) out.line("person", narration.personChanged(edit), "data");
    out.data(outcome.edits ? "person" : "model", summarizeMessage(outcome.reply));
  } else if (outcome.kind === "models") {
    out.line("model", say.modelList(outcome.status, (outcome.models ?? []).join(", ")));
  } else if (outcome.kind === "aborted") {
    out.line("model", say.dropped(outcome.events), "failure");
    if (outcome.reply && outcome.events !== undefined) out.data("model", summarizeMessage(outcome.reply));
  } else {
    out.line("model", say.refused(outcome.status, outcome.kind, outcome.message ?? ""), "failure");
  }
}

/** The reply's line: for a stalled stream, how many of its events were written before it stopped
 *  (the stall's `afterEvents`, at most all of them) and how many the whole answer has. */
function repliedLine({ status, events, stallsAfter }: ExchangeRecord["outcome"], say: ServeMessages): string {
  if (stallsAfter === undefined) return say.replied(status, events);
  return say.repliedStalled(status, events === undefined ? 0 : Math.min(stallsAfter, events), events);
}

/** Where the history left what was served, as severe as its finding. */
function divergenceLine(divergence: Divergence, findings: readonly Finding[], say: ServeMessages, out: MarkedLines): void {
  const severity = findings.find((finding) => finding.rule === DIVERGENCE_RULE)?.severity ?? "warning";
  const shown = (value: unknown) => (value === null ? undefined : json(value));
  out.line("playground", say.divergence(severity, divergence, shown(divergence.served), shown(divergence.sent)), severity === "error" ? "failure" : "note");
}

/** A path longer than a line is cut: the heading stays one line. */
function clipPath(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/** --json: one JSON object per event, with what JSON leaves raw (C1, bidi, separators) escaped;
 *  `json` is the event's JSON text when serve already wrote it. */
export function serveJsonLine(event: ServeEvent, json = JSON.stringify(event)): string {
  return jsonSafe(json);
}
