// The words for unusable input, one language at a time (see src/narration/catalog-loader.ts).
import { lazyCatalog } from "../../narration/catalog-loader.ts";
import type { InputMessages } from "./input-messages.ts";

export const loadInputMessages = lazyCatalog<InputMessages>({
  zh: () => import("./input-messages-zh.ts"),
  en: () => import("./input-messages-en.ts"),
});
