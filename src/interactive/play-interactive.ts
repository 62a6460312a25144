// `--interactive`: pick a fixture (unless one was named), play it with a person in the loop, and
// offer to save the result as a new fixture. Returns the exit code; the CLI only routes here.
import { basename, join, resolve } from "node:path";
import type { Language } from "../fixture/fixture-format.ts";
import { defaultFixtureName, fixturesDir, resolveFixture } from "../fixture/fixture-files.ts";
import { loadFixture } from "../fixture/load-fixture.ts";
import { catalogs } from "../i18n/index.ts";
import { interactiveCatalogs } from "../i18n/interactive-index.ts";
import { errorLine } from "../render/error-line.ts";
import { fixtureTitles } from "../render/fixture-titles.ts";
import type { Style } from "../render/style.ts";
import type { EpisodeSettings } from "../run-fixture.ts";
import type { StreamSettings } from "../render/stream-view.ts";
import { fileExists, fixtureText, writeFixtureFile } from "./edited-fixture.ts";
import { runInteractiveSession } from "./session.ts";
import { PromptCancelled, type InteractiveUI } from "./ui.ts";

export interface InteractivePlay {
  fixtureArgument: string | undefined;
  lang: Language;
  style: Style;
  ui: InteractiveUI;
  write: (line: string) => void;
  err: (line: string) => void;
  overrides?: Partial<EpisodeSettings>;
  signal?: AbortSignal;
  /** --stream: step through each reply fragment by fragment. */
  stream?: StreamSettings;
}

/** Saved experiments go beside fixtures/, not into it: fixtures/ holds the scenarios with goldens. */
export const experimentsDir = "experiments";
const schemaFile = resolve(fixturesDir, "..", "fixture.schema.json");

export async function playInteractive(play: InteractivePlay): Promise<number> {
  const { ui, lang } = play;
  try {
    const argument = play.fixtureArgument ?? (await ui.pickFixture(await fixtureTitles(lang), defaultFixtureName));
    const reference = resolveFixture(argument);
    if (reference.kind === "unknownName") {
      play.err(catalogs[lang].unknownFixture(reference.name, reference.known));
      return 1;
    }
    let fixture;
    try {
      fixture = await loadFixture(reference.file);
    } catch (error) {
      const line = errorLine(error, reference.file, catalogs[lang]);
      if (line === undefined) throw error;
      play.err(line);
      return 1;
    }
    const outcome = await runInteractiveSession({ fixture, ui, lang, style: play.style, write: play.write, overrides: play.overrides, signal: play.signal, stream: play.stream });
    if (play.signal?.aborted) {
      play.err(catalogs[outcome.lang].interrupted);
      return 130;
    }
    if (outcome.kind === "quit") {
      ui.say(interactiveCatalogs[outcome.lang].quit);
      return 0;
    }
    const suggested = join(experimentsDir, `${basename(reference.file, ".json")}-edited.json`);
    for (let path = await ui.saveAs(suggested, outcome.edits.length > 0); path !== undefined; path = await ui.saveAs(suggested, true)) {
      if ((await fileExists(path)) && !(await ui.confirmOverwrite(path))) continue;
      await writeFixtureFile(path, fixtureText(outcome.fixture, path, schemaFile));
      ui.say(interactiveCatalogs[outcome.lang].saved(path));
      break;
    }
    return 0;
  } catch (error) {
    if (error instanceof PromptCancelled) {
      play.err(interactiveCatalogs[lang].cancelled);
      return 130;
    }
    throw error;
  }
}
