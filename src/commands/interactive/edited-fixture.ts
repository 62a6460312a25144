// Turns an interactive run back into a fixture: each reply as the model sent it, with the person's
// edits beside it (`edits`: which call, changed to what) and, where the person switched policy, the
// policy its calls were validated with (`validation`) — so the saved file replays byte for byte
// through the same code, each datum still credited to whoever produced it. Replies never requested
// are kept as they were.

import type { ScriptedReply } from "../../agent/fake-model.ts";
import { isUserTurn } from "../../fixture/conversation-format.ts";
import type { Fixture, Language } from "../../fixture/fixture-format.ts";
import type { CallEdit } from "../../fixture/person-edits.ts";
import { isRecord } from "../../json/is-record.ts";
import { json } from "../../narration/display-text.ts";
import type { ToolCall, ValidationPolicy } from "../../protocol/types.ts";

/** One edit, for the fixture's description: where it was made and what the call was. */
export interface SessionEdit {
  episode: number;
  turn: number;
  edit: CallEdit;
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

/**
 * The saved fixture with every text in both languages again: the session read the file in one
 * language, so each text it kept as it was read (`read`, at the same place) is written back with
 * the other language's (`other`, the same file read in that language) beside it, `{ "zh", "en" }`.
 * A text the session changed or added (a person's edit, the description) stays as it is.
 */
export function inBothLanguages(saved: Fixture, read: Fixture, other: Fixture, lang: Language): Record<string, unknown> {
  const merged = mergeTexts(saved, read, other, lang);
  return isRecord(merged) ? merged : {};
}

function mergeTexts(saved: unknown, read: unknown, other: unknown, lang: Language): unknown {
  if (typeof saved === "string") {
    if (saved !== read || typeof other !== "string" || other === saved) return saved;
    return lang === "zh" ? { zh: saved, en: other } : { zh: other, en: saved };
  }
  if (Array.isArray(saved)) {
    return saved.map((item, index) => mergeTexts(item, Array.isArray(read) ? read[index] : undefined, Array.isArray(other) ? other[index] : undefined, lang));
  }
  if (!isRecord(saved)) return saved;
  const entries = Object.entries(saved).map(([key, value]) => [
    key,
    mergeTexts(value, isRecord(read) ? read[key] : undefined, isRecord(other) ? other[key] : undefined, lang),
  ]);
  return Object.fromEntries(entries);
}
