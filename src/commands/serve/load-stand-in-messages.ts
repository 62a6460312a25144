// serve --interactive's prompts, one language at a time (see src/narration/catalog-loader.ts).
import { lazyCatalog } from "../../narration/catalog-loader.ts";
import type { StandInMessages } from "./stand-in-messages.ts";

export const loadStandInMessages = lazyCatalog<StandInMessages>({
  zh: () => import("./stand-in-messages-zh.ts"),
  en: () => import("./stand-in-messages-en.ts"),
});
