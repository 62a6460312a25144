// serve's own sentences, one language at a time (see src/narration/catalog-loader.ts).
import { lazyCatalog } from "../../narration/catalog-loader.ts";
import type { ServeMessages } from "./serve-messages.ts";

export const loadServeMessages = lazyCatalog<ServeMessages>({
  zh: () => import("./serve-messages-zh.ts"),
  en: () => import("./serve-messages-en.ts"),
});
