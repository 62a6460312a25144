// The interactive prompts' catalogs by language.
import type { Language } from "../../fixture/fixture-format.ts";
import type { InteractiveCatalog } from "./interactive-catalog.ts";
import { interactiveEn } from "./interactive-en.ts";
import { interactiveZh } from "./interactive-zh.ts";

export const interactiveCatalogs: Record<Language, InteractiveCatalog> = { zh: interactiveZh, en: interactiveEn };
