// Plays a fixture and narrates it: the one function behind `npm start`, `npm run check` and the
// CLI test, so the golden file is compared against exactly what a learner sees.
import type { Fixture, Language, LocalizedText } from "../fixture/fixture-format.ts";
import { catalogs } from "../i18n/index.ts";
import { runFixture } from "../run-fixture.ts";
import { Narrator } from "./narrator.ts";
import { plainStyle, type Style } from "./style.ts";

export interface TranscriptOptions {
  lang: Language;
  style?: Style;
  write: (line: string) => void;
}

export function localize(text: LocalizedText, lang: Language): string {
  return typeof text === "string" ? text : text[lang];
}

/** Timestamps never reach the text transcript, but a replay should not depend on the wall clock. */
export function replayClock(start = Date.UTC(2025, 0, 1)): () => number {
  let tick = 0;
  return () => start + tick++ * 1000;
}

export async function narrateFixture(fixture: Fixture, { lang, style = plainStyle, write }: TranscriptOptions): Promise<void> {
  const narrator = new Narrator(catalogs[lang], style, write);
  narrator.title(localize(fixture.title, lang));
  await runFixture(
    fixture,
    {
      onEpisodeStart: (episode, index) =>
        narrator.startEpisode(index === 0 ? "steps" : "summary", episode.title && localize(episode.title, lang)),
      onEvent: (event) => narrator.onEvent(event),
      onEpisodeEnd: (_episode, _index, { unusedReplies }) => narrator.unusedReplies(unusedReplies),
    },
    { now: replayClock() },
  );
}

/** The whole transcript as one string, as `npm start --silent` prints it without colour. */
export async function transcriptText(fixture: Fixture, lang: Language): Promise<string> {
  const lines: string[] = [];
  await narrateFixture(fixture, { lang, write: (line) => lines.push(line) });
  return `${lines.join("\n")}\n`;
}
