// Runs every episode of a fixture through the agent loop, each with a fresh FakeModel, its own
// registry and its own settings (the caller's overrides win), and reports through hooks. Knows
// nothing about terminals or languages.

import type { AgentEvent } from "../agent/agent-events.ts";
import { type AgentLoopOptions, type AgentLoopResult, DEFAULT_MAX_TURNS, runAgentLoop, type ToolExecution } from "../agent/agent-loop.ts";
import { RunAborted } from "../agent/call-policy.ts";
import type { ToolErrorDetail } from "../agent/execute-tool-call.ts";
import { FakeModel, ModelRequestError, ScriptExhaustedError } from "../agent/fake-model.ts";
import { ToolRegistry } from "../agent/tool-registry.ts";
import { isConversation, scriptReplies, type UserTurn } from "../fixture/conversation-format.ts";
import type { Episode, Fixture, Language } from "../fixture/fixture-format.ts";
import { applyEdits, type EditedReply } from "../fixture/person-edits.ts";
import { type Clock, systemClock } from "../io/clock.ts";
import { loadOnce } from "../io/load-once.ts";
import { type ContractTexts, chapterTexts, englishTexts } from "../protocol/text.ts";
import type { AssistantMessage, Model, Tool, ToolResultContent, ValidationPolicy } from "../protocol/types.ts";
import { builtinTools, builtinToolsIn } from "../tools/index.ts";

/** How one episode runs; a fixture sets these per episode, a command-line flag for all of them. */
export interface EpisodeSettings {
  maxTurns: number;
  toolExecution: ToolExecution;
  validation: ValidationPolicy;
  timeoutMs: number | undefined;
}

export interface FixtureRunHooks {
  onEpisodeStart?(episode: Episode, index: number, settings: EpisodeSettings, signal: AbortSignal): void;
  /** May return a promise: the loop waits (an interactive pause). */
  onEvent?(event: AgentEvent, episodeIndex: number): void | Promise<void>;
  /** Sees each reply before it joins the history and may change its calls (an interactive edit). */
  reviewReply?(reply: AssistantMessage, episodeIndex: number, turn: number): Promise<AssistantMessage>;
  /** A reply the fixture records a person's edits of (a saved interactive run): told before it joins the history. */
  onPersonEdits?(edited: EditedReply, episodeIndex: number): void;
  /** `awaitingReply`: the run stopped at a request the (imported) log holds no reply to. */
  onEpisodeEnd?(episode: Episode, index: number, outcome: { result: AgentLoopResult; unusedReplies: number; awaitingReply?: boolean }): void;
}

export interface FixtureRunOptions {
  /** The clock for message timestamps; a replay passes a fixed one. */
  now?: () => number;
  /** The clock an episode's timeout runs on (the system's unless a test brings its own). */
  clock?: Clock;
  /** Aborts the whole run (Ctrl-C): the current episode ends with paired results, no other starts. */
  signal?: AbortSignal;
  overrides?: Partial<EpisodeSettings>;
  /** Asked before every call: a policy switched mid-run (interactive) wins over the settings. */
  liveValidation?: () => ValidationPolicy | undefined;
  /** What a failed validation tells the model, for the whole run ("brief" by default). */
  toolErrors?: ToolErrorDetail;
  /** Wraps each episode's FakeModel (--stream answers through a StreamingFakeModel around it). */
  wrapModel?: (model: FakeModel, episode: Episode, episodeIndex: number) => Model;
  /** The built-in tools episodes name (src/tools by default). */
  builtins?: readonly Tool[];
  /** The words of a failed call's result (chapter 06's by default; an English run's in English). */
  texts?: ContractTexts;
  /** The model answers with the script's own blocks, not copies (FakeModel's copyReplies off): for
   *  a run that edits no reply and whose fixture is made for it (import's check of a log). */
  shareScript?: boolean;
}

/** A model request in episode N failed (the script ran out, or the history broke the protocol). */
export class EpisodeError extends Error {
  override readonly name = "EpisodeError";
  readonly episodeIndex: number;
  override readonly cause: unknown;

  constructor(episodeIndex: number, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.episodeIndex = episodeIndex;
    this.cause = cause;
  }
}

