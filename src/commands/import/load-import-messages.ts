// import's sentences, one language at a time (see src/narration/catalog-loader.ts).
import { lazyCatalog } from "../../narration/catalog-loader.ts";
import type { ImportMessages } from "./import-messages.ts";

export const loadImportMessages = lazyCatalog<ImportMessages>({
  zh: () => import("./import-messages-zh.ts"),
  en: () => import("./import-messages-en.ts"),
});
