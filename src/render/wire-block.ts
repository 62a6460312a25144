// The --wire view inside the transcript: the exact request body one provider would receive, laid
// out as indented JSON, and a line for each thing the view had to add or change on the way. The
// renderers are loaded only when --wire is given, so a plain run does not pay for them.
import type { Catalog } from "../i18n/catalog.ts";
import type { Context } from "../types.ts";
import type { WireProvider, WireRequest } from "../wire/wire-request.ts";
import { prettyJson } from "./format.ts";

/** One provider's renderer, bound: context in, request body out. */
export type WireView = (context: Context) => WireRequest;

export async function loadWireView(provider: WireProvider): Promise<WireView> {
  const { renderWireRequest } = await import("../wire/index.ts");
  return (context) => renderWireRequest(provider, context);
}

/** `next`: the request the run would send if it went on (shown when the run stops with calls answered). */
export function wireBlock(view: WireView, context: Context, say: Catalog, next: boolean): { heading: string; body: string[]; notes: string[] } {
  const request = view(context);
  return {
    heading: say.wireHeading(request.provider, request.endpoint, next),
    body: prettyJson(request.body).split("\n"),
    notes: request.notes.map((note) => say.wireNote(note)),
  };
}
