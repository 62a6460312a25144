// Everything an interactive session says, in both languages at once: the person can switch
// language at any pause, and a prompt or a narrated line must then be there without waiting.
// Loaded up front through the same loaders a one-language run uses (so each module is imported
// once), never from the language modules directly.
import type { Language } from "../../fixture/fixture-format.ts";
import type { Catalog } from "../../narration/catalog.ts";
import { allLanguages } from "../../narration/catalog-loader.ts";
import { loadCatalog } from "../../narration/load-catalog.ts";
import type { InteractiveMessages } from "./interactive-messages.ts";
import { loadInteractiveMessages } from "./load-interactive-messages.ts";

export interface SessionCatalogs {
  /** The transcript's narration. */
  narration: Record<Language, Catalog>;
  /** The prompts and the session's own lines. */
  prompts: Record<Language, InteractiveMessages>;
}

export async function loadSessionCatalogs(): Promise<SessionCatalogs> {
  const [narration, prompts] = await Promise.all([allLanguages(loadCatalog), allLanguages(loadInteractiveMessages)]);
  return { narration, prompts };
}
