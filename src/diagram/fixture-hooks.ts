// The recorder fed by a fixture run's hooks (replay/run-fixture.ts): what the transcript and the
// JSON Lines see, the diagram sees too, so a run is played once whatever it prints.
import type { AgentEvent } from "../agent/agent-events.ts";
import type { AgentLoopResult } from "../agent/agent-loop.ts";
import { type Episode, type Language, localize } from "../fixture/fixture-format.ts";
import { recordedToolNames } from "../narration/episode-options.ts";
import { DiagramRecorder } from "./diagram-recorder.ts";

export interface DiagramHooks {
  recorder: DiagramRecorder;
  /** `firstStep`: the transcript's number for the episode's first step (a narrated run's). */
  onEpisodeStart(episode: Episode, firstStep?: number): void;
  onEvent(event: AgentEvent): void;
  onEpisodeEnd(outcome: { result: AgentLoopResult; awaitingReply?: boolean }): void;
}

export function diagramHooks(title: string, lang: Language): DiagramHooks {
  const recorder = new DiagramRecorder(title);
  return {
    recorder,
    onEpisodeStart: (episode, firstStep) =>
      recorder.startEpisode({
        ...(episode.title === undefined ? {} : { title: localize(episode.title, lang) }),
        recordedTools: recordedToolNames(episode),
        ...(firstStep === undefined ? {} : { firstStep }),
      }),
    onEvent: (event) => recorder.onEvent(event),
    onEpisodeEnd: ({ result, awaitingReply }) =>
      recorder.endEpisode({ reason: awaitingReply ? "awaitingReply" : result.reason, turns: result.turns }, result.history),
  };
}
