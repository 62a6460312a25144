// Where a request's history stops being what serve served. Every model turn a request sends back
// is compared with the script's reply at that turn as it was served (its call ids the served ones,
// served-ids.ts), recomputed from the script rather than remembered, so nothing grows with the
// requests: the thinking blocks and their signatures (those the provider's answer carries:
// `servesThinking`), the text (joined, as Chat joins a reply's text blocks into one string), and
// each call's name, id and arguments. The first place that differs is named as a JSON pointer
// into the body as the harness sent it (the importer's BlockPlace), with the value served and the
// value sent back. What the provider refuses of it is judged in divergence-finding.ts.
import type { AssistantMessage, Message, ThinkingContent, ToolCall } from "../../protocol/types.ts";
import type { BlockField, BlockPlace, ImportedConversation } from "../../providers/shared/imported-conversation.ts";
import { readServedCall, type ServedIdStyle } from "../../providers/shared/served-ids.ts";
import type { FixtureReply } from "./check-request.ts";
import { modelTurns } from "./conversation-book.ts";

/** What differs: the brief's places, in the fixture's words. */
export type DivergencePlace = "thinking" | "signature" | "text" | "call" | "name" | "callId" | "arguments";

export interface Divergence {
  /** RFC 6901 pointer into the body as sent: the field that differs, or the block or message
   *  that lacks what was served. */
  pointer: string;
  place: DivergencePlace;
  /** The model turn it is in (1-based), and whether that is the history's last model turn and
   *  holds a call (a tool turn: Anthropic checks its thinking blocks). */
  turn: number;
  latest: boolean;
  toolTurn: boolean;
  /** What serve served there and what came back, as JSON values; null for "nothing". */
  served: unknown;
  sent: unknown;
  /** The type of the block found where a dropped thinking block was served (Anthropic names it). */
  found?: string;
}

/** A sent block with where it came from. */
interface Sent<B> {
  block: B;
  place: BlockPlace | undefined;
}

interface TurnInput {
  sent: Sent<AssistantMessage["content"][number]>[];
  reply: FixtureReply;
  /** The pointer of the turn's first message, for what is missing from it. */
  at: string;
  turn: number;
}

export interface DivergenceInput {
  imported: ImportedConversation;
  replies: readonly FixtureReply[];
  ids: ServedIdStyle;
  /** Which thinking blocks the provider's answer carries (ProviderParts): only those can come back. */
  servesThinking: ((block: ThinkingContent) => boolean) | undefined;
  /** Call ids the import made up (Gemini calls sent without one): no served id to compare. */
  filled: ReadonlySet<string>;
  /** The conversation the history's served ids name, for a turn whose own ids name none. */
  conversation: number | undefined;
  /** The conversation that was served `reply` at `turn` (conversation-book.ts), the next guess. */
  servedIn?(turn: number, reply: FixtureReply): number | undefined;
}

/** The first place the history differs from what was served, or undefined when it does not. */
export function findDivergence(input: DivergenceInput): Divergence | undefined {
  const { imported } = input;
  const messages = imported.context.messages;
  const turns = modelTurns(messages);
  for (const [index, [first, last]] of turns.entries()) {
    const reply = input.replies[index];
    if (!reply) return undefined;
    const turn: TurnInput = {
      sent: sentBlocks(messages, imported.blockPlaces, first, last),
      reply,
      at: imported.messagePointers[first] ?? "",
      turn: index + 1,
    };
    const found = divergenceIn(turn, input);
    if (found) {
      const toolTurn = turn.sent.some(({ block }) => block.type === "toolCall");
      return { ...found, turn: index + 1, latest: index === turns.length - 1, toolTurn };
    }
  }
  return undefined;
}

type Found = Omit<Divergence, "turn" | "latest" | "toolTurn">;

function divergenceIn(turn: TurnInput, input: DivergenceInput): Found | undefined {
  if (input.servesThinking) {
    const thinking = thinkingDivergence(turn, input.servesThinking);
    if (thinking) return thinking;
  }
  return textDivergence(turn) ?? callDivergence(turn, input);
}

function sentBlocks(messages: readonly Message[], places: ImportedConversation["blockPlaces"], first: number, last: number): TurnInput["sent"] {
  const sent: TurnInput["sent"] = [];
  for (let index = first; index <= last; index++) {
    const message = messages[index];
    if (message?.role !== "assistant") continue;
    message.content.forEach((block, blockIndex) => sent.push({ block, place: places[index]?.[blockIndex] }));
  }
  return sent;
}

/** A field's pointer, or the block's when the importer kept no place for the field. */
function fieldAt(place: BlockPlace | undefined, field: BlockField, fallback: string): string {
  if (!place) return fallback;
  const below = place.fields[field];
  return below === undefined ? place.at : place.at + below;
}

