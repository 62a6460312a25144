// replay-stream's sentences, one language at a time (see src/narration/catalog-loader.ts).
import { lazyCatalog } from "../../narration/catalog-loader.ts";
import type { ReplayStreamMessages } from "./replay-stream-messages.ts";

export const loadReplayStreamMessages = lazyCatalog<ReplayStreamMessages>({
  zh: () => import("./replay-stream-messages-zh.ts"),
  en: () => import("./replay-stream-messages-en.ts"),
});
