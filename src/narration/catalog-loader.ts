// The one way every catalog is reached — the narration's, the stream narration's, and each
// command's messages. A catalog is an interface file (`<name>.ts`, types only), one module per
// language (`<name>-zh.ts`, `<name>-en.ts`, each default-exporting the whole interface, so the
// compiler catches a sentence translated into one language and forgotten in the other), and a
// loader file (`load-<name>.ts`) that hands both modules to `lazyCatalog`. Nothing imports a
// language module directly: a run speaks one language, and every catalog module sits on some
// command's start-up path, so the other language is loaded only when something asks for it.
import type { Language } from "../fixture/fixture-format.ts";
import { loadOnce } from "../io/load-once.ts";

/** Each language's module, imported on demand: `zh: () => import("./x-zh.ts")`. */
export type CatalogModules<T> = { readonly [L in Language]: () => Promise<{ readonly default: T }> };

/** A language's catalog; the module is imported on the first call for that language only. */
export type CatalogLoader<T> = (lang: Language) => Promise<T>;

export function lazyCatalog<T>(modules: CatalogModules<T>): CatalogLoader<T> {
  // One loader per language, made when that language is first asked for: two callers that ask at
  // once share one import, and each later caller gets the catalog in a promise of its own.
  const loaders = new Map<Language, () => Promise<T>>();
  return (lang) => {
    let load = loaders.get(lang);
    if (load === undefined) {
      load = loadOnce(async () => (await modules[lang]()).default);
      loaders.set(lang, load);
    }
    return load();
  };
}

/** Every language of one catalog, loaded up front through its loader: for code that switches
 *  language mid-session (interactive mode) and for tests that compare the languages. */
export async function allLanguages<T>(load: CatalogLoader<T>): Promise<Record<Language, T>> {
  const [zh, en] = await Promise.all([load("zh"), load("en")]);
  return { zh, en };
}
