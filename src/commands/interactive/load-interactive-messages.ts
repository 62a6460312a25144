// The interactive session's prompts, one language at a time (see src/narration/catalog-loader.ts);
// the session itself loads both up front (session-catalogs.ts), since the person may switch.
import { lazyCatalog } from "../../narration/catalog-loader.ts";
import type { InteractiveMessages } from "./interactive-messages.ts";

export const loadInteractiveMessages = lazyCatalog<InteractiveMessages>({
  zh: () => import("./interactive-messages-zh.ts"),
  en: () => import("./interactive-messages-en.ts"),
});
