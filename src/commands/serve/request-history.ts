// A request's history as serve narrates it: the body read into the neutral conversation (or, when
// the reader refuses it part-way — a result for a call nobody made — the history before the
// message it stopped at, so a rule break is still narrated with what came before it), the episode
// it belongs to, and what the harness added since the model's last turn.
import type { Fixture } from "../../fixture/fixture-format.ts";
import type { JsonObject } from "../../json/is-record.ts";
import { contentText } from "../../narration/display-text.ts";
import type { Context, Message, ToolCall } from "../../protocol/types.ts";
import { type ProviderId, providers } from "../../providers/registry.ts";
import { ImportError, type ImportedConversation } from "../../providers/shared/imported-conversation.ts";
import type { ProviderParts } from "../../providers/shared/provider.ts";
import type { Finding } from "../../providers/shared/rule.ts";
import type { ExchangeRecord } from "./serve-events.ts";

export interface ReadHistory {
  /** The whole body read, or the part before `error`'s message; undefined when not even that reads. */
  imported: ImportedConversation | undefined;
  error: ImportError | undefined;
}

export function readHistory(parts: ProviderParts, provider: ProviderId, body: JsonObject): ReadHistory {
  try {
    return { imported: parts.readRequest(body), error: undefined };
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    return { imported: historyBefore(parts, provider, body, error.pointer), error };
  }
}

/** The body read with its history cut before the message `pointer` is in (`/messages/5/…`). */
function historyBefore(parts: ProviderParts, provider: ProviderId, body: JsonObject, pointer: string): ImportedConversation | undefined {
  const key = providers[provider].request.historyKey;
  const [first, index] = pointer.split("/").slice(1);
  const history = body[key];
  if (first !== key || index === undefined || !/^\d+$/.test(index) || !Array.isArray(history)) return undefined;
  try {
    return parts.readRequest({ ...body, [key]: history.slice(0, Number(index)) });
  } catch (error) {
    if (error instanceof ImportError) return undefined;
    throw error;
  }
}

/** The call ids the import made up for calls sent without one (Gemini), to be paired by place. */
export function filledCallIds(imported: ImportedConversation): Set<string> {
  const ids = new Set<string>();
  for (const note of imported.notes) if (note.detail.about === "callIdFilled") ids.add(note.detail.id);
  return ids;
}

/** The episode whose opening user message the conversation starts with; the first one otherwise. */
export function episodeFor(fixture: Fixture, context: Context): number {
  const first = context.messages.find((message) => message.role === "user");
  if (first?.role !== "user") return 0;
  const text = contentText(first.content);
  const index = fixture.episodes.findIndex((episode) => episode.user === text);
  return index === -1 ? 0 : index;
}

/** What the narration shows of the request: the messages after the model's last turn (`lastTurn`,
 *  as modelTurns gives it), each result with the call of that turn it answers. */
export function describeConversation(
  context: Context,
  findings: Finding[],
  episode: number,
  replyIndex: number,
  replies: number,
  lastTurn: readonly [number, number] | undefined,
): NonNullable<ExchangeRecord["conversation"]> {
  const messages = context.messages;
  const [first, last] = lastTurn ?? [0, -1];
  const calls = new Map<string, ToolCall>();
  for (let index = first; index <= last; index++) {
    const message = messages[index];
    if (message?.role === "assistant") for (const block of message.content) if (block.type === "toolCall") calls.set(block.id, block);
  }
  const newMessages: Message[] = [];
  const results: NonNullable<ExchangeRecord["conversation"]>["results"] = [];
  for (let index = last + 1; index < messages.length; index++) {
    const message = messages[index];
    if (!message) continue;
    newMessages.push(message);
    if (message.role === "toolResult") results.push({ call: calls.get(message.toolCallId), result: message });
  }
  return { episode, replyIndex, replies, messages: messages.length, newMessages, results, tools: context.tools ?? [], findings };
}
