// The agent loop: ask the model, append its reply, run the tools it asked for, append their
// results in call order, and ask again — until a reply asks for no tool, the turn cap is reached,
// the model stops with an error, or the run is aborted. It emits events and prints nothing.

import type { AssistantMessage, Message, Model, TextContent, ToolCall, ToolResultMessage, ValidationPolicy } from "../protocol/types.ts";
import type { AgentEvent, AgentEventListener, EndReason } from "./agent-events.ts";
import { describeAbort, skipMessage, skippedTrace, skipReason } from "./call-policy.ts";
import { giveEventLoopATurnIfDue } from "./event-loop-turns.ts";
import { type SkipReason, type ToolCallTrace, type ToolErrorDetail, traceToolCall } from "./execute-tool-call.ts";
import type { ToolRegistry } from "./tool-registry.ts";

/** Without a cap a model that always asks for another tool would never stop. */
export const DEFAULT_MAX_TURNS = 8;

export type ToolExecution = "sequential" | "parallel";

export interface AgentLoopOptions {
  model: Model;
  registry: ToolRegistry;
  systemPrompt?: string;
  /** The history so far; the loop appends to its own copy, unless `appendTo` is given. */
  messages: readonly Message[];
  /** The same array as `messages`, given to be appended to in place: a caller that runs the loop
   *  more than once over one conversation (later user turns, run-conversation.ts) keeps one
   *  history, where a copy on every entry would cost the whole history again each time. */
  appendTo?: Message[];
  maxTurns?: number;
  /** "sequential" (default) runs one call after another; "parallel" starts them together. */
  toolExecution?: ToolExecution;
  /** A function is asked again for every call, so a session can switch policy mid-run. */
  validation?: ValidationPolicy | (() => ValidationPolicy);
  /** What a failed validation tells the model ("brief" by default). */
  toolErrors?: ToolErrorDetail;
  /** Sees each reply before it joins the history and may change its calls (an interactive edit);
   *  what it returns is what the history records and the loop runs. */
  reviewReply?: (reply: AssistantMessage, turn: number) => Promise<AssistantMessage>;
  /** Aborts the run: calls still pending get paired "aborted" results and no model call follows. */
  signal?: AbortSignal;
  onEvent?: AgentEventListener;
  now?: () => number;
}

export interface AgentLoopResult {
  history: Message[];
  reason: EndReason;
  turns: number;
}

