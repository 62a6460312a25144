// The --stream narration's sentences, one language at a time (see catalog-loader.ts): loaded only
// by a run that streams, beside the narration's own catalog rather than inside it.
import { lazyCatalog } from "./catalog-loader.ts";
import type { StreamCatalog } from "./stream-catalog.ts";

export const loadStreamCatalog = lazyCatalog<StreamCatalog>({
  zh: () => import("./stream-catalog-zh.ts"),
  en: () => import("./stream-catalog-en.ts"),
});
