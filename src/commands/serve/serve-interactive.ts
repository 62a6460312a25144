// `serve --interactive`: serve with a person answering each request in the model's place
// (stand-in-session.ts), on a terminal. Without one on stdin it says so and exits 2. The session
// ends by the menu, Ctrl-C at a prompt, or a signal; serve then closes as it always does, and
// offers to save the session as a fixture: the working script, its texts in both languages again,
// which plain serve replays to the same harness the same way.
import { basename, join, resolve } from "node:path";
import { inBothLanguages } from "../../fixture/both-languages.ts";
import { fixturesDir } from "../../fixture/fixture-files.ts";
import type { Fixture, Language } from "../../fixture/fixture-format.ts";
import { loadFixture } from "../../fixture/load-fixture.ts";
import { destinationKind, fixtureText, SaveError, writeFixtureFile } from "../../fixture/write-fixture.ts";
import { type Clock, systemClock } from "../../io/clock.ts";
import type { Style } from "../../narration/style.ts";
import { exitCodes } from "../shared/exit-codes.ts";
import { loadStandInMessages } from "./load-stand-in-messages.ts";
import type { ServeIO } from "./serve-command.ts";
import type { ServeWords } from "./serve-narration.ts";
import type { StandInMessages } from "./stand-in-messages.ts";
import { StandInSession } from "./stand-in-session.ts";
import { SessionCancelled, type StandInUI } from "./stand-in-ui.ts";
import { type Stop, stopExitCodes } from "./stop.ts";
import { WorkingScript } from "./working-script.ts";

const schemaFile = resolve(fixturesDir, "..", "fixture.schema.json");

/** The person's seat in one serve run: the session the server asks, the stops it adds, and what
 *  happens once the server has closed. */
export interface Seat {
  session: StandInSession;
  /** serve's stop signals, with the session's end among them. */
  stops(io: ServeIO): ServeIO;
  /** Offers the save; the exit code. */
  afterClose(stop: Stop): Promise<number>;
}

export interface SeatOptions {
  fixture: Fixture;
  /** Where the fixture was read from, and in which language. */
  file: string;
  lang: Language;
  words: ServeWords;
  style: Style;
  io: ServeIO;
  clock?: Clock;
}

/** The line to print when stdin is no terminal, or undefined when it is one. */
export async function needsTerminal(io: ServeIO, lang: Language): Promise<string | undefined> {
  if (io.stdinIsTTY || io.standInUI) return undefined;
  return (await loadStandInMessages(lang)).needsTerminal;
}

export async function takeSeat(options: SeatOptions): Promise<Seat> {
  const say = await loadStandInMessages(options.lang);
  const ui = options.io.standInUI ?? (await terminalUI(say, options.words));
  const session = new StandInSession({
    script: new WorkingScript(options.fixture),
    ui,
    say,
    words: options.words,
    style: options.style,
    clock: options.clock ?? systemClock,
  });
  return {
    session,
    stops: (io) => ({ ...io, interrupt: io.interrupt ? AbortSignal.any([io.interrupt, session.ended]) : session.ended }),
    async afterClose(stop) {
      const code = session.end === "ended" ? exitCodes.ok : session.end === "cancelled" ? exitCodes.interrupted : stopExitCodes[stop];
      try {
        await offerSave(session.script, options, say, ui);
      } catch (error) {
        if (!(error instanceof SessionCancelled)) throw error;
        ui.say(say.cancelled);
        return exitCodes.interrupted;
      }
      return code;
    },
  };
}

async function terminalUI(say: StandInMessages, words: ServeWords): Promise<StandInUI> {
  const { createStandInPrompts } = await import("./stand-in-prompts.ts");
  return createStandInPrompts(say, words.narration);
}

/** Asks for a file until one is written or the person declines. */
async function offerSave(script: WorkingScript, options: SeatOptions, say: StandInMessages, ui: StandInUI): Promise<void> {
  const suggested = join("experiments", `${basename(options.file, ".json")}-served.json`);
  let both: Record<string, unknown> | undefined;
  for (let answer = await ui.saveAs(suggested, script.answered); answer !== undefined; answer = await ui.saveAs(suggested, script.answered)) {
    const destination = resolve(answer);
    // "newdir/" names a folder; resolve() would drop the slash and save a file called newdir.
    if (/[\\/]$/.test(answer)) {
      ui.say(say.saveFailed(answer, { kind: "directory" }));
      continue;
    }
    if ((await destinationKind(destination)) === "file" && !(await ui.confirmOverwrite(answer))) continue;
    try {
      both ??= await inBothLanguagesAgain(script.fixture, options);
      await writeFixtureFile(destination, fixtureText(both, destination, schemaFile));
    } catch (error) {
      if (!(error instanceof SaveError)) throw error;
      ui.say(say.saveFailed(answer, error.problem));
      continue;
    }
    ui.say(say.saved(answer, `npm start -- serve ${destination}`));
    return;
  }
}

/** The working script as a file: the texts the session kept as read, in both languages again. */
async function inBothLanguagesAgain(working: Fixture, { fixture, file, lang }: SeatOptions): Promise<Record<string, unknown>> {
  const other = await loadFixture(file, undefined, lang === "zh" ? "en" : "zh");
  const saved = {
    ...working,
    description: "Saved from tool-call-playground serve --interactive: a reply with `edits` or a `fail` holds what a person answered in the model's place.",
  };
  return inBothLanguages(saved, fixture, other, lang);
}
