// The --wire view inside the transcript: the exact request body one provider would receive, laid
// out as indented JSON, and a line for each thing the view had to add or change on the way.
import type { Catalog } from "../i18n/catalog.ts";
import type { Context } from "../types.ts";
import { renderWireRequest, type WireProvider } from "../wire/index.ts";
import { prettyJson } from "./format.ts";

/** `next`: the request the run would send if it went on (shown when the run stops with calls answered). */
export function wireBlock(provider: WireProvider, context: Context, say: Catalog, next: boolean): { heading: string; body: string[]; notes: string[] } {
  const request = renderWireRequest(provider, context);
  return {
    heading: say.wireHeading(provider, request.endpoint, next),
    body: prettyJson(request.body).split("\n"),
    notes: request.notes.map((note) => say.wireNote(note)),
  };
}
