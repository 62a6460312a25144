// A provider's request body rendered as its history grows. Each provider says how an entry (or a
// role turn) becomes items of its history array and how the body sits around that array; this
// file does the rest for all four, once. The whole render (`renderWhole`, what `render` and the
// "./wire" export give) is this renderer fed the whole history, so the two cannot drift apart.
//
// Why: the wire view renders every request of a run, and each repeats the history before it.
// Rendering each whole costs the history's size per request, turns² in all. Here each message is
// taken once; items nothing later can change are kept (`settled`), and only what is still open —
// the last reply and its results, a model turn a next reply may join — is rendered again per
// request (`tail`). A request's cost is what it adds, plus its tool list.

import type { Context, Message } from "../../protocol/types.ts";
import { WireHistoryBuilder, wireSeeds } from "./history-builder.ts";
import type { RenderedRequest } from "./provider.ts";
import { type RoleTurn, RoleTurnGrouper } from "./role-turns.ts";
import type { ToolNames, WireEntry, WireHead, WireLimits } from "./wire-history.ts";
import type { WireNote } from "./wire-note.ts";

/** How entries become one provider's history items. */
export interface ItemStage<Item> {
  /** A settled entry: the items of it that are settled go to `items`, their notes to `notes`. */
  add(entry: WireEntry, items: Item[], notes: WireNote[]): void;
  /** What the entries so far leave open, then `tail`'s entries, as items, leaving the stage as it is. */
  finish(tail: readonly WireEntry[], items: Item[], notes: WireNote[]): void;
}

/** One provider's request, as its renderer needs it. */
export interface RequestShape<Id extends string, Body, Item> {
  provider: Id;
  endpoint: string;
  limits: WireLimits;
  /** A stage for one history; `items` takes what comes before the first entry (OpenAI Chat's system message). */
  stage(head: WireHead, items: Item[]): ItemStage<Item>;
  /** The body around its history array, in the key order the API's body has. */
  body(head: WireHead, toolNames: ToolNames, history: Item[]): Body;
}

/** A list made of a part that only grows while its renderer lives and a part made for one request. */
export interface GrowingList<T> {
  /** Shared with later requests of the same renderer, which only append to it. */
  settled: readonly T[];
  /** How much of `settled` is this request's. */
  settledLength: number;
  tail: readonly T[];
}

/** One request, in parts: what the wire view needs to say what it adds to the one before. */
export interface GrowingRequest<Id extends string, Body, Item = unknown> {
  provider: Id;
  endpoint: string;
  /** The body around a history array; `history` is a stand-in where only the other keys are read. */
  body(history: Item[]): Body;
  history: GrowingList<Item>;
  /** The notes in the order the whole render gives them, section by section. */
  notes: readonly GrowingList<WireNote>[];
}

export interface WireRenderer<Id extends string, Body, Item = unknown> {
  /** The history's next message. */
  append(message: Message): void;
  request(): GrowingRequest<Id, Body, Item>;
}

/** The whole list a growing list stands for. */
export function wholeList<T>(list: GrowingList<T>): T[] {
  // One copy of the settled part (a whole history's worth), the tail added to it.
  const whole = list.settled.slice(0, list.settledLength);
  for (const item of list.tail) whole.push(item);
  return whole;
}

/** The request whole: its body and all its notes. */
export function wholeRequest<Id extends string, Body, Item>(request: GrowingRequest<Id, Body, Item>): RenderedRequest<Id, Body> {
  return { provider: request.provider, endpoint: request.endpoint, body: request.body(wholeList(request.history)), notes: request.notes.flatMap(wholeList) };
}

/** The request for a whole context, rendered at once. */
export function renderWhole<Id extends string, Body, Item>(
  open: (head: WireHead) => WireRenderer<Id, Body, Item>,
  context: Context,
): RenderedRequest<Id, Body> {
  const renderer = open(context);
  for (const message of context.messages) renderer.append(message);
  return wholeRequest(renderer.request());
}

/** A stage for APIs where each entry's items stand alone (OpenAI Chat, Responses). */
export function entryByEntry<Item>(render: (entry: WireEntry, items: Item[], notes: WireNote[]) => void): ItemStage<Item> {
  return { add: render, finish: (tail, items, notes) => tail.forEach((entry) => render(entry, items, notes)) };
}

/** A stage for APIs whose items are role turns (Anthropic, Gemini): an item per turn, once settled. */
export function turnByTurn<Item>(render: (turn: RoleTurn, notes: WireNote[]) => Item): ItemStage<Item> {
  const grouper = new RoleTurnGrouper();
  return {
    add: (entry, items, notes) => grouper.add(entry, (turn) => items.push(render(turn, notes))),
    finish(tail, items, notes) {
      const rest = grouper.fork();
      const settled = (turn: RoleTurn) => items.push(render(turn, notes));
      for (const entry of tail) rest.add(entry, settled);
      rest.finish(settled);
    },
  };
}

interface Built<Item> {
  history: WireHistoryBuilder;
  stage: ItemStage<Item>;
  items: Item[];
  notes: WireNote[];
  /** Where the history builder hands each settled entry: made once, not per message. */
  settle: (entry: WireEntry) => void;
}

export function growingRenderer<Id extends string, Body, Item>(shape: RequestShape<Id, Body, Item>, head: WireHead): WireRenderer<Id, Body, Item> {
  const tools = head.tools ?? [];
  const messages: Message[] = [];
  const build = (seeds?: ReturnType<typeof wireSeeds>): Built<Item> => {
    const items: Item[] = [];
    const notes: WireNote[] = [];
    const stage = shape.stage(head, items);
    return { history: new WireHistoryBuilder(tools, shape.limits, seeds), stage, items, notes, settle: (entry) => stage.add(entry, items, notes) };
  };
  const feed = (built: Built<Item>, message: Message, index: number) => built.history.append(message, index, built.settle);
  let built = build();
  return {
    append(message) {
      messages.push(message);
      if (feed(built, message, messages.length - 1)) return;
      // A new id took a value an earlier one was given: plan again over the whole history, and
      // render it again with that plan (new arrays, so a request before this shares none of them).
      built = build(wireSeeds(tools, messages));
      messages.forEach((each, index) => {
        if (!feed(built, each, index)) throw new Error("wire renderer: a plan made over the whole history still changed");
      });
    },
    request() {
      const { history, stage, items, notes } = built;
      const pairingTail: WireNote[] = [];
      const pending = history.pending(pairingTail);
      const tail: Item[] = [];
      const tailNotes: WireNote[] = [];
      stage.finish(pending ? [pending] : [], tail, tailNotes);
      return {
        provider: shape.provider,
        endpoint: shape.endpoint,
        body: (list) => shape.body(head, history.names, list),
        history: { settled: items, settledLength: items.length, tail },
        // The whole render's order: pairing, tool names, ids, repeated ids, then the renderer's own.
        notes: [
          { settled: history.notes, settledLength: history.notes.length, tail: pairingTail },
          settledOnly(history.names.rewrites),
          settledOnly(history.ids.rewrites),
          settledOnly(history.ids.renames),
          { settled: notes, settledLength: notes.length, tail: tailNotes },
        ],
      };
    },
  };
}

function settledOnly<T>(list: readonly T[]): GrowingList<T> {
  return { settled: list, settledLength: list.length, tail: [] };
}
