// The --wire view inside the transcript: the exact request body one provider would receive, laid
// out as indented JSON, and a line for each thing the view had to add or change on the way. The
// renderers — and this file — are loaded only when --wire is given, so a plain run does not pay
// for them.

import type { AssistantMessage, Context } from "../protocol/types.ts";
import type { ProviderId, WireRequest } from "../providers/registry.ts";
import type { Catalog } from "./catalog.ts";
import { DISPLAY_DEPTH_LIMIT, depthCut, prettyJson } from "./display-text.ts";

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

/** What the narrator asks of the view: the block for a context, in the run's language. */
export type WireBlocks = (context: Context, say: Catalog, next: boolean) => WireBlock;

export interface WireBlock {
  heading: string;
  body: string[];
  notes: string[];
}

export async function loadWireBlocks(provider: ProviderId): Promise<WireBlocks> {
  const view = await loadWireView(provider);
  return (context, say, next) => wireBlock(view, context, say, next);
}

/** `next`: the request the run would send if it went on (shown when the run stops with calls answered). */
function wireBlock(view: WireView, context: Context, say: Catalog, next: boolean): WireBlock {
  const request = view(context);
  return {
    heading: say.wireHeading(request.provider, request.endpoint, next),
    body: prettyJson(request.body).split("\n"),
    notes: request.notes.map((note) => say.wireNote(note)),
  };
}
