// The diagram's words, one language at a time (see narration/catalog-loader.ts).
import { lazyCatalog } from "../narration/catalog-loader.ts";
import type { DiagramMessages } from "./diagram-messages.ts";

export const loadDiagramMessages = lazyCatalog<DiagramMessages>({
  zh: () => import("./diagram-messages-zh.ts"),
  en: () => import("./diagram-messages-en.ts"),
});
