// The --json output: one JSON object per line for every loop event, another consumer of the same
// events as the text transcript. The format is documented in docs/command.md ("JSON Lines output") and kept
// stable; the history can be rebuilt from `agentStart.messages` plus each `messageAppended.message`.

import type { AgentEvent } from "../agent/agent-events.ts";
import { type Fixture, type Language, localize } from "../fixture/fixture-format.ts";
import type { EpisodeSettings } from "../replay/run-fixture.ts";
import { safeJson } from "./display-text.ts";
import type { WireSequence, WireStep } from "./wire-block.ts";

export const JSON_LINES_VERSION = 1;

/** Values nested deeper than this are cut, the cut part replaced by a string saying so: every
 *  event still comes out whole, and any JSON parser can read the line back. */
export const JSON_DEPTH_LIMIT = 256;

export type JsonLine = Record<string, unknown> & { type: string };

export class JsonLinesWriter {
  private readonly write: (line: string) => void;
  /** With --wire: a `wireRequest` line after each `turnStart` (wire-block.ts's loadWireSequence). */
  private readonly wire: WireSequence | undefined;

  constructor(write: (line: string) => void, wire?: WireSequence) {
    this.write = write;
    this.wire = wire;
  }

  /** The title in the run's language, as every other text of the run (README, "One language per run"). */
  fixture(fixture: Fixture, lang: Language): void {
    this.#emit({ type: "fixture", version: JSON_LINES_VERSION, title: localize(fixture.title, lang), episodes: fixture.episodes.length });
  }

  episodeStart(episode: number, title: unknown, settings: EpisodeSettings): void {
    this.wire?.startEpisode();
    this.#emit({ type: "episodeStart", episode, title: title ?? null, settings: { ...settings, timeoutMs: settings.timeoutMs ?? null } });
  }

  /** `awaitingReply`: a replayed log stopped at the request it holds no reply to. */
  episodeEnd(episode: number, unusedReplies: number, awaitingReply = false): void {
    this.#emit({ type: "episodeEnd", episode, unusedReplies, ...(awaitingReply ? { awaitingReply } : {}) });
  }

  onEvent(event: AgentEvent, episode: number): void {
    switch (event.type) {
      case "agentStart":
        return this.#emit({ type: "agentStart", episode, messages: event.messages });
      case "turnStart": {
        const { systemPrompt, messages, tools } = event.context;
        // The history itself is not repeated here: it grows by messageAppended lines, so the
        // output stays linear in the length of the run.
        this.#emit({
          type: "turnStart",
          episode,
          turn: event.turn,
          request: { systemPrompt: systemPrompt ?? null, messageCount: messages.length, tools: tools ?? [] },
        });
        if (this.wire) this.#wireRequest(this.wire.next(event.context), episode, event.turn);
        return;
      }
      case "messageAppended":
        return this.#emit({ type: "messageAppended", episode, index: event.historyLength - 1, message: event.message });
      case "toolValidated":
        // Not a line of its own: toolEnd's `stage` says how far the call got (format stays stable).
        return;
      case "toolStart":
        return this.#emit({ type: "toolStart", episode, toolCallId: event.call.id, toolName: event.call.name });
      case "toolProgress":
        return this.#emit({ type: "toolProgress", episode, toolCallId: event.call.id, content: event.content });
      case "toolEnd": {
        const { outcome, result } = event.trace;
        return this.#emit({
          type: "toolEnd",
          episode,
          toolCallId: event.call.id,
          toolName: event.call.name,
          stage: outcome.stage,
          ...(outcome.stage === "skipped" ? { reason: outcome.reason } : {}),
          ...("conversions" in outcome && outcome.conversions.length > 0 ? { conversions: outcome.conversions } : {}),
          isError: result.isError,
        });
      }
      case "turnEnd":
        return this.#emit({ type: "turnEnd", episode, turn: event.turn, finishOrder: event.finishOrder });
      case "end":
        return this.#emit({ type: "end", episode, reason: event.reason, turns: event.turns, historyLength: event.history.length });
    }
  }

  /** An episode's first request whole (`body`); each later one as its `delta` to the one before,
   *  with the notes it adds (`addedNotes`): the body is the previous body with the delta applied
   *  (applyWireDelta in wire-delta.ts), and the output grows with the run, not with its square. */
  #wireRequest(step: WireStep, episode: number, turn: number): void {
    const { provider, endpoint } = step.request;
    if (step.delta === undefined)
      return this.#emit({ type: "wireRequest", episode, turn, provider, endpoint, body: step.request.body, notes: step.request.notes });
    this.#emit({ type: "wireRequest", episode, turn, provider, endpoint, delta: step.delta, addedNotes: step.addedNotes });
  }

  #emit(line: JsonLine): void {
    // Escaped beyond JSON.stringify (C1, bidi, zero-width, U+2028/9): a line that reaches a
    // terminal or a log viewer shows those characters, never obeys them.
    this.write(safeJson(line, JSON_DEPTH_LIMIT));
  }
}

/** One line of the --json output for any other event (the stream's), escaped and depth-cut alike. */
export function jsonLine(line: Record<string, unknown>): string {
  return safeJson({ type: typeof line.type === "string" ? line.type : "unknown", ...line }, JSON_DEPTH_LIMIT);
}
