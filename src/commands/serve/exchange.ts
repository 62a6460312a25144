// One request, start to answer, with no sockets in sight: a short pipeline of stages, each in its
// own file, each returning what it found or a refusal (refusal.ts), which is answered in the
// provider's error shape. Read: the body as JSON, with what it points back at on an API that keeps
// what it served (request-body.ts). Check: the provider's rules, the history, the script's reply
// for it and that reply's expectations (check-request.ts). Play the reply (play-reply.ts). Answer:
// the reply in its conversation, with the provider's ids, as its body or stream (reply-answer.ts).
// The state is the conversation book (which conversation a reply belongs to, for its ids) and
// each provider's conversation state (what the Responses API stored). A reply that fails first
// (its `fail`) is answered with the provider's failure while attempts at it remain to fail
// (fault-answer.ts); a reply's `delay` and `stall` say how its answer is written (paced-answer.ts).
// With serve --interactive a person answers first (stand-in.ts): their answer goes into the script
// the request is then checked against, so it is answered as plain serve answers such a script.
import type { Fixture, Language } from "../../fixture/fixture-format.ts";
import type { JsonObject } from "../../json/is-record.ts";
import type { ConversationStates, PartsOf } from "../../providers/registry.ts";
import type { ProviderParts } from "../../providers/shared/provider.ts";
import { type Answer, type Answering, answering, exchangeRecord, JSON_TYPE, type RecordHead } from "./answer.ts";
import type { AttemptBook } from "./attempt-book.ts";
import { checkRequest } from "./check-request.ts";
import type { ConversationBook } from "./conversation-book.ts";
import { failsNow, faultAnswer, noteAttempt } from "./fault-answer.ts";
import { paced } from "./paced-answer.ts";
import { playReply } from "./play-reply.ts";
import { isRefused, refusalAnswer } from "./refusal.ts";
import { replyAnswer } from "./reply-answer.ts";
import { bodyObject, resolveBody, wantsStream } from "./request-body.ts";
import type { Route } from "./routes.ts";
import { personEditsOf } from "./served-form.ts";
import { askStandIn, type StandIn, type StandInDecision, scriptOf, settleFailures } from "./stand-in.ts";

export interface ExchangeInput {
  number: number;
  method: string;
  path: string;
  route: Route;
  /** The body, read whole and decoded. */
  text: string;
  fixture: Fixture;
  /** The run's language: the lint findings' fix texts are in it. */
  lang: Language;
  /** The server's conversations, which the reply's ids name. */
  book: ConversationBook;
  /** What each provider that keeps state between requests has kept on this server. */
  states: ConversationStates;
  /** Every provider's parts, loaded when the server started. */
  partsOf: PartsOf;
  /** Fragment size for streamed replies (the reply's own plan otherwise). */
  chunk?: number;
  /** The attempts made at replies that fail first (`fail`). */
  attempts: AttemptBook;
  /** Refuse every history that is not what was served (--strict), not only what the provider refuses. */
  strict?: boolean;
  /** serve --interactive: the person who answers in the model's place (stand-in.ts). */
  standIn?: StandIn;
  /** Aborts when the client closes its connection before its answer. */
  gone?: AbortSignal;
}

export async function exchange(input: ExchangeInput): Promise<Answer> {
  const { route, book, path, chunk } = input;
  const parts = input.partsOf(route.provider);
  const head: RecordHead = { number: input.number, method: input.method, path, provider: route.provider, stream: route.streamed };
  const to = answering(head, parts.response);

  const parsed = bodyObject(input.text);
  if (isRefused(parsed)) return refusalAnswer(to, parsed.refusal);
  head.stream = wantsStream(route, parsed.body);
  const resolved = resolveBody(input.states(route.provider), parsed.body);
  if (isRefused(resolved)) return refusalAnswer(to, resolved.refusal);

  const asked = input.standIn
    ? await askStandIn(input.standIn, {
        ...head,
        provider: route.provider,
        body: resolved.body,
        parts,
        lang: input.lang,
        storedTurns: resolved.turns ?? 0,
        gone: input.gone ?? new AbortController().signal,
      })
    : undefined;
  if (asked?.kind === "gone") return goneAnswer(to);
  const checked = checkedAgainstScript(input, resolved, parts, asked);
  if (isRefused(checked)) return refusalAnswer(to, checked.refusal);
  const attempt = noteAttempt(input.attempts, checked, route.provider, parsed.text, input.number);
  if (failsNow(attempt)) return paced(faultAnswer(to, checked, attempt), checked.reply);
  const played = await playReply(checked);
  if (isRefused(played)) return refusalAnswer(to, played.refusal);

  const served = { ...checked, body: resolved.body, text: parsed.text, keep: resolved.keep, scripted: played.scripted };
  const answer = paced(replyAnswer({ book, path, sse: route.sse, chunk }, parts, to, served), checked.reply);
  const edits = personEditsOf(checked.reply);
  const outcome = edits && answer.record.outcome.reply ? { ...answer.record.outcome, edits } : answer.record.outcome;
  return { ...answer, record: { ...answer.record, outcome, ...(attempt ? { attempt } : {}) } };
}

/** The request checked against the script: the person's as it stands (serve --interactive), where
 *  a fault they chose, or their answer where the script still failed, settles the reply's `fail`
 *  first. */
function checkedAgainstScript(input: ExchangeInput, resolved: { body: JsonObject; turns?: number }, parts: ProviderParts, asked: StandInDecision | undefined) {
  const { route, standIn } = input;
  const check = () =>
    checkRequest(resolved.body, parts, route.provider, scriptOf(standIn, input.fixture), input.lang, {
      ...(resolved.turns === undefined ? {} : { storedTurns: resolved.turns }),
      ...(input.strict === undefined ? {} : { strict: input.strict }),
      book: input.book,
    });
  const checked = check();
  if (isRefused(checked) || !standIn || !asked) return checked;
  return settleFailures(standIn.script, asked, checked, route.provider, input.attempts) ? check() : checked;
}

/** A client that closed its connection while the person was still to answer it: nobody to answer. */
function goneAnswer(to: Answering): Answer {
  const record = exchangeRecord(to.head, undefined, { status: 0, kind: "clientGone", message: "the client gave up while waiting for the person's answer" });
  return { status: 0, contentType: JSON_TYPE, body: "", drop: true, record };
}
