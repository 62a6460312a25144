// serve's narration: each request as a transcript turn — what the harness (now the app) sent
// since the model's last reply, its tools, the result it produced for each call, the lint
// findings, and what the scripted model answered — written whole per request so concurrent
// requests never interleave their lines. Everything from a client is data: sanitised here.
import type { Language } from "../fixture/fixture-format.ts";
import { serveCatalogs } from "../i18n/serve-catalog.ts";
import type { ExchangeRecord, ServeEvent } from "../serve/serve-events.ts";
import { contentText, historyLine, json, quoted, summarizeMessage } from "./format.ts";
import { jsonSafe, visible as sanitized } from "./sanitize.ts";
import type { Style } from "./style.ts";

const INDENT = "  ";

/** The lines for one server event; `write` gets them joined, once per event. */
export function serveNarrationLines(event: ServeEvent, lang: Language, style: Style): string[] {
  const say = serveCatalogs[lang];
  const visible = (text: string) => sanitized(text, style.escape);
  switch (event.type) {
    case "listening":
      return [style.note(say.listening(event.url, visible(event.fixture))), style.note(say.routesHeading), ...event.routes.map((route) => `${INDENT}${route}`)];
    case "closing":
      return [style.note(say.closing(event.signal, event.inFlight))];
    case "closed":
      return [style.note(say.closed(event.requests))];
    case "exchange":
      return exchangeLines(event.record, lang, style);
  }
}

function exchangeLines(record: ExchangeRecord, lang: Language, style: Style): string[] {
  const say = serveCatalogs[lang];
  const visible = (text: string) => sanitized(text, style.escape);
  const lines = [style.heading(say.requestHeading(record.number, record.method, visible(pathOnly(record.path)), record.provider ?? "-", record.stream))];
  const { conversation, outcome } = record;
  if (conversation) {
    lines.push(`${INDENT}${say.conversation(conversation.episode + 1, conversation.replyIndex + 1, conversation.replies, conversation.messages, conversation.newMessages.length)}`);
    for (const message of conversation.newMessages) {
      // A result is shown below with the call it answers; the rest as history lines.
      if (message.role === "toolResult") continue;
      lines.push(`${INDENT}${INDENT}${style.producer("app", `${say.harness} ${visible(historyLine(message))}`)}`);
    }
    for (const { call, result } of conversation.results) {
      const shown = `isError=${result.isError} ${quoted(contentText(result.content))}`;
      const text = call ? say.ranCall(`${call.name}#${call.id} ${json(call.arguments)}`, shown) : say.unknownCall(`${result.toolName}#${result.toolCallId} ${shown}`);
      lines.push(`${INDENT}${INDENT}${style.producer("app", `${say.harness} ${visible(text)}`)}`);
    }
    lines.push(`${INDENT}${conversation.tools.length > 0 ? say.tools(visible(conversation.tools.join(", "))) : say.noTools}`);
    if (conversation.findings.length === 0) lines.push(`${INDENT}${style.note(say.lintClean)}`);
    for (const finding of conversation.findings) {
      const line = say.lintFinding(finding.severity, `${finding.provider}/${finding.rule}`, visible(finding.pointer), visible(finding.message));
      lines.push(`${INDENT}${finding.severity === "error" ? style.failure(line) : style.note(line)}`);
    }
  }
  for (const problem of outcome.problems ?? []) lines.push(`${INDENT}${style.failure(say.unmet(visible(problem)))}`);
  if (outcome.kind === "reply" && outcome.reply) {
    const streamed = outcome.events === undefined ? "" : say.streamedAs(outcome.events);
    lines.push(`${INDENT}${style.producer("model", say.replied(outcome.status, `${say.model} ${visible(summarizeMessage(outcome.reply))}`))}${streamed}`);
  } else {
    lines.push(`${INDENT}${style.failure(say.refused(outcome.status, outcome.kind, visible(outcome.message ?? "")))}`);
  }
  return lines;
}

/** The query (Gemini's `?alt=sse`) stays; only the path and query of the URL are data shown. */
function pathOnly(url: string): string {
  return url.length > 200 ? `${url.slice(0, 200)}…` : url;
}

/** --json: one JSON object per event, with what JSON leaves raw (C1, bidi, separators) escaped. */
export function serveJsonLine(event: ServeEvent): string {
  return jsonSafe(JSON.stringify(event));
}
