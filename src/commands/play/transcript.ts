// Plays a fixture and reports it, as the narrated transcript or as JSON Lines: the one function
// behind `npm start`, `npm run check` and the CLI tests, so a golden file is compared against
// exactly what a learner sees.
import type { ToolErrorDetail } from "../../agent/execute-tool-call.ts";
import type { DiagramHooks } from "../../diagram/fixture-hooks.ts";
import { type Fixture, type Language, localize } from "../../fixture/fixture-format.ts";
import type { Clock } from "../../io/clock.ts";
import { episodeOptions, shownMarks } from "../../narration/episode-options.ts";
import { loadCatalog } from "../../narration/load-catalog.ts";
import { Narrator } from "../../narration/narrator.ts";
import type { StreamSettings } from "../../narration/stream-view.ts";
import { plainStyle, type Style } from "../../narration/style.ts";
import type { Tool } from "../../protocol/types.ts";
import type { ProviderId } from "../../providers/registry.ts";
import { type EpisodeSettings, modelFacing, replayClock, runFixture } from "../../replay/run-fixture.ts";

export interface TranscriptOptions {
  lang: Language;
  style?: Style;
  write: (line: string) => void;
  /** Command-line settings that win over the fixture's. */
  overrides?: Partial<EpisodeSettings>;
  signal?: AbortSignal;
  /** Show each request as this provider's body too. */
  wire?: ProviderId;
  /** With wire: every body whole, where by default a request after an episode's first shows what it adds to the previous one. */
  wireFull?: boolean;
  /** What a failed validation tells the model (--tool-errors). */
  toolErrors?: ToolErrorDetail;
  /** --stream: replies arrive as events, narrated one by one (stream-view.ts). */
  stream?: StreamSettings;
  /** A promise while the output cannot take more: the run waits for it (backpressure). */
  drained?: () => Promise<void> | undefined;
  /** The built-in tools episodes name (in the run's language unless a caller brings its own). */
  builtins?: readonly Tool[];
  /** --diagram, --mermaid, --html: the run's events go to the picture too. */
  diagram?: DiagramHooks;
  /** The clock timeouts and the tools that wait run on (the system's unless a test brings its own). */
  clock?: Clock;
}

export async function narrateFixture(
  fixture: Fixture,
  { lang, style = plainStyle, write, overrides, signal, wire, wireFull, toolErrors, stream, drained, builtins, diagram, clock }: TranscriptOptions,
): Promise<void> {
  const wireBlocks = wire && (await (await import("../../narration/wire-block.ts")).loadWireBlocks(wire, { whole: wireFull === true }));
  const narrator = new Narrator(await loadCatalog(lang), style, write, wireBlocks);
  const wrapModel = stream && (await (await import("../../narration/stream-view.ts")).narratedStream(stream, lang, style, write, wire));
  narrator.title(localize(fixture.title, lang), shownMarks(fixture));
  try {
    await runFixture(
      fixture,
      {
        onEpisodeStart: (episode, index, settings, episodeSignal) => {
          narrator.startEpisode(
            index === 0 ? "steps" : "summary",
            episode.title && localize(episode.title, lang),
            episodeOptions(episode, settings, episodeSignal, toolErrors),
          );
          narrator.setFindings(episode.lintFindings ?? []);
          // The diagram names the episode by the transcript's step numbers, one scheme for one run.
          diagram?.onEpisodeStart(episode, narrator.stepsTaken + 1);
        },
        // A saved interactive run: the person's edits are told as theirs, as they were live.
        onPersonEdits: (edited) => narrator.personEdited(edited),
        onEvent: (event) => {
          narrator.onEvent(event);
          diagram?.onEvent(event);
          return drained?.();
        },
        onEpisodeEnd: (_episode, _index, { unusedReplies, awaitingReply, result }) => {
          if (awaitingReply) narrator.awaitingReply(result.history.length);
          narrator.unusedReplies(unusedReplies);
          diagram?.onEpisodeEnd({ result, awaitingReply });
        },
      },
      { now: replayClock(), clock, overrides, signal, toolErrors, wrapModel, ...modelFacing(lang, builtins, clock) },
    );
    narrator.runEnded();
    diagram?.recorder.stepsEnded(narrator.stepsTaken);
  } finally {
    // An episode the model refused still shows what it narrated before the refusal.
    narrator.finish();
  }
}

export async function fixtureJsonLines(
  fixture: Fixture,
  {
    lang = "zh",
    write,
    overrides,
    signal,
    wire,
    wireFull,
    toolErrors,
    stream,
    drained,
    builtins,
    diagram,
    clock,
  }: Omit<TranscriptOptions, "lang" | "style"> & { lang?: Language },
): Promise<void> {
  // Loaded on demand, like the wire renderers: a plain run should start as fast as it can.
  const { JsonLinesWriter, jsonLine } = await import("../../narration/json-lines.ts");
  const writer = new JsonLinesWriter(
    write,
    wire && (await (await import("../../narration/wire-block.ts")).loadWireSequence(wire, { whole: wireFull === true })),
  );
  const wrapModel = stream && (await (await import("../../narration/stream-view.ts")).jsonStream(stream, lang, (line) => write(jsonLine(line)), wire));
  writer.fixture(fixture, lang);
  await runFixture(
    fixture,
    {
      onEpisodeStart: (episode, index, settings) => {
        writer.episodeStart(index, episode.title && localize(episode.title, lang), settings);
        diagram?.onEpisodeStart(episode);
      },
      onEvent: (event, index) => {
        writer.onEvent(event, index);
        diagram?.onEvent(event);
        return drained?.();
      },
      onEpisodeEnd: (_episode, index, { unusedReplies, awaitingReply, result }) => {
        writer.episodeEnd(index, unusedReplies, awaitingReply);
        diagram?.onEpisodeEnd({ result, awaitingReply });
      },
    },
    { now: replayClock(), clock, overrides, signal, toolErrors, wrapModel, ...modelFacing(lang, builtins, clock) },
  );
}

/** The whole transcript as one string, as `npm start --silent` prints it without colour. */
export async function transcriptText(
  fixture: Fixture,
  lang: Language,
  options: {
    overrides?: Partial<EpisodeSettings>;
    wire?: ProviderId;
    wireFull?: boolean;
    toolErrors?: ToolErrorDetail;
    stream?: StreamSettings;
    builtins?: readonly Tool[];
    clock?: Clock;
  } = {},
): Promise<string> {
  const lines: string[] = [];
  await narrateFixture(fixture, { lang, write: (line) => lines.push(line), ...options });
  return `${lines.join("\n")}\n`;
}
