// Turns an interactive run back into a fixture: each reply as the model sent it, with the person's
// edits beside it (`edits`: which call, changed to what) and, where the person switched policy, the
// policy its calls were validated with (`validation`) — so the saved file replays byte for byte
// through the same code, each datum still credited to whoever produced it. Replies never requested
// are kept as they were.

import type { ScriptedReply } from "../../agent/fake-model.ts";
import { isUserTurn } from "../../fixture/conversation-format.ts";
import type { Fixture } from "../../fixture/fixture-format.ts";
import type { CallChange, CallEdit } from "../../fixture/person-edits.ts";
import { json } from "../../narration/display-text.ts";
import type { ToolCall, ValidationPolicy } from "../../protocol/types.ts";

/** One edit, for the fixture's description: where it was made and what the call was. */
export interface SessionEdit {
  episode: number;
  turn: number;
  edit: CallChange;
  from: ToolCall;
}

/** A reply as the model sent it, what the person changed in it, and the policy its calls met. */
export type SavedReply = ScriptedReply & { edits: CallEdit[]; validation: ValidationPolicy | undefined };

export function editedFixture(fixture: Fixture, used: readonly (readonly SavedReply[] | undefined)[], notes: readonly SessionEdit[]): Fixture {
  const described = notes.map((note) => `episode ${note.episode + 1}, turn ${note.turn}, ${note.edit.callId}: ${describeEdit(note)}`);
  return {
    ...fixture,
    description: ["Saved from tool-call-playground --interactive.", ...described].join(" "),
    episodes: fixture.episodes.map((episode, index) => {
      const replies = used[index] ?? [];
      // The episode keeps its own policy; a reply records one only where the person's switch made it differ.
      const episodePolicy = episode.validation ?? "strict";
      let replyIndex = 0;
      return {
        ...episode,
        script: episode.script.map((item) => {
          if (isUserTurn(item)) return item;
          const saved = replies[replyIndex++];
          if (saved === undefined) return item;
          return {
            content: saved.content,
            stopReason: saved.stopReason,
            errorMessage: saved.errorMessage,
            // A reply's stream plan (--stream) and expectations (serve) are kept as the fixture had them.
            stream: item.stream,
            expect: item.expect,
            edits: saved.edits.length > 0 ? saved.edits : item.edits,
            validation: saved.validation !== undefined && saved.validation !== episodePolicy ? saved.validation : undefined,
          };
        }),
      };
    }),
  };
}

function describeEdit({ edit, from }: SessionEdit): string {
  switch (edit.kind) {
    case "arguments":
      return `arguments ${json(from.arguments)} → ${json(edit.arguments)}`;
    case "name":
      return `tool ${json(from.name)} → ${json(edit.name)}`;
    case "drop":
      return `call to ${json(from.name)} dropped`;
  }
}
