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
import type { Fixture, Language } from "../../fixture/fixture-format.ts";
import type { ConversationStates, PartsOf } from "../../providers/registry.ts";
import { type Answer, answering, type RecordHead } from "./answer.ts";
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

  const checked = checkRequest(resolved.body, parts, route.provider, input.fixture, input.lang, {
    ...(resolved.turns === undefined ? {} : { storedTurns: resolved.turns }),
    ...(input.strict === undefined ? {} : { strict: input.strict }),
    book,
  });
  if (isRefused(checked)) return refusalAnswer(to, checked.refusal);
  const attempt = noteAttempt(input.attempts, checked, route.provider, parsed.text, input.number);
  if (failsNow(attempt)) return paced(faultAnswer(to, checked, attempt), checked.reply);
  const played = await playReply(checked);
  if (isRefused(played)) return refusalAnswer(to, played.refusal);

  const served = { ...checked, body: resolved.body, text: parsed.text, keep: resolved.keep, scripted: played.scripted };
  const answer = paced(replyAnswer({ book, path, sse: route.sse, chunk }, parts, to, served), checked.reply);
  return attempt ? { ...answer, record: { ...answer.record, attempt } } : answer;
}