/** `builtins`: the tools a fixture's names pick from (the shipped ones unless a caller, say a test
 *  of an exercise that changes calc, brings its own). */
export function toolsFor(episode: Episode, builtins: readonly Tool[] = builtinTools): Tool[] {
  if (!episode.tools) return episode.declaredTools ? [] : [...builtins];
  return episode.tools.flatMap((name) => builtins.filter((tool) => tool.name === name));
}

// Modules only some episodes need, each imported on the first episode that needs it and kept: a
// replay of many episodes (a long log, the import round-trip tests) would otherwise import it again
// for every episode.
const recordedModule = loadOnce(() => import("../tools/recorded.ts"));
const conversationModule = loadOnce(() => import("./run-conversation.ts"));

/** The built-ins the episode names, plus its recorded tools (an imported log's), each run fresh.
 *  The recorded-tool code (JSON Schema to validators) loads only for an episode that has some:
 *  a plain run should start as fast as it can. */
export async function registryFor(episode: Episode, builtins: readonly Tool[] = builtinTools, texts?: ContractTexts): Promise<ToolRegistry> {
  // Text and images: a recorded tool may replay a real one's image.
  const registry = new ToolRegistry<ToolResultContent>(toolsFor(episode, builtins), texts ? { texts } : {});
  if (!episode.declaredTools && !episode.undeclaredTools) return registry;
  const { recordedTools } = await recordedModule();
  const recorded = recordedTools(episode.declaredTools ?? [], episode.undeclaredTools ?? [], episode.recordedResults ?? []);
  for (const tool of recorded.declared) registry.register(tool);
  for (const tool of recorded.undeclared) registry.registerUndeclared(tool);
  return registry;
}

/** What the model of a run in `lang` reads: the built-in tools and the failure texts in that
 *  language (Chinese: the chapters' own; README, "One language per run"). With `clock`, the tools
 *  that wait wait on it. */
export function modelFacing(lang: Language, builtins?: readonly Tool[], clock?: Clock): { builtins: readonly Tool[]; texts: ContractTexts } {
  return { builtins: builtins ?? builtinToolsIn(lang, undefined, clock), texts: lang === "en" ? englishTexts : chapterTexts };
}

export function settingsFor(episode: Episode, overrides: Partial<EpisodeSettings> = {}): EpisodeSettings {
  return {
    maxTurns: overrides.maxTurns ?? episode.maxTurns ?? DEFAULT_MAX_TURNS,
    toolExecution: overrides.toolExecution ?? episode.toolExecution ?? "sequential",
    validation: overrides.validation ?? episode.validation ?? "strict",
    timeoutMs: overrides.timeoutMs ?? episode.timeoutMs,
  };
}

