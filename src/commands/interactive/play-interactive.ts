// `--interactive`: pick a fixture (unless one was named), play it with a person in the loop, and
// offer to save the result as a new fixture. Returns the exit code; the CLI only routes here.
import { basename, isAbsolute, join, relative, resolve } from "node:path";
import { stopSignalOf } from "../../agent/call-policy.ts";
import type { ToolErrorDetail } from "../../agent/execute-tool-call.ts";
import { inBothLanguages } from "../../fixture/both-languages.ts";
import { defaultFixtureName, fixturesDir, resolveFixture } from "../../fixture/fixture-files.ts";
import type { Fixture, Language } from "../../fixture/fixture-format.ts";
import { loadFixture } from "../../fixture/load-fixture.ts";
import { destinationKind, fixtureText, SaveError, writeFixtureFile } from "../../fixture/write-fixture.ts";
import { errorLine } from "../../narration/error-line.ts";
import { fixtureTitles } from "../../narration/fixture-titles.ts";
import type { StreamSettings } from "../../narration/stream-view.ts";
import type { Style } from "../../narration/style.ts";
import type { EpisodeSettings } from "../../replay/run-fixture.ts";
import { exitCodes } from "../shared/exit-codes.ts";
import { runInteractiveSession, type SessionOutcome } from "./session.ts";
import { loadSessionCatalogs } from "./session-catalogs.ts";
import { type InteractiveUI, PromptCancelled } from "./ui.ts";

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
  toolErrors?: ToolErrorDetail;
}

/** Saved experiments go beside fixtures/, not into it: fixtures/ holds the scenarios with goldens. */
export const experimentsDir = "experiments";
const projectRoot = resolve(fixturesDir, "..");
const schemaFile = resolve(projectRoot, "fixture.schema.json");

/** A command that replays `file` from the project folder (where npm start runs): a bare word
 *  would be taken for a fixture name, so it gets a ./ and anything a shell would split is quoted. */
export function replayCommand(file: string): string {
  const inside = relative(projectRoot, file);
  let argument = inside.startsWith("..") || isAbsolute(inside) ? file : inside;
  if (!argument.includes("/") && !argument.endsWith(".json")) argument = `./${argument}`;
  if (!/^[\w./@%+=:,-]+$/.test(argument)) argument = `'${argument.replace(/'/g, "'\\''")}'`;
  return `npm start -- ${argument}`;
}

export async function playInteractive(play: InteractivePlay): Promise<number> {
  const { ui, lang } = play;
  // Both languages, through the loaders the UI used too (each module is imported once).
  const { narration, prompts } = await loadSessionCatalogs();
  try {
    const argument = play.fixtureArgument ?? (await ui.pickFixture(await fixtureTitles(lang), defaultFixtureName));
    const reference = resolveFixture(argument);
    if (reference.kind === "unknownName") {
      play.err(narration[lang].unknownFixture(reference.name, reference.known));
      return exitCodes.badInput;
    }
    let fixture: Fixture;
    try {
      // The data is read in the language the session starts in; a switch later changes the narration.
      fixture = await loadFixture(reference.file, undefined, lang);
    } catch (error) {
      const line = errorLine(error, reference.file, narration[lang]);
      if (line === undefined) throw error;
      play.err(line);
      return exitCodes.badInput;
    }
    let outcome: SessionOutcome;
    try {
      outcome = await runInteractiveSession({
        fixture,
        ui,
        lang,
        catalogs: { narration, prompts },
        style: play.style,
        write: play.write,
        overrides: play.overrides,
        signal: play.signal,
        stream: play.stream,
        toolErrors: play.toolErrors,
      });
    } catch (error) {
      // A script that runs out (or a history the FakeModel refuses) is the fixture's fault, worded
      // as the plain run words it, with the same exit code.
      const line = errorLine(error, reference.file, narration[lang]);
      if (line === undefined) throw error;
      play.err(line);
      return exitCodes.badInput;
    }
    if (play.signal?.aborted) {
      play.err(narration[outcome.lang].interrupted(stopSignalOf(play.signal.reason)));
      return 130;
    }
    if (outcome.kind === "quit") {
      ui.say(prompts[outcome.lang].quit);
      return exitCodes.ok;
    }
    const say = prompts[outcome.lang];
    const edited = outcome.edits.length > 0;
    // The session read the file in one language; the save keeps both, as the file had them: the
    // other language is read once the person names a file, not when they save nothing.
    let saved: ReturnType<typeof inBothLanguages> | undefined;
    const suggested = join(experimentsDir, `${basename(reference.file, ".json")}-edited.json`);
    for (let answer = await ui.saveAs(suggested, edited); answer !== undefined; answer = await ui.saveAs(suggested, edited)) {
      // "newdir/" names a folder; resolve() would drop the slash and save a file called newdir.
      if (/[\\/]$/.test(answer)) {
        ui.say(say.saveFailed(answer, { kind: "directory" }));
        continue;
      }
      const destination = resolve(projectRoot, answer);
      const inside = relative(projectRoot, destination);
      if ((inside.startsWith("..") || isAbsolute(inside)) && !(await ui.confirmOutside?.(destination, projectRoot))) continue;
      const kind = await destinationKind(destination);
      if (kind === "file" && !(await ui.confirmOverwrite(answer))) continue;
      try {
        saved ??= inBothLanguages(outcome.fixture, fixture, await loadFixture(reference.file, undefined, lang === "zh" ? "en" : "zh"), lang);
        await writeFixtureFile(destination, fixtureText(saved, destination, schemaFile));
      } catch (error) {
        if (!(error instanceof SaveError)) throw error;
        ui.say(say.saveFailed(answer, error.problem));
        continue;
      }
      ui.say(say.saved(answer, replayCommand(destination)));
      break;
    }
    return exitCodes.ok;
  } catch (error) {
    if (error instanceof PromptCancelled) {
      play.err(prompts[lang].cancelled);
      return 130;
    }
    throw error;
  }
}