function thinkingDivergence({ sent, reply: { content: served }, at }: TurnInput, serves: (block: ThinkingContent) => boolean): Found | undefined {
  const sentThinking = sent.filter((entry): entry is Sent<ThinkingContent> => entry.block.type === "thinking");
  const servedThinking = served.filter((block): block is ThinkingContent => block.type === "thinking" && serves(block));
  for (let index = 0; index < Math.max(sentThinking.length, servedThinking.length); index++) {
    const want = servedThinking[index];
    const got = sentThinking[index];
    if (want && !got) {
      // Where it should have been: the first block sent that is not a thinking block.
      const there = sent.find((entry) => entry.block.type !== "thinking");
      const found = there?.block.type === "toolCall" ? "tool_use" : there?.block.type;
      return { pointer: there?.place?.at ?? at, place: "thinking", served: want.thinking, sent: null, ...(found ? { found } : {}) };
    }
    if (!want && got) return { pointer: got.place?.at ?? at, place: "thinking", served: null, sent: got.block.thinking };
    if (!want || !got) continue;
    if (want.thinking !== got.block.thinking || (want.redacted ?? false) !== (got.block.redacted ?? false))
      return { pointer: fieldAt(got.place, "thinking", at), place: "thinking", served: want.thinking, sent: got.block.thinking };
    if ((want.thinkingSignature ?? "") !== (got.block.thinkingSignature ?? ""))
      return {
        pointer: fieldAt(got.place, "signature", at),
        place: "signature",
        served: want.thinkingSignature ?? "",
        sent: got.block.thinkingSignature ?? "",
      };
  }
  return undefined;
}

/** The turn's text as one string; an empty text block is no text (Chat sends `content: ""` or null). */
function textDivergence({ sent, reply: { content: served }, at }: TurnInput): Found | undefined {
  const want = served.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
  const texts = sent.filter((entry): entry is Sent<{ type: "text"; text: string }> => entry.block.type === "text" && entry.block.text !== "");
  const got = texts.map((entry) => entry.block.text).join("");
  if (got === want) return undefined;
  if (texts.length === 0) return { pointer: at, place: "text", served: want, sent: null };
  // The first block whose text is not the served text at its offset (or the last, when the sent
  // text stops short).
  let offset = 0;
  let where = texts.at(-1);
  for (const entry of texts) {
    if (want.slice(offset, offset + entry.block.text.length) !== entry.block.text) {
      where = entry;
      break;
    }
    offset += entry.block.text.length;
  }
  return { pointer: fieldAt(where?.place, "text", at), place: "text", served: want, sent: got };
}

function callDivergence(turn: TurnInput, input: DivergenceInput): Found | undefined {
  const calls = turn.sent.filter((entry): entry is Sent<ToolCall> => entry.block.type === "toolCall");
  const servedCalls = turn.reply.content.filter((block): block is ToolCall => block.type === "toolCall");
  const conversation = conversationOf(calls, turn.turn, input) ?? input.servedIn?.(turn.turn, turn.reply) ?? input.conversation ?? 1;
  for (let index = 0; index < Math.max(calls.length, servedCalls.length); index++) {
    const want = servedCalls[index];
    const got = calls[index];
    if (want && !got) return { pointer: turn.at, place: "call", served: want.name, sent: null };
    if (!want && got) return { pointer: got.place?.at ?? turn.at, place: "call", served: null, sent: got.block.name };
    if (!want || !got) continue;
    const { block, place } = got;
    if (block.name !== want.name) return { pointer: fieldAt(place, "name", turn.at), place: "name", served: want.name, sent: block.name };
    const servedId = input.ids.call({ conversation, turn: turn.turn }, index + 1);
    if (!input.filled.has(block.id) && !isServedCall(block.id, turn.turn, index + 1, input.ids))
      return { pointer: fieldAt(place, "id", turn.at), place: "callId", served: servedId, sent: block.id };
    if (canonical(block.arguments) !== canonical(want.arguments))
      return { pointer: fieldAt(place, "arguments", turn.at), place: "arguments", served: want.arguments, sent: block.arguments };
  }
  return undefined;
}

/** Whether `id` is an id serve gives call `call` of turn `turn` (in any conversation: a retried
 *  turn is served in a new one, conversation-book.ts). */
function isServedCall(id: string, turn: number, call: number, ids: ServedIdStyle): boolean {
  const read = readServedCall(ids, id);
  return read !== undefined && read.at.turn === turn && read.call === call;
}

/** The conversation the turn's own served ids name. */
function conversationOf(calls: readonly Sent<ToolCall>[], turn: number, input: DivergenceInput): number | undefined {
  for (const { block } of calls) {
    const read = readServedCall(input.ids, block.id);
    if (read && read.at.turn === turn) return read.at.conversation;
  }
  return undefined;
}

/** Arguments as JSON with sorted keys: a harness that parses and writes them again may reorder
 *  keys, which changes no argument. Undefined for what JSON cannot write (then never equal). */
function canonical(value: unknown): string | undefined {
  try {
    return JSON.stringify(value, (_key, inner: unknown) =>
      inner !== null && typeof inner === "object" && !Array.isArray(inner)
        ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : inner,
    );
  } catch {
    return undefined;
  }
}
