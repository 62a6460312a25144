// What the narrator needs to know of an episode, read from the fixture the same way by every command
// that narrates one (`npm start`, `--interactive`), so a saved session replays to the same text;
// and which producer marks a run of the fixture can show, for its legend.
import type { ToolErrorDetail } from "../agent/execute-tool-call.ts";
import { scriptReplies } from "../fixture/conversation-format.ts";
import type { Episode, Fixture } from "../fixture/fixture-format.ts";
import type { EpisodeSettings } from "../replay/run-fixture.ts";
import type { ShownMarks } from "./legend-marks.ts";
import type { EpisodeOptions, ScriptedFault } from "./narrator.ts";

export function episodeOptions(episode: Episode, settings: EpisodeSettings, signal: AbortSignal, toolErrors: ToolErrorDetail | undefined): EpisodeOptions {
  return {
    signal,
    toolExecution: settings.toolExecution,
    toolErrors,
    ...(episode.titleWhen ? { titleWhen: episode.titleWhen } : {}),
    ...(episode.declaredTools || episode.undeclaredTools ? { recordedTools: recordedToolNames(episode) } : {}),
    ...faultsOf(episode),
  };
}

/** The fault keys of each reply, when any reply has them (serve plays them; the transcript says
 *  what they would mean for the app). */
function faultsOf(episode: Episode): { faults?: (ScriptedFault | undefined)[] } {
  const faults = scriptReplies(episode.script).map(({ fail, delay, stall }) => (fail || delay || stall ? { fail, delay, stall } : undefined));
  return faults.some((fault) => fault !== undefined) ? { faults } : {};
}

/** The tools of an episode that only play back what its log recorded. */
export function recordedToolNames(episode: Episode): ReadonlySet<string> {
  return new Set([...(episode.declaredTools ?? []).map((tool) => tool.name), ...(episode.undeclaredTools ?? [])]);
}

/** An episode runs a tool of this program: it names some, or, naming none, declares no recorded tools. */
function runsTools(episode: Episode): boolean {
  return episode.tools ? episode.tools.length > 0 : !episode.declaredTools;
}

/** The marks a run of this fixture can show (legend-marks.ts); `interactive`: a person may edit calls. */
export function shownMarks(fixture: Fixture, { interactive = false }: { interactive?: boolean } = {}): ShownMarks {
  return {
    tool: fixture.episodes.some(runsTools),
    record: fixture.episodes.some((episode) => recordedToolNames(episode).size > 0),
    edits: interactive || fixture.episodes.some((episode) => scriptReplies(episode.script).some((reply) => (reply.edits?.length ?? 0) > 0)),
  };
}
