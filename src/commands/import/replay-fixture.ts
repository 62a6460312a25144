// Runs an imported fixture once, silently, to see what it really replays: the last request the
// model is sent (the one a body was) and the history the replay builds. Import compares that
// request with the logged body, so the report can list every difference it measured.
import type { Fixture } from "../../fixture/fixture-format.ts";
import type { Context, Message } from "../../protocol/types.ts";
import { runFixture } from "../../replay/run-fixture.ts";

export interface Replay {
  lastRequest: Context | undefined;
  history: readonly Message[];
}

export async function replayFixture(fixture: Fixture): Promise<Replay> {
  let lastRequest: Context | undefined;
  let history: readonly Message[] = [];
  await runFixture(
    fixture,
    {
      onEvent: (event) => {
        if (event.type === "turnStart") lastRequest = { ...event.context, messages: [...event.context.messages] };
      },
      onEpisodeEnd: (_episode, _index, { result }) => {
        history = result.history;
      },
    },
    { now: () => 0 },
  );
  return { lastRequest, history };
}
