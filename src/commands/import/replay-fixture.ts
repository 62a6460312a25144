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
  // Only the last request is used: each turnStart keeps the context and how long its history was,
  // and the copy is made once, at the end (a copy per turn made a long import quadratic). The
  // history is appended to, never rewritten, so its first `length` messages are still that request's.
  let last: { context: Context; length: number } | undefined;
  let history: readonly Message[] = [];
  await runFixture(
    fixture,
    {
      onEvent: (event) => {
        if (event.type === "turnStart") last = { context: event.context, length: event.context.messages.length };
      },
      onEpisodeEnd: (_episode, _index, { result }) => {
        history = result.history;
      },
    },
    { now: () => 0 },
  );
  const lastRequest = last && { ...last.context, messages: last.context.messages.slice(0, last.length) };
  return { lastRequest, history };
}
