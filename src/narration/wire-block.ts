// The --wire view inside the transcript: the exact request body one provider would receive, laid
// out as indented JSON, and a line for each thing the view had to add or change on the way. The
// renderers — and this file — are loaded only when --wire is given, so a plain run does not pay
// for them.

import type { AssistantMessage, Context, Message } from "../protocol/types.ts";
import type { ProviderId } from "../providers/registry.ts";
import type { RenderedRequest } from "../providers/shared/provider.ts";
import type { WireNote } from "../providers/shared/wire-note.ts";
import { type WireRenderer, wholeRequest } from "../providers/shared/wire-renderer.ts";
import type { Catalog } from "./catalog.ts";
import { DISPLAY_DEPTH_LIMIT, depthCut, prettyJson } from "./display-text.ts";
import { addedNotes, jsonText, type NotesSeen, type WireDelta, type WireSnapshot, wireDelta, wireSnapshot } from "./wire-delta.ts";

/** The message with any call's arguments cut at the display depth (the cut marked as such): a
 *  view of the request need not copy, nor recurse through, a value no one can read. A message
 *  that is shallow enough is passed as it is. */
function shallowEnough(message: Message): Message {
  if (message.role !== "assistant") return message;
  let content: AssistantMessage["content"] | undefined;
  message.content.forEach((block, blockIndex) => {
    if (block.type !== "toolCall") return;
    const cut = depthCut(block.arguments, DISPLAY_DEPTH_LIMIT);
    if (cut === block.arguments) return;
    content ??= [...message.content];
    content[blockIndex] = { ...block, arguments: cut };
  });
  return content ? { ...message, content } : message;
}

/** One request of an episode: the first whole (`delta` undefined), each later one as what it
 *  changes in the one before, with the notes the one before did not have. */
export type WireStep =
  | { request: RenderedRequest<ProviderId, object>; delta: undefined }
  | { request: Pick<RenderedRequest<ProviderId>, "provider" | "endpoint">; delta: WireDelta; addedNotes: WireNote[] };

/** An episode's requests in order, for both views (narrated and --json). `whole` (--wire-full):
 *  every request whole. */
export interface WireSequence {
  next(context: Context): WireStep;
  /** A new episode: its history starts again, so its first request is whole. */
  startEpisode(): void;
}

/** The renderer of the history the sequence was last given, and how far it has read it. */
interface Reading {
  renderer: WireRenderer<ProviderId, object>;
  head: Omit<Context, "messages">;
  toolsText: string;
  messages: Message[];
  read: number;
  /** The last message read: a history changed before its end no longer has it there. */
  last: Message | undefined;
}

/**
 * Each request is rendered by one renderer that grows with the history (providers/shared/
 * wire-renderer.ts) and compared with the one before it by what it adds (wire-delta.ts), so a run
 * costs time in proportion to its length, not its square. The loop hands every request the same
 * history array, grown at its end (agent-loop.ts); any other context (a new array, a changed
 * system prompt or tool list, a history that lost messages) is read again from its start.
 * Memory: the rendered history and the texts of the few items each comparison reads.
 */
export async function loadWireSequence(provider: ProviderId, { whole = false } = {}): Promise<WireSequence> {
  const { providers } = await import("../providers/registry.ts");
  const { open, historyKey } = providers[provider].request;
  let reading: Reading | undefined;
  let previous: { snapshot: WireSnapshot; notes: NotesSeen } | undefined;
  const startReading = (context: Context): Reading => {
    const head = { systemPrompt: context.systemPrompt, tools: context.tools };
    return { renderer: open(head), head, toolsText: jsonText(context.tools), messages: context.messages, read: 0, last: undefined };
  };
  return {
    next(context) {
      if (reading === undefined || !extendsReading(reading, context)) reading = startReading(context);
      const { messages } = context;
      for (const message of messages.slice(reading.read)) reading.renderer.append(shallowEnough(message));
      reading.read = messages.length;
      reading.last = messages.at(-1);
      const request = reading.renderer.request();
      if (whole || !previous) {
        if (!whole) previous = { snapshot: wireSnapshot(request, historyKey), notes: addedNotes(undefined, request.notes).next };
        return { request: wholeRequest(request), delta: undefined };
      }
      const { delta, next } = wireDelta(previous.snapshot, request);
      const notes = addedNotes(previous.notes, request.notes);
      previous = { snapshot: next, notes: notes.next };
      return { request: { provider, endpoint: request.endpoint }, delta, addedNotes: notes.added };
    },
    startEpisode() {
      previous = undefined;
      reading = undefined;
    },
  };
}

/** Whether `context` is the history being read, grown at its end, with the same head. */
function extendsReading(reading: Reading, context: Context): boolean {
  const { messages } = context;
  if (messages !== reading.messages || messages.length < reading.read) return false;
  if (reading.read > 0 && messages[reading.read - 1] !== reading.last) return false;
  if (context.systemPrompt !== reading.head.systemPrompt) return false;
  return context.tools === reading.head.tools || jsonText(context.tools) === reading.toolsText;
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
    if (step.delta === undefined) {
      const { request } = step;
      const heading = say.wireHeading(request.provider, request.endpoint, next);
      return { heading, body: prettyJson(request.body).split("\n"), notes: request.notes.map((note) => say.wireNote(note)) };
    }
    const heading = say.wireDeltaHeading(step.request.provider, step.request.endpoint, next);
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
