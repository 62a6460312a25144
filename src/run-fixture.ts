// Runs every episode of a fixture through the agent loop, each with a fresh FakeModel and its own
// registry, and reports through hooks. Knows nothing about terminals or languages.
import type { Episode, Fixture } from "./fixture/fixture-format.ts";
import { FakeModel } from "./fake-model.ts";
import { runAgentLoop, type AgentLoopResult } from "./loop/agent-loop.ts";
import type { AgentEvent } from "./loop/events.ts";
import { ToolRegistry } from "./tool-registry.ts";
import { builtinTools } from "./tools/index.ts";
import type { Tool } from "./types.ts";

export interface FixtureRunHooks {
  onEpisodeStart?(episode: Episode, index: number): void;
  onEvent?(event: AgentEvent, episodeIndex: number): void;
  onEpisodeEnd?(episode: Episode, index: number, outcome: { result: AgentLoopResult; unusedReplies: number }): void;
}

export interface FixtureRunOptions {
  /** The clock for message timestamps; a replay passes a fixed one. */
  now?: () => number;
  signal?: AbortSignal;
}

/** A model request in episode N failed (the script ran out, or the history broke the protocol). */
export class EpisodeError extends Error {
  override readonly name = "EpisodeError";
  constructor(readonly episodeIndex: number, override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

export function toolsFor(episode: Episode): Tool[] {
  if (!episode.tools) return [...builtinTools];
  return episode.tools.flatMap((name) => builtinTools.filter((tool) => tool.name === name));
}

export async function runFixture(fixture: Fixture, hooks: FixtureRunHooks = {}, options: FixtureRunOptions = {}): Promise<AgentLoopResult[]> {
  const now = options.now ?? Date.now;
  const results: AgentLoopResult[] = [];
  for (const [index, episode] of fixture.episodes.entries()) {
    hooks.onEpisodeStart?.(episode, index);
    const model = new FakeModel(episode.script, { now });
    let result: AgentLoopResult;
    try {
      result = await runAgentLoop({
        model,
        registry: new ToolRegistry(toolsFor(episode)),
        systemPrompt: episode.systemPrompt,
        messages: [{ role: "user", content: episode.user, timestamp: now() }],
        maxTurns: episode.maxTurns,
        signal: options.signal,
        now,
        onEvent: (event) => hooks.onEvent?.(event, index),
      });
    } catch (error) {
      throw new EpisodeError(index, error);
    }
    hooks.onEpisodeEnd?.(episode, index, { result, unusedReplies: model.unusedReplies().length });
    results.push(result);
  }
  return results;
}