export async function runFixture(fixture: Fixture, hooks: FixtureRunHooks = {}, options: FixtureRunOptions = {}): Promise<AgentLoopResult[]> {
  const now = options.now ?? Date.now;
  const results: AgentLoopResult[] = [];
  for (const [index, episode] of fixture.episodes.entries()) {
    if (options.signal?.aborted) break;
    const settings = settingsFor(episode, options.overrides);
    const episodeAbort = abortFor(settings.timeoutMs, options.signal, options.clock ?? systemClock);
    hooks.onEpisodeStart?.(episode, index, settings, episodeAbort.signal);
    // No request recording: each record would hold the whole history, memory growing with turns².
    // The replies read once: the model answers with them, and the recorded edits are looked up in them.
    const replies = scriptReplies(episode.script);
    const model = new FakeModel(replies, { now, recordRequests: false, copyReplies: options.shareScript !== true });
    const recorded = recordedEdits(replies, options.overrides?.validation === undefined);
    const review = async (reply: AssistantMessage, turn: number): Promise<AssistantMessage> => {
      const edited = recorded.next(reply);
      if (edited) hooks.onPersonEdits?.(edited, index);
      const next = edited?.reply ?? reply;
      return hooks.reviewReply ? hooks.reviewReply(next, index, turn) : next;
    };
    let result: AgentLoopResult;
    let awaitingReply = false;
    try {
      const loopOptions: Omit<AgentLoopOptions, "messages" | "maxTurns"> = {
        model: options.wrapModel?.(model, episode, index) ?? model,
        registry: await registryFor(episode, options.builtins, options.texts),
        systemPrompt: episode.systemPrompt,
        toolExecution: settings.toolExecution,
        // A person's switch wins (interactive), then the policy a saved run recorded for the reply.
        validation: () => options.liveValidation?.() ?? recorded.validation() ?? settings.validation,
        // A signal nothing can fire (no timeout, no run signal) is left out: the loop then answers
        // no call through an abort race, which costs a promise and a listener entry per call.
        signal: episodeAbort.canAbort ? episodeAbort.signal : undefined,
        now,
        ...(options.toolErrors ? { toolErrors: options.toolErrors } : {}),
        // No hook, no listener: the loop then makes no events at all.
        onEvent: hooks.onEvent === undefined ? undefined : (event) => hooks.onEvent?.(event, index),
        ...(hooks.reviewReply || recorded.any ? { reviewReply: review } : {}),
      };
      if (isConversation(episode.script, episode.awaitingReply, episode.declaredTools !== undefined)) {
        // A conversation (an imported log replayed) loads its runner only when an episode is one.
        const { runConversation } = await conversationModule();
        const conversation = await runConversation({
          ...loopOptions,
          scripted: model,
          user: episode.user,
          script: episode.script,
          awaitingReply: episode.awaitingReply ?? false,
        });
        result = conversation;
        awaitingReply = conversation.awaitingReply;
      } else {
        // --stream wraps the model here; a recorded conversation (above) replays its replies whole.
        const streamed = options.wrapModel?.(model, episode, index) ?? model;
        result = await runAgentLoop({
          ...loopOptions,
          model: streamed,
          messages: [{ role: "user", content: episode.user ?? "", timestamp: now() }],
          maxTurns: settings.maxTurns,
        });
      }
    } catch (error) {
      // Only the model's refusals are the fixture's fault; anything else (a person quitting a
      // prompt, a bug) goes on up as it is.
      if (error instanceof ModelRequestError || error instanceof ScriptExhaustedError) throw new EpisodeError(index, error);
      throw error;
    } finally {
      episodeAbort.dispose();
    }
    hooks.onEpisodeEnd?.(episode, index, { result, unusedReplies: model.unusedReplies().length, ...(awaitingReply ? { awaitingReply } : {}) });
    results.push(result);
  }
  return results;
}

/** A reply of an episode's script, as the fixture holds it (its recorded edits and policy included). */
type EpisodeReply = Exclude<Episode["script"][number], UserTurn>;

/** What a saved interactive run recorded per reply: the person's edits, and the policy its calls met.
 *  Replies come in script order, so the nth reply reviewed is the script's nth. A command-line
 *  --validation wins over a recorded policy, as over the episode's own. */
function recordedEdits(
  replies: readonly EpisodeReply[],
  usePolicies: boolean,
): { any: boolean; next(reply: AssistantMessage): EditedReply | undefined; validation(): ValidationPolicy | undefined } {
  const any = replies.some((item) => item.edits !== undefined || item.validation !== undefined);
  let index = -1;
  return {
    any,
    next(reply) {
      index++;
      const edits = replies[index]?.edits;
      return edits === undefined ? undefined : applyEdits(reply, edits);
    },
    validation: () => (usePolicies ? replies[index]?.validation : undefined),
  };
}

/** One signal for the episode: the run's own (Ctrl-C) or the episode's timeout, whichever fires. */
function abortFor(timeoutMs: number | undefined, outer: AbortSignal | undefined, clock: Clock): { signal: AbortSignal; canAbort: boolean; dispose(): void } {
  const controller = new AbortController();
  const cancel = timeoutMs === undefined ? undefined : clock.after(timeoutMs, () => controller.abort(new RunAborted("timeout", timeoutMs)));
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener("abort", forward, { once: true });
  return {
    signal: controller.signal,
    canAbort: timeoutMs !== undefined || outer !== undefined,
    dispose() {
      cancel?.();
      outer?.removeEventListener("abort", forward);
    },
  };
}

/** Timestamps count 0, 1, 2, …: a replay must not depend on the wall clock, and should not look as if it did. */
export function replayClock(): () => number {
  let tick = 0;
  return () => tick++;
}
