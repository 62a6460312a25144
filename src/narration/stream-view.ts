// What --stream adds to a run, for both outputs: a model wrapper that answers through the
// StreamingFakeModel (so the loop consumes events), plus a consumer of those events — the stream
// narration for the transcript, or one `streamEvent` line per event for --json. Loaded only when
// --stream is given, like the wire renderers.

import type { StreamEventListener } from "../agent/consume-stream.ts";
import type { FakeModel } from "../agent/fake-model.ts";
import { StreamingFakeModel } from "../agent/streaming-fake-model.ts";
import { scriptReplies } from "../fixture/conversation-format.ts";
import type { Episode, Language } from "../fixture/fixture-format.ts";
import type { AssistantStreamEvent } from "../protocol/stream-events.ts";
import { chapterTexts, englishTexts } from "../protocol/text.ts";
import type { Model } from "../protocol/types.ts";
import type { ProviderId } from "../providers/registry.ts";
import { loadCatalog } from "./load-catalog.ts";
import { loadStreamCatalog } from "./load-stream-catalog.ts";
import { StreamNarrator, type WireStreamView } from "./stream-narration.ts";
import type { Style } from "./style.ts";

/** The command line's stream settings: `--stream` and `--chunk <n>`. */
export interface StreamSettings {
  chunk?: number;
}

export type ModelWrapper = (model: FakeModel, episode: Episode, episodeIndex: number) => Model;

function wrapper(settings: StreamSettings, lang: Language, listener: (episodeIndex: number) => StreamEventListener): ModelWrapper {
  // An abort is worded as the run's model reads the rest of its data (README, "One language per run").
  const abortWords = (lang === "en" ? englishTexts : chapterTexts).abort;
  // The replies alone, as the FakeModel underneath holds them (a script may also hold user turns).
  return (model, episode, episodeIndex) =>
    new StreamingFakeModel(scriptReplies(episode.script), { chunk: settings.chunk, onStreamEvent: listener(episodeIndex), abortWords }, model);
}

export async function loadWireStreamView(provider: ProviderId): Promise<WireStreamView> {
  const { loadWireStreamRenderer } = await import("../providers/render-wire-stream.ts");
  return loadWireStreamRenderer(provider);
}

/**
 * For the narrated transcript: the stream narration, written between the loop's own lines.
 * `afterDelta` (interactive stepping) runs after each text or argument fragment is shown, and the
 * stream waits for it.
 */
export async function narratedStream(
  settings: StreamSettings,
  lang: Language,
  style: Style,
  write: (line: string) => void,
  wire: ProviderId | undefined,
  afterDelta?: () => Promise<void>,
): Promise<ModelWrapper> {
  const [catalog, streamCatalog] = await Promise.all([loadCatalog(lang), loadStreamCatalog(lang)]);
  const narrator = new StreamNarrator(() => catalog, streamCatalog, style, write, wire && (await loadWireStreamView(wire)));
  return wrapper(settings, lang, () => async (event, progress) => {
    narrator.onStreamEvent(event, progress);
    if (afterDelta && (event.type === "text_delta" || event.type === "toolcall_delta")) await afterDelta();
  });
}

/** For --json: one line per stream event, and with --wire the provider's events for each reply. */
export async function jsonStream(
  settings: StreamSettings,
  lang: Language,
  emit: (line: Record<string, unknown>) => void,
  wire: ProviderId | undefined,
): Promise<ModelWrapper> {
  const view = wire && (await loadWireStreamView(wire));
  return wrapper(settings, lang, (episode) => {
    let events: AssistantStreamEvent[] = [];
    return (event) => {
      if (event.type === "start") events = [];
      events.push(event);
      emit({ type: "streamEvent", episode, event });
      if (view && (event.type === "done" || event.type === "error")) emit({ type: "wireStream", episode, ...view(events) });
    };
  });
}
