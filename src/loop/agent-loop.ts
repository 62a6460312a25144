// The agent loop: ask the model, append its reply, run the tools it asked for, append their
// results, and ask again — until a reply asks for no tool or the turn cap is reached.
import { traceToolCall } from "../execute-tool-call.ts";
import type { ToolRegistry } from "../tool-registry.ts";
import type { Message, Model, ToolCall, ToolResultMessage } from "../types.ts";
import type { AgentEventListener } from "./events.ts";

/** Without a cap a model that always asks for another tool would never stop. */
export const DEFAULT_MAX_TURNS = 8;

export interface AgentLoopOptions {
  model: Model;
  registry: ToolRegistry;
  systemPrompt?: string;
  /** The history so far; the loop appends to its own copy. */
  messages: readonly Message[];
  maxTurns?: number;
  signal?: AbortSignal;
  onEvent?: AgentEventListener;
  now?: () => number;
}

export interface AgentLoopResult {
  history: Message[];
  reason: "stop" | "maxTurns";
  turns: number;
}

export async function runAgentLoop(options: AgentLoopOptions): Promise<AgentLoopResult> {
  const { model, registry, systemPrompt, signal, now } = options;
  const emit = options.onEvent ?? (() => {});
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
  const history: Message[] = [...options.messages];
  // Fixed for the run: the model must see the same tools on every request.
  const tools = registry.definitions();

  for (let turn = 1; turn <= maxTurns; turn++) {
    emit({ type: "turnStart", turn, context: { systemPrompt, messages: history, tools } });
    const assistant = await model.complete({ systemPrompt, messages: history, tools }, signal);
    // Appended before any tool runs: the next request must show the model what it asked for.
    history.push(assistant);
    emit({ type: "messageAppended", message: assistant, historyLength: history.length });

    const calls = assistant.content.filter((block): block is ToolCall => block.type === "toolCall");
    const results: ToolResultMessage[] = [];
    for (const call of calls) {
      emit({ type: "toolStart", call });
      const reportProgress = (content: ToolResultMessage["content"]) => emit({ type: "toolProgress", call, content });
      const trace = await traceToolCall(call, registry, { signal, reportProgress }, { now });
      emit({ type: "toolEnd", call, trace });
      history.push(trace.result);
      results.push(trace.result);
      emit({ type: "messageAppended", message: trace.result, historyLength: history.length });
    }
    emit({ type: "turnEnd", turn, assistant, results, history });
    if (calls.length === 0) {
      emit({ type: "end", reason: "stop", turns: turn, history });
      return { history, reason: "stop", turns: turn };
    }
  }
  emit({ type: "end", reason: "maxTurns", turns: maxTurns, history });
  return { history, reason: "maxTurns", turns: maxTurns };
}
