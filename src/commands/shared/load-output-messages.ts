// The words for output that could not be written, one language at a time (see src/narration/catalog-loader.ts).
import { lazyCatalog } from "../../narration/catalog-loader.ts";
import type { OutputMessages } from "./output-messages.ts";

export const loadOutputMessages = lazyCatalog<OutputMessages>({
  zh: () => import("./output-messages-zh.ts"),
  en: () => import("./output-messages-en.ts"),
});
