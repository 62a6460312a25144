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
  // Only the last request is used: each request the model is sent keeps its context and how long
  // its history was, and the copy is made once, at the end (a copy per turn made a long import
  // quadratic). The history is appended to, never rewritten, so its first `length` messages are
  // still that request's. The model is watched rather than the loop's events, so the replay
  // listens to no event and the loop makes none.
  let lastContext: Context | undefined;
  let lastLength = 0;
  let history: readonly Message[] = [];
  await runFixture(
    fixture,
    {
      onEpisodeEnd: (_episode, _index, { result }) => {
        history = result.history;
      },
    },
    {
      now: () => 0,
      // The fixture is this run's alone and nothing edits a reply: its blocks are not copied.
      shareScript: true,
      wrapModel: (model) => ({
        complete(context) {
          lastContext = context;
          lastLength = context.messages.length;
          return model.complete(context);
        },
      }),
    },
  );
  // A log that ends awaiting a reply appends nothing after its last request: its history is that
  // request's messages as they are, and the run is over, so nothing will append to them.
  const lastRequest = lastContext && {
    ...lastContext,
    messages: lastContext.messages.length === lastLength ? lastContext.messages : lastContext.messages.slice(0, lastLength),
  };
  return { lastRequest, history };
}
