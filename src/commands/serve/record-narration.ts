// serve --record's narration: each exchange told as serve tells it (serve-narration.ts), in words
// that say where the answer came from — the upstream's mark in the model's place, the recorded
// conversation and turn in place of the script's position, the upstream's status in place of the
// script's reply. --json writes serve's exchange event with what the upstream did beside it.
import { jsonSafe } from "../../io/sanitize.ts";
import type { Style } from "../../narration/style.ts";
import type { RecordEvent, UpstreamOutcome } from "./record-server.ts";
import type { ServeMessages } from "./serve-messages.ts";
import { type ServeWords, serveNarrationLines } from "./serve-narration.ts";

/** serve's sentences, with the ones that would speak of a script spoken of the upstream (an
 *  exchange the recorder answered itself, never sent on, keeps serve's words for its refusal). */
function recordWords(words: ServeWords, upstream: UpstreamOutcome | undefined, upstreamName: string): ServeWords {
  const say = words.serve;
  const serve: ServeMessages = {
    ...say,
    legend: say.recordLegend,
    marks: { ...say.marks, model: say.upstreamMark },
    conversation: (episode, reply, _replies, messages, fresh) => say.recordConversation(episode, reply, messages, fresh),
    replied: say.upstreamReplied,
    refused: (status, kind, message) => {
      if (upstream === undefined) return say.refused(status, kind, message);
      if (upstream.kind === "unreachable") return say.upstreamUnreachable(upstreamName, upstream.why);
      if (upstream.kind === "passed") return say.upstreamPassed(status);
      if (upstream.kind === "absoluteForm") return say.recordAbsoluteForm;
      if (upstream.kind === "encoded") return say.upstreamEncoded(upstream.encoding);
      if (upstream.kind === "unreadable") return say.upstreamUnreadable(upstream.status);
      if (upstream.kind === "tooLarge") return say.upstreamTooLarge(upstream.status, upstream.bytes, upstream.limit);
      return say.upstreamFailed(status, message, upstream.kind === "failed" ? upstream.failure?.kind : undefined);
    },
    dropped: () => say.upstreamCut,
  };
  return { ...words, serve };
}

export function recordNarrationLines(event: RecordEvent, words: ServeWords, style: Style, upstreamName: string): string[] {
  if (event.type === "listening") {
    const legend = { ...words, serve: { ...words.serve, legend: words.serve.recordLegend } };
    return serveNarrationLines({ type: "listening", url: event.url, fixture: upstreamName, routes: [] }, legend, style);
  }
  return serveNarrationLines({ type: "exchange", record: event.record }, recordWords(words, event.upstream, upstreamName), style);
}

/** --json: serve's exchange event, and what the upstream did (`upstream`), keys left out as everywhere. */
export function recordJsonLine(event: RecordEvent): string {
  return jsonSafe(JSON.stringify(event));
}
