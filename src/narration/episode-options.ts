// What the narrator needs to know of an episode, read from the fixture the same way by every command
// that narrates one (`npm start`, `--interactive`), so a saved session replays to the same text.
import type { ToolErrorDetail } from "../agent/execute-tool-call.ts";
import type { Episode } from "../fixture/fixture-format.ts";
import type { EpisodeSettings } from "../replay/run-fixture.ts";
import type { EpisodeOptions } from "./narrator.ts";

export function episodeOptions(episode: Episode, settings: EpisodeSettings, signal: AbortSignal, toolErrors: ToolErrorDetail | undefined): EpisodeOptions {
  return {
    signal,
    toolExecution: settings.toolExecution,
    toolErrors,
    ...(episode.titleWhen ? { titleWhen: episode.titleWhen } : {}),
    ...(episode.declaredTools || episode.undeclaredTools ? { recordedTools: recordedToolNames(episode) } : {}),
  };
}

/** The tools of an episode that only play back what its log recorded. */
export function recordedToolNames(episode: Episode): ReadonlySet<string> {
  return new Set([...(episode.declaredTools ?? []).map((tool) => tool.name), ...(episode.undeclaredTools ?? [])]);
}
