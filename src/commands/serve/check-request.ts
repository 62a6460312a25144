// The second stage of an exchange: the body read into the neutral history and checked — with the
// provider's rule table first, so a body that breaks a rule is answered with the rule's provider
// text even where the reader cannot make a conversation of all of it (a result for an unknown
// call) — then the reply the script holds for it chosen, and that reply's expectations checked.
// The reply a request gets is one past the model turns its history holds (conversation-book.ts).
// A history whose model turns are not what was served gets a divergence finding (divergence.ts):
// refused where the provider refuses it, and every one under `strict`.
import { scriptReplies, type UserTurn } from "../../fixture/conversation-format.ts";
import type { Episode, Fixture, Language } from "../../fixture/fixture-format.ts";
import type { JsonObject } from "../../json/is-record.ts";
import type { Context } from "../../protocol/types.ts";
import type { ProviderId } from "../../providers/registry.ts";
import type { ImportError, ImportedConversation } from "../../providers/shared/imported-conversation.ts";
import { lintBody } from "../../providers/shared/lint-body.ts";
import type { ProviderParts } from "../../providers/shared/provider.ts";
import type { Finding } from "../../providers/shared/rule.ts";
import type { Conversation } from "./answer.ts";
import { type ConversationBook, modelTurns, type ScriptedView, scriptedView } from "./conversation-book.ts";
import { findDivergence } from "./divergence.ts";
import { divergenceFinding } from "./divergence-finding.ts";
import { unmetExpectations, unmetText } from "./expectations.ts";
import { type Refused, refuse } from "./refusal.ts";
import { describeConversation, episodeFor, filledCallIds, readHistory } from "./request-history.ts";
import { servedForm } from "./served-form.ts";

/** A reply of a fixture's script, with how it streams and what it expects. */
export type FixtureReply = Exclude<Episode["script"][number], UserTurn>;

/** A request the script has a reply for. */
export interface Checked {
  /** The history as the harness sent it. */
  context: Context;
  /** The same, as the script sees it: served ids read back as the script's. */
  view: ScriptedView;
  /** The model turn the history ends with, as modelTurns gives it: it says which conversation the
   *  request continues. */
  lastTurn: [number, number] | undefined;
  /** The scripted reply the request asks for, and its turn (1-based). */
  reply: FixtureReply;
  turn: number;
  conversation: Conversation;
}

/** How a request is checked beyond the provider's rules. */
export interface CheckOptions {
  /** The model turns a stored chain the body points back at holds (request-body.ts), which its
   *  history alone may undercount. */
  storedTurns?: number;
  /** Every divergence is refused (--strict). */
  strict?: boolean;
  /** The server's conversations: which one was served a reply, to name the ids it was served with. */
  book?: ConversationBook;
}

/** Where a request stands in the script, read before anything is refused: its findings, its
 *  history, the episode and the reply it asks for. */
export interface RequestPoint {
  findings: Finding[];
  /** The history as the harness sent it, as the neutral reader made it (undefined where it could not). */
  imported: ImportedConversation | undefined;
  /** Why the reader could not make a history of the body. */
  readError: ImportError | undefined;
  context: Context;
  episode: number;
  /** The episode's replies as served. */
  replies: FixtureReply[];
  replyIndex: number;
  lastTurn: [number, number] | undefined;
  conversation: Conversation;
}

export function requestPoint(body: JsonObject, parts: ProviderParts, provider: ProviderId, fixture: Fixture, lang: Language, storedTurns = 0): RequestPoint {
  const findings = lintBody(body, parts.rules, lang);
  const read = readHistory(parts, provider, body);
  const context: Context = read.imported?.context ?? { messages: [] };
  const episode = episodeFor(fixture, context);
  // As served: a saved session's edits applied, so the ids sent back name the calls that went out.
  const replies = scriptReplies(fixture.episodes[episode]?.script ?? []).map(servedForm);
  const turns = modelTurns(context.messages);
  const replyIndex = Math.max(turns.length, storedTurns);
  const lastTurn = turns.at(-1);
  const conversation = read.imported ? describeConversation(context, findings, episode, replyIndex, replies.length, lastTurn) : undefined;
  return { findings, imported: read.imported, readError: read.error, context, episode, replies, replyIndex, lastTurn, conversation };
}

export function checkRequest(
  body: JsonObject,
  parts: ProviderParts,
  provider: ProviderId,
  fixture: Fixture,
  lang: Language,
  { storedTurns = 0, strict = false, book }: CheckOptions = {},
): Checked | Refused {
  const point = requestPoint(body, parts, provider, fixture, lang, storedTurns);
  const { findings, imported, context, episode, replies, replyIndex, lastTurn, conversation } = point;
  const error = findings.find((finding) => finding.severity === "error");
  if (point.readError && !error) return refuse("invalid", "notABody", `${point.readError.pointer || "/"}: ${point.readError.reason}`);
  if (error) return refuse("invalid", "lint", error.message, { conversation });

  const reply = replies[replyIndex];
  if (!reply) {
    const message = `tool-call-playground serve: the script has no reply ${replyIndex + 1} for this conversation (episode ${episode + 1} holds ${replies.length}); the server keeps running`;
    return refuse("invalid", "exhausted", message, { conversation });
  }
  // Served ids back to the script's: the pairing check and `expect` speak the fixture's ids.
  const filled = imported ? filledCallIds(imported) : new Set<string>();
  const view = scriptedView(context, parts.response.ids, replies, filled);
  // A body that stands on a stored chain holds turns the harness never sent: no pointer of its own.
  const divergence =
    imported && storedTurns === 0
      ? findDivergence({
          imported,
          replies,
          ids: parts.response.ids,
          servesThinking: parts.response.servesThinking,
          filled,
          conversation: view.conversation,
          ...(book ? { servedIn: (turn: number, served: FixtureReply) => book.servedIn(turn, served) } : {}),
        })
      : undefined;
  if (divergence && conversation) {
    const finding = divergenceFinding(divergence, provider, body, lang, strict);
    // The record's findings are this list: the narration and the journal see it there.
    findings.push(finding);
    conversation.divergence = divergence;
    if (finding.severity === "error") return refuse("invalid", finding.providerText ? "lint" : "divergence", finding.message, { conversation });
  }
  const problems = unmetExpectations(reply.expect, view.context, (id) => view.name(id));
  if (problems.length > 0) {
    const message = `tool-call-playground serve: reply ${replyIndex + 1} expects what this request does not hold: ${problems.map(unmetText).join("; ")}`;
    return refuse("invalid", "expectation", message, { conversation, problems });
  }
  return { context, view, lastTurn, reply, turn: replyIndex + 1, conversation };
}
