// The fixtures in fixtures/ with their titles in one language, for --list and the interactive
// picker. A fixture that does not load is still listed, with its one-line error as the title.

import { fixtureFileFor, fixtureNames } from "../fixture/fixture-files.ts";
import type { Language } from "../fixture/fixture-format.ts";
import { localize } from "../fixture/fixture-format.ts";
import { loadFixture } from "../fixture/load-fixture.ts";
import { visible } from "../io/sanitize.ts";
import { errorLine } from "./error-line.ts";
import { loadCatalog } from "./load-catalog.ts";

export async function fixtureTitles(lang: Language): Promise<{ name: string; title: string }[]> {
  return Promise.all(
    fixtureNames().map(async (name) => {
      const file = fixtureFileFor(name);
      try {
        // A title is fixture data: shown, never obeyed, in --list and in the interactive picker.
        return { name, title: visible(localize((await loadFixture(file)).title, lang)) };
      } catch (error) {
        return { name, title: `(${errorLine(error, file, await loadCatalog(lang)) ?? "unreadable"})` };
      }
    }),
  );
}
