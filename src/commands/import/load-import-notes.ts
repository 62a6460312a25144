// The words for what the importers found, one language at a time (see src/narration/catalog-loader.ts).
import { lazyCatalog } from "../../narration/catalog-loader.ts";
import type { ImportNotes } from "./import-notes.ts";

export const loadImportNotes = lazyCatalog<ImportNotes>({
  zh: () => import("./import-notes-zh.ts"),
  en: () => import("./import-notes-en.ts"),
});
