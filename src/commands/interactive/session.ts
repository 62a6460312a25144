// An interactive run of a fixture: the same loop, executor and narration as `npm start`, with a
// person in it — pausing between steps, reviewing each call before it runs (run, edit the
// arguments, rename the tool, drop it), switching policy or language, and at the end saving what
// happened, edits included, as a fixture that replays the same transcript.

import type { AgentEvent } from "../../agent/agent-events.ts";
import type { ToolErrorDetail } from "../../agent/execute-tool-call.ts";
import type { ScriptedReply } from "../../agent/fake-model.ts";
import type { Fixture, Language } from "../../fixture/fixture-format.ts";
import { localize } from "../../fixture/fixture-format.ts";
import { applyEdits, type CallChange, type CallEdit, type EditedReply } from "../../fixture/person-edits.ts";
import { json } from "../../narration/display-text.ts";
import { episodeOptions, shownMarks } from "../../narration/episode-options.ts";
import { Narrator } from "../../narration/narrator.ts";
import { narratedStream, type StreamSettings } from "../../narration/stream-view.ts";
import type { Style } from "../../narration/style.ts";
import type { AssistantMessage, Context } from "../../protocol/types.ts";
import { type EpisodeSettings, modelFacing, replayClock, runFixture } from "../../replay/run-fixture.ts";
import { editedFixture, type SavedReply, type SessionEdit } from "./edited-fixture.ts";
import type { SessionCatalogs } from "./session-catalogs.ts";
import type { InteractiveUI } from "./ui.ts";

export interface SessionOptions {
  fixture: Fixture;
  ui: InteractiveUI;
  lang: Language;
  /** Both languages, loaded up front: the person may switch at any pause. */
  catalogs: SessionCatalogs;
  style: Style;
  /** The narrated transcript, exactly as `npm start` would print it. */
  write: (line: string) => void;
  overrides?: Partial<EpisodeSettings>;
  signal?: AbortSignal;
  /** --stream: replies arrive as events, and the session pauses after every fragment. */
  stream?: StreamSettings;
  /** --tool-errors detailed: the result text names the field, the expectation and the value. */
  toolErrors?: ToolErrorDetail;
}

/** `lang` is the language the person ended in (they may have switched). */
export type SessionOutcome = { kind: "finished"; fixture: Fixture; edits: SessionEdit[]; lang: Language } | { kind: "quit"; lang: Language };

class QuitSession extends Error {}

