// The --wire view inside the transcript: the exact request body one provider would receive, laid
// out as indented JSON, and a line for each thing the view had to add or change on the way. The
// renderers — and this file — are loaded only when --wire is given, so a plain run does not pay
// for them.

import type { AssistantMessage, Context } from "../protocol/types.ts";
import type { ProviderId, WireRequest } from "../providers/registry.ts";
import type { Catalog } from "./catalog.ts";
import { DISPLAY_DEPTH_LIMIT, depthCut, prettyJson } from "./display-text.ts";
import { type WireDelta, type WireSnapshot, wireDelta, wireSnapshot } from "./wire-delta.ts";

/** One provider's renderer, bound: context in, request body out. */
export type WireView = (context: Context) => WireRequest;

export async function loadWireView(provider: ProviderId): Promise<WireView> {
  const { providers } = await import("../providers/registry.ts");
  const { render } = providers[provider].request;
  return (context) => render(shallowEnough(context));
}

/** The context with any call's arguments cut at the display depth (the cut marked as such): a
 *  view of the request need not copy, nor recurse through, a value no one can read. Messages
 *  that are shallow enough are passed as they are. */
function shallowEnough(context: Context): Context {
  let messages: Context["messages"] | undefined;
  context.messages.forEach((message, index) => {
    if (message.role !== "assistant") return;
    let content: AssistantMessage["content"] | undefined;
    message.content.forEach((block, blockIndex) => {
      if (block.type !== "toolCall") return;
      const cut = depthCut(block.arguments, DISPLAY_DEPTH_LIMIT);
      if (cut === block.arguments) return;
      content ??= [...message.content];
      content[blockIndex] = { ...block, arguments: cut };
    });
    if (!content) return;
    messages ??= [...context.messages];
    messages[index] = { ...message, content };
  });
  return messages ? { ...context, messages } : context;
}

/** One request of an episode: the first whole (`delta` undefined), each later one as what it
 *  changes in the one before, with the notes the one before did not have. */
export type WireStep = { request: WireRequest; delta: undefined } | { request: WireRequest; delta: WireDelta; addedNotes: WireRequest["notes"] };

/** An episode's requests in order, for both views (narrated and --json). `whole` (--wire-full):
 *  every request whole. Memory: the previous request's item texts, nothing older. */
export interface WireSequence {
  next(context: Context): WireStep;
  /** A new episode: its history starts again, so its first request is whole. */
  startEpisode(): void;
}

export async function loadWireSequence(provider: ProviderId, { whole = false } = {}): Promise<WireSequence> {
  const view = await loadWireView(provider);
  let previous: { snapshot: WireSnapshot; notes: Set<string> } | undefined;
  return {
    next(context) {
      const request = view(context);
      const noteTexts = request.notes.map((note) => JSON.stringify(note));
      const before = previous;
      if (whole || !before) {
        previous = { snapshot: wireSnapshot(request.body), notes: new Set(noteTexts) };
        return { request, delta: undefined };
      }
      const { delta, next } = wireDelta(before.snapshot, request.body);
      previous = { snapshot: next, notes: new Set(noteTexts) };
      return { request, delta, addedNotes: request.notes.filter((_, index) => !before.notes.has(noteTexts[index] ?? "")) };
    },
    startEpisode() {
      previous = undefined;
    },
  };
}

/** What the narrator asks of the view: the block for a context, in the run's language. */
export interface WireBlocks {
  (context: Context, say: Catalog, next: boolean): WireBlock;
  /** A new episode: its first request is shown whole. */
  startEpisode(): void;
}

export interface WireBlock {
  heading: string;
  body: string[];
  notes: string[];
}

export async function loadWireBlocks(provider: ProviderId, options: { whole?: boolean } = {}): Promise<WireBlocks> {
  const sequence = await loadWireSequence(provider, options);
  const blocks = (context: Context, say: Catalog, next: boolean): WireBlock => {
    const step = sequence.next(context);
    const { request } = step;
    if (step.delta === undefined) {
      const heading = say.wireHeading(request.provider, request.endpoint, next);
      return { heading, body: prettyJson(request.body).split("\n"), notes: request.notes.map((note) => say.wireNote(note)) };
    }
    const heading = say.wireDeltaHeading(request.provider, request.endpoint, next);
    return { heading, body: deltaLines(step.delta), notes: [...restLines(step.delta, say), ...step.addedNotes.map((note) => say.wireNote(note))] };
  };
  return Object.assign(blocks, { startEpisode: () => sequence.startEpisode() });
}

/** The changed parts as JSON, each introduced by where it goes: `"messages"[3]: {…}`. */
function deltaLines(delta: WireDelta): string[] {
  const lines: string[] = [];
  const add = (place: string, value: unknown) => {
    const [first = "", ...rest] = prettyJson(value).split("\n");
    lines.push(`${place}: ${first}`, ...rest);
  };
  for (const part of delta.parts) {
    const key = JSON.stringify(part.key);
    if (part.kind === "set") add(key, part.value);
    else if (part.kind === "splice") {
      if (part.items.length === 0) lines.push(`${key}.length: ${part.kept}`);
      part.items.forEach((item, index) => add(`${key}[${part.kept + index}]`, item));
    }
  }
  return lines;
}

/** The line saying what is as before (`"model"`, `"messages"[0..2]`), and what is gone. */
function restLines(delta: WireDelta, say: Catalog): string[] {
  const same: string[] = [];
  for (const part of delta.parts) {
    const key = JSON.stringify(part.key);
    if (part.kind === "same") same.push(key);
    else if (part.kind === "splice") same.push(part.kept === 1 ? `${key}[0]` : `${key}[0..${part.kept - 1}]`);
  }
  return [
    ...(same.length > 0 ? [say.wireAsBefore(same)] : []),
    ...(delta.removed.length > 0 ? [say.wireRemoved(delta.removed.map((key) => JSON.stringify(key)))] : []),
  ];
}
