// Narration catalogs by language.
import type { Language } from "../fixture/fixture-format.ts";
import type { Catalog } from "./catalog.ts";
import { en } from "./catalog-en.ts";
import { zh } from "./catalog-zh.ts";

export const catalogs: Record<Language, Catalog> = { zh, en };
