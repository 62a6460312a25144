// lint's sentences, one language at a time (see src/narration/catalog-loader.ts).
import { lazyCatalog } from "../../narration/catalog-loader.ts";
import type { LintMessages } from "./lint-messages.ts";

export const loadLintMessages = lazyCatalog<LintMessages>({
  zh: () => import("./lint-messages-zh.ts"),
  en: () => import("./lint-messages-en.ts"),
});
