// What the narrator needs to know of an episode, read from the fixture the same way by every command
// that narrates one (`npm start`, `--interactive`), so a saved session replays to the same text.
import type { ToolErrorDetail } from "../agent/execute-tool-call.ts";
import { scriptReplies } from "../fixture/conversation-format.ts";
import type { Episode } from "../fixture/fixture-format.ts";
import type { EpisodeSettings } from "../replay/run-fixture.ts";
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