export async function runInteractiveSession(options: SessionOptions): Promise<SessionOutcome> {
  const { fixture, ui, style, write, signal, catalogs } = options;
  let lang = options.lang;
  let validationOverride = options.overrides?.validation;
  let runToEnd = false;
  let nextContext: Context | undefined;
  const notes: SessionEdit[] = [];
  /** Per episode, each reply as the model sent it, with the person's edits and the policy its calls met. */
  const used: SavedReply[][] = [];
  /** The settings of the episode being played, for the pause menu. */
  let current: EpisodeSettings | undefined;
  const narrator = new Narrator(catalogs.narration[lang], style, write);
  const aside = new Narrator(catalogs.narration[lang], style, (line) => ui.say(line));

  const pause = async (settings: EpisodeSettings): Promise<void> => {
    while (!runToEnd && !signal?.aborted) {
      const validation = validationOverride ?? settings.validation;
      const choice = await ui.pause({ lang, validation });
      const say = catalogs.prompts[lang];
      switch (choice) {
        case "next":
          return;
        case "runToEnd":
          runToEnd = true;
          return;
        case "showContext":
          if (nextContext) aside.showContext(nextContext, say.contextHeader, narrator);
          break;
        case "toggleValidation":
          validationOverride = validation === "strict" ? "coerce" : "strict";
          ui.say(say.validationNow(validationOverride));
          break;
        case "toggleLanguage":
          lang = lang === "zh" ? "en" : "zh";
          narrator.setCatalog(catalogs.narration[lang]);
          aside.setCatalog(catalogs.narration[lang]);
          ui.setLanguage(lang);
          ui.say(catalogs.prompts[lang].languageNow);
          break;
        case "quit":
          throw new QuitSession();
      }
    }
  };

  /** Asks about each call of the reply; the edits are data, applied the way a saved run replays them. */
  const review = async (reply: AssistantMessage, episode: number, turn: number): Promise<EditedReply & { edits: CallEdit[] }> => {
    const callEdits: CallEdit[] = [];
    for (const block of reply.content) {
      if (block.type !== "toolCall" || runToEnd) continue;
      const choice = await ui.reviewCall(block, json(block.arguments));
      let edit: CallChange | undefined;
      if (choice === "edit") edit = { kind: "arguments", callId: block.id, arguments: await ui.editArguments(json(block.arguments)) };
      if (choice === "rename") {
        const names = (nextContext?.tools ?? []).map((tool) => tool.name);
        edit = { kind: "name", callId: block.id, name: await ui.renameTool(block.name, names) };
      }
      if (choice === "drop") edit = { kind: "drop", callId: block.id };
      if (edit === undefined) continue;
      callEdits.push(edit);
      notes.push({ episode, turn, edit, from: block });
    }
    const edited = applyEdits(reply, callEdits);
    // No new edit: what the narrator holds (a saved run's recorded edits) stands.
    if (callEdits.length > 0) narrator.personEdited(edited);
    return { ...edited, edits: callEdits };
  };

  // Stepping delta by delta: after each fragment, the same pause as between two steps.
  const wrapModel = options.stream && (await narratedStream(options.stream, lang, style, write, undefined, async () => (current ? pause(current) : undefined)));
  try {
    narrator.title(localize(fixture.title, lang), shownMarks(fixture, { interactive: true }));
    await runFixture(
      fixture,
      {
        onEpisodeStart: (episode, index, settings, episodeSignal) => {
          current = settings;
          narrator.startEpisode(
            index === 0 ? "steps" : "summary",
            episode.title && localize(episode.title, lang),
            episodeOptions(episode, settings, episodeSignal, options.toolErrors),
          );
          narrator.setFindings(episode.lintFindings ?? []);
        },
        reviewReply: async (reply, index, turn) => {
          const reviewed = await review(reply, index, turn);
          (used[index] ??= []).push({ ...scriptedFrom(reply), edits: reviewed.edits, validation: undefined });
          return reviewed.reply;
        },
        onPersonEdits: (edited) => narrator.personEdited(edited),
        onEvent: async (event, index) => {
          narrator.onEvent(event);
          if (event.type === "turnStart") nextContext = event.context;
          // The calls of one reply are validated with one policy: no pause falls between them.
          const saved = used[index]?.at(-1);
          if (event.type === "toolStart" && saved && current) saved.validation = validationOverride ?? current.validation;
          // A summary episode holds its lines until its outcome: a pause then would show nothing.
          if (isStep(event) && current && !narrator.holding) await pause(current);
        },
        onEpisodeEnd: (_episode, _index, { unusedReplies, awaitingReply, result }) => {
          if (awaitingReply) narrator.awaitingReply(result.history.length);
          narrator.unusedReplies(unusedReplies);
        },
      },
      {
        now: replayClock(),
        signal,
        overrides: options.overrides,
        liveValidation: () => validationOverride,
        wrapModel,
        toolErrors: options.toolErrors,
        // The model's texts stay in the language the session started in, as its data does.
        ...modelFacing(options.lang),
      },
    );
    // As a plain run of the same fixture ends: the saved file replays to this transcript.
    narrator.runEnded();
  } catch (error) {
    if (error instanceof QuitSession) return { kind: "quit", lang };
    throw error;
  } finally {
    narrator.finish();
  }
  return { kind: "finished", fixture: editedFixture(fixture, used, notes), edits: notes, lang };
}

/** The events after which the narration has shown a whole step (a result once it is in the
 *  history, so "what the model receives next" already includes it). */
function isStep(event: AgentEvent): boolean {
  return event.type === "turnStart" || event.type === "messageAppended" || event.type === "turnEnd";
}

/** A reply as a script entry again (what the fixture will replay). */
function scriptedFrom(reply: AssistantMessage): ScriptedReply {
  return { content: reply.content, stopReason: reply.stopReason, ...(reply.errorMessage === undefined ? {} : { errorMessage: reply.errorMessage }) };
}
