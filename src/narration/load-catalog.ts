// The narration's catalog, one language at a time (see catalog-loader.ts). Each language is one of
// the largest modules on the start-up path, so the plain run (and --json, which narrates nothing)
// loads only the one it speaks.

import type { Catalog } from "./catalog.ts";
import { lazyCatalog } from "./catalog-loader.ts";

export const loadCatalog = lazyCatalog<Catalog>({
  zh: () => import("./catalog-zh.ts"),
  en: () => import("./catalog-en.ts"),
});