export async function runAgentLoop(options: AgentLoopOptions): Promise<AgentLoopResult> {
  const { model, registry, systemPrompt, signal, reviewReply, validation, toolErrors } = options;
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
  const now = options.now ?? Date.now;
  if (options.appendTo !== undefined && options.appendTo !== options.messages) {
    throw new TypeError("runAgentLoop: appendTo must be the messages array itself");
  }
  const history: Message[] = options.appendTo ?? [...options.messages];
  // Fixed for the run: the model must see the same tools on every request.
  const tools = registry.definitions();
  const listener = options.onEvent;
  // A listener may hand back a promise (an interactive pause); the loop waits for it.
  const emit = (event: AgentEvent): void | Promise<void> => listener?.(event);

  // The starting history as it is now, copied only if a listener reads it: the history only
  // ever grows at its end, so its first `started` messages stay what they are.
  const started = history.length;
  let opening: Message[] | undefined;
  await emit({
    type: "agentStart",
    get messages() {
      opening ??= history.slice(0, started);
      return opening;
    },
  });

  for (let turn = 1; turn <= maxTurns; turn++) {
    await giveEventLoopATurnIfDue();
    if (signal?.aborted) return finish("aborted", turn - 1);
    const context = { systemPrompt, messages: history, tools };
    await emit({ type: "turnStart", turn, context });
    const reply = await model.complete(context, signal);
    const assistant = reviewReply ? await reviewReply(reply, turn) : reply;
    // Appended before any tool runs: the next request must show the model what it asked for.
    await append(assistant);

    const calls = assistant.content.filter((block): block is ToolCall => block.type === "toolCall");
    const { results, finishOrder } = await answerCalls(assistant, calls);
    await emit({ type: "turnEnd", turn, assistant, results, finishOrder, history });

    if (signal?.aborted) return finish("aborted", turn);
    if (assistant.stopReason === "error" || assistant.stopReason === "aborted") return finish("modelError", turn);
    if (calls.length === 0) return finish("stop", turn);
  }
  return finish("maxTurns", maxTurns);

  async function finish(reason: EndReason, turns: number): Promise<AgentLoopResult> {
    await emit({ type: "end", reason, turns, history });
    return { history, reason, turns };
  }

  async function append(message: Message): Promise<void> {
    history.push(message);
    await emit({ type: "messageAppended", message, historyLength: history.length });
  }

  /** Answers every call of a reply, one after another or all together, and appends the results in call order. */
  async function answerCalls(assistant: AssistantMessage, calls: ToolCall[]): Promise<{ results: ToolResultMessage[]; finishOrder: string[] }> {
    const finishOrder: string[] = [];
    const repeatsId = repeatedIds(calls);
    const answerOne = async (call: ToolCall, index: number): Promise<ToolCallTrace> => {
      // In parallel every answerOne waits here before any goes on, so every call of the reply
      // has started before the first tool runs.
      await emit({ type: "toolStart", call });
      const trace = await answer(call, assistant, repeatsId[index] ?? false);
      finishOrder.push(call.id);
      await emit({ type: "toolEnd", call, trace });
      return trace;
    };

    const results: ToolResultMessage[] = [];
    if (options.toolExecution === "parallel") {
      const traces = await Promise.all(calls.map(answerOne));
      // Finishing order is whatever it was; the history keeps the order of the calls.
      for (const trace of traces) {
        await append(trace.result);
        results.push(trace.result);
      }
    } else {
      for (const [index, call] of calls.entries()) {
        const trace = await answerOne(call, index);
        await append(trace.result);
        results.push(trace.result);
      }
    }
    return { results, finishOrder };
  }

  /** One call, answered whatever happens: refused, run, or cut short by an abort. */
  async function answer(call: ToolCall, assistant: AssistantMessage, repeatsId: boolean): Promise<ToolCallTrace> {
    // A call answered without running: its result text in the registry's words (its language).
    const skipped = (reason: SkipReason): ToolCallTrace => {
      const message = skipMessage(reason, call, assistant, describeAbort(signal, registry.texts.abort), registry.texts.skip);
      return skippedTrace(call, reason, message, now());
    };
    const refused = signal?.aborted ? "notStarted" : skipReason(assistant, repeatsId);
    if (refused) return skipped(refused);

    const running = traceToolCall(
      call,
      registry,
      {
        signal,
        // Progress arrives while the tool runs; the loop cannot pause the tool, so it does not wait.
        reportProgress: (content: TextContent[]) => void emit({ type: "toolProgress", call, content }),
      },
      {
        now,
        validation: typeof validation === "function" ? validation() : validation,
        toolErrors,
        // Like progress, told without waiting: the executor goes straight on to run the tool.
        onValidated: (parsedArguments, conversions) => void emit({ type: "toolValidated", call, parsedArguments, conversions }),
      },
    );
    // A tool that ignores its signal must not hold the run hostage: the abort answers for it.
    return signal ? answeredOnAbort(signal, running, () => skipped("aborted")) : running;
  }
}

/** For each call, whether an earlier call of the same reply already used its id. */
function repeatedIds(calls: readonly ToolCall[]): boolean[] {
  const seenIds = new Set<string>();
  return calls.map((call) => {
    const repeated = seenIds.has(call.id);
    seenIds.add(call.id);
    return repeated;
  });
}

/** `running`'s value, or `onAbort()`'s if the signal fires first. */
function answeredOnAbort<T>(signal: AbortSignal, running: Promise<T>, onAbort: () => T): Promise<T> {
  return new Promise<T>((resolve) => {
    const answerNow = () => resolve(onAbort());
    signal.addEventListener("abort", answerNow, { once: true });
    void running.then((value) => {
      signal.removeEventListener("abort", answerNow);
      resolve(value);
    });
  });
}
