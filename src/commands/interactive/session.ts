// An interactive run of a fixture: the same loop, executor and narration as `npm start`, with a
// person in it — pausing between steps, reviewing each call before it runs (run, edit the
// arguments, rename the tool, drop it), switching policy or language, and at the end saving what
// happened, edits included, as a fixture that replays the same transcript.

import type { AgentEvent } from "../../agent/agent-events.ts";
import type { ToolErrorDetail } from "../../agent/execute-tool-call.ts";
import type { ScriptedReply } from "../../agent/fake-model.ts";
import { scriptReplies, withUserTurns } from "../../fixture/conversation-format.ts";
import type { Fixture, Language } from "../../fixture/fixture-format.ts";
import { localize } from "../../fixture/fixture-format.ts";
import { json } from "../../narration/display-text.ts";
import { Narrator } from "../../narration/narrator.ts";
import { narratedStream, type StreamSettings } from "../../narration/stream-view.ts";
import type { Style } from "../../narration/style.ts";
import type { AssistantMessage, Context, ToolCall } from "../../protocol/types.ts";
import { type EpisodeSettings, replayClock, runFixture } from "../../replay/run-fixture.ts";
import { editedFixture, type SessionEdit } from "./edited-fixture.ts";
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
  const edits: SessionEdit[] = [];
  const used: ScriptedReply[][] = [];
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
          if (nextContext) aside.showContext(nextContext, say.contextHeader);
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

  const review = async (reply: AssistantMessage, episode: number, turn: number): Promise<AssistantMessage> => {
    const content: AssistantMessage["content"] = [];
    const edited = new Set<string>();
    const dropped: ToolCall[] = [];
    for (const block of reply.content) {
      if (block.type !== "toolCall" || runToEnd) {
        content.push(block);
        continue;
      }
      const choice = await ui.reviewCall(block, json(block.arguments));
      if (choice === "run") content.push(block);
      if (choice === "edit") {
        const next = { ...block, arguments: await ui.editArguments(json(block.arguments)) };
        edits.push({ episode, turn, callId: block.id, kind: "arguments", from: block.arguments, to: next.arguments });
        edited.add(block.id);
        content.push(next);
      }
      if (choice === "rename") {
        const name = await ui.renameTool(
          block.name,
          (nextContext?.tools ?? []).map((tool) => tool.name),
        );
        edits.push({ episode, turn, callId: block.id, kind: "name", from: block.name, to: name });
        edited.add(block.id);
        content.push({ ...block, name });
      }
      if (choice === "drop") {
        edits.push({ episode, turn, callId: block.id, kind: "dropped", from: block.name, to: null });
        dropped.push(block);
      }
    }
    // A reply whose calls were all removed asks for no tool: its stopReason must say so, or the
    // history would hold a "toolUse" message that the loop (rightly) treats as the end.
    const callsLeft = content.some((block) => block.type === "toolCall");
    const stopReason = dropped.length > 0 && !callsLeft && reply.stopReason === "toolUse" ? "stop" : reply.stopReason;
    narrator.personEdited({ edited, dropped, ...(stopReason === reply.stopReason ? {} : { stopReasonWas: reply.stopReason }) });
    return { ...reply, content, stopReason };
  };

  // Stepping delta by delta: after each fragment, the same pause as between two steps.
  const wrapModel = options.stream && (await narratedStream(options.stream, lang, style, write, undefined, async () => (current ? pause(current) : undefined)));
  try {
    narrator.title(localize(fixture.title, lang));
    await runFixture(
      fixture,
      {
        onEpisodeStart: (episode, index, settings, episodeSignal) => {
          current = settings;
          narrator.startEpisode(index === 0 ? "steps" : "summary", episode.title && localize(episode.title, lang), {
            signal: episodeSignal,
            toolExecution: settings.toolExecution,
            toolErrors: options.toolErrors,
          });
          narrator.setFindings(episode.lintFindings ?? []);
        },
        reviewReply: async (reply, index, turn) => {
          const reviewed = await review(reply, index, turn);
          (used[index] ??= []).push(scriptedFrom(reviewed));
          return reviewed;
        },
        onEvent: async (event) => {
          narrator.onEvent(event);
          if (event.type === "turnStart") nextContext = event.context;
          if (isStep(event) && current) await pause(current);
        },
        onEpisodeEnd: (_episode, _index, { unusedReplies, awaitingReply, result }) => {
          if (awaitingReply) narrator.awaitingReply(result.history.length);
          narrator.unusedReplies(unusedReplies);
        },
      },
      { now: replayClock(), signal, overrides: options.overrides, liveValidation: () => validationOverride, wrapModel, toolErrors: options.toolErrors },
    );
  } catch (error) {
    if (error instanceof QuitSession) return { kind: "quit", lang };
    throw error;
  } finally {
    narrator.finish();
  }
  // The replies as the person left them, then the rest of each script, never requested.
  const scripts = fixture.episodes.map((episode, index) => {
    const replies = scriptReplies(episode.script);
    return withUserTurns(episode.script, [...(used[index] ?? []), ...replies.slice(used[index]?.length ?? 0)]);
  });
  return { kind: "finished", fixture: editedFixture(fixture, scripts, edits, validationOverride), edits, lang };
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
