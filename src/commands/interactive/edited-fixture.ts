// Turns an interactive run back into a fixture: the replies as the learner left them (edits
// included, the unused rest kept), a description of each edit, and files written so that nothing
// is overwritten without asking and nothing is left half-written.

import type { ScriptedReply } from "../../agent/fake-model.ts";
import type { StreamPlan } from "../../agent/stream-plan.ts";
import type { ReplyExpectation } from "../../fixture/conversation-format.ts";
import { isUserTurn, type UserTurn } from "../../fixture/conversation-format.ts";
import type { Episode, Fixture } from "../../fixture/fixture-format.ts";
import { json } from "../../narration/display-text.ts";
import type { TextContent, ToolCall, ValidationPolicy } from "../../protocol/types.ts";

export interface SessionEdit {
  episode: number;
  turn: number;
  callId: string;
  kind: "arguments" | "name" | "dropped";
  from: unknown;
  to: unknown;
}

export function editedFixture(
  fixture: Fixture,
  scripts: (ScriptedReply | UserTurn)[][],
  edits: SessionEdit[],
  validation: ValidationPolicy | undefined,
): Fixture {
  const notes = edits.map((edit) => `episode ${edit.episode + 1}, turn ${edit.turn}, ${edit.callId}: ${describeEdit(edit)}`);
  return {
    ...fixture,
    description: ["Saved from tool-call-playground --interactive.", ...notes].join(" "),
    episodes: fixture.episodes.map((episode, index) => ({
      ...episode,
      // A policy switched during the session applies to the whole replay.
      ...(validation === undefined ? {} : { validation }),
      // A fixture scripts text and calls only; a replayed fixture never produced anything else.
      // A reply's stream plan (--stream) and expectations (serve) are kept as the fixture had them.
      script:
        scripts[index]?.map((item, itemIndex) =>
          isUserTurn(item)
            ? item
            : {
                content: item.content.filter(isScriptable),
                stopReason: item.stopReason,
                errorMessage: item.errorMessage,
                ...keptOf(episode.script[itemIndex]),
              },
        ) ?? episode.script,
    })),
  };
}

function isScriptable(block: ScriptedReply["content"][number]): block is TextContent | ToolCall {
  return block.type !== "thinking";
}

function describeEdit(edit: SessionEdit): string {
  switch (edit.kind) {
    case "arguments":
      return `arguments ${json(edit.from)} → ${json(edit.to)}`;
    case "name":
      return `tool ${json(edit.from)} → ${json(edit.to)}`;
    case "dropped":
      return `call to ${json(edit.from)} dropped`;
  }
}

function keptOf(item: Episode["script"][number] | undefined): { stream: StreamPlan | undefined; expect: ReplyExpectation | undefined } {
  return item === undefined || isUserTurn(item) ? { stream: undefined, expect: undefined } : { stream: item.stream, expect: item.expect };
}
