// One language's narration catalog, loaded when a run needs it. A run narrates in one language,
// and each catalog is one of the largest modules on the start-up path, so the plain run (and the
// --json run, which narrates nothing) should not load the other. Code that switches language
// mid-session (interactive mode, serve) takes both from `catalogs` in index.ts.
import type { Language } from "../fixture/fixture-format.ts";
import type { Catalog } from "./catalog.ts";

const loaders: Record<Language, () => Promise<Catalog>> = {
  zh: async () => (await import("./catalog-zh.ts")).zh,
  en: async () => (await import("./catalog-en.ts")).en,
};

export function loadCatalog(lang: Language): Promise<Catalog> {
  return loaders[lang]();
}
