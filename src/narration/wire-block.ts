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

/** What the narrator asks of the view: the block for a context, in the run's language. Each
 *  request after an episode's first is shown as what it adds to the previous one, unless `whole`. */
export interface WireBlocks {
  (context: Context, say: Catalog, next: boolean): WireBlock;
  /** A new episode: its history starts again, so its first request is shown whole. */
  startEpisode(): void;
}

export interface WireBlock {
  heading: string;
  body: string[];
  notes: string[];
}

export async function loadWireBlocks(provider: ProviderId, { whole = false } = {}): Promise<WireBlocks> {
  const view = await loadWireView(provider);
  let previous: { snapshot: WireSnapshot; notes: Set<string> } | undefined;
  const blocks = (context: Context, say: Catalog, next: boolean): WireBlock => {
    const request = view(context);
    const noteTexts = request.notes.map((note) => JSON.stringify(note));
    const shown = previous;
    if (whole || !shown) {
      previous = { snapshot: wireSnapshot(request.body), notes: new Set(noteTexts) };
      const heading = say.wireHeading(request.provider, request.endpoint, next);
      return { heading, body: prettyJson(request.body).split("\n"), notes: request.notes.map((note) => say.wireNote(note)) };
    }
    const { delta, next: snapshot } = wireDelta(shown.snapshot, request.body);
    previous = { snapshot, notes: new Set(noteTexts) };
    // A note the previous request had already said is not said again.
    const fresh = request.notes.filter((_, index) => !shown.notes.has(noteTexts[index] ?? ""));
    const heading = say.wireDeltaHeading(request.provider, request.endpoint, next);
    return { heading, body: deltaLines(delta), notes: [...restLines(delta, say), ...fresh.map((note) => say.wireNote(note))] };
  };
  return Object.assign(blocks, {
    startEpisode() {
      previous = undefined;
    },
  });
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
