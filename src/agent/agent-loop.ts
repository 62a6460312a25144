// The agent loop: ask the model, append its reply, run the tools it asked for, append their
// results in call order, and ask again — until a reply asks for no tool, the turn cap is reached,
// the model stops with an error, or the run is aborted. It emits events and prints nothing.

import type { AssistantMessage, Message, Model, TextContent, ToolCall, ToolResultMessage, ValidationPolicy } from "../protocol/types.ts";
import { answeredOnAbort } from "./abort-answers.ts";
import type { AgentEvent, AgentEventListener, EndReason } from "./agent-events.ts";
import { describeAbort, skipMessage, skippedTrace, skipReason } from "./call-policy.ts";
import { eventLoopTurnIfDue } from "./event-loop-turns.ts";
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
  const { model, registry, systemPrompt, signal, reviewReply } = options;
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
  if (options.appendTo !== undefined && options.appendTo !== options.messages) {
    throw new TypeError("runAgentLoop: appendTo must be the messages array itself");
  }
  const history: Message[] = options.appendTo ?? [...options.messages];
  const listener = options.onEvent;
  const run: LoopRun = {
    options,
    history,
    now: options.now ?? Date.now,
    // A listener may hand back a promise (an interactive pause); the loop waits for it. Without
    // one there is no emit, and `run.emit?.(…)` makes no event at all.
    emit: listener === undefined ? undefined : (event) => listener(event),
  };
  // Fixed for the run: the model must see the same tools on every request.
  const tools = registry.definitions();

  // The starting history as it is now, copied only if a listener reads it: the history only
  // ever grows at its end, so its first `started` messages stay what they are.
  const started = history.length;
  let opening: Message[] | undefined;
  const opened = run.emit?.({
    type: "agentStart",
    get messages() {
      opening ??= history.slice(0, started);
      return opening;
    },
  });
  if (opened) await opened;
  for (let turn = 1; turn <= maxTurns; turn++) {
    const due = eventLoopTurnIfDue();
    if (due) await due;
    if (signal?.aborted) return finish(run, "aborted", turn - 1);
    const context = { systemPrompt, messages: history, tools };
    // A listener's promise is waited for; nothing else is (an `await` of nothing still costs a
    // turn of the microtask queue, several per call over a long replay). toolStart is always
    // awaited in a parallel reply, so its calls all start before the first of them runs.
    const starting = run.emit?.({ type: "turnStart", turn, context });
    if (starting) await starting;
    const reply = await model.complete(context, signal);
    const assistant = reviewReply ? await reviewReply(reply, turn) : reply;
    // Appended before any tool runs: the next request must show the model what it asked for.
    history.push(assistant);
    const appended = run.emit?.({ type: "messageAppended", message: assistant, historyLength: history.length });
    if (appended) await appended;

    const calls = assistant.content.filter((block): block is ToolCall => block.type === "toolCall");
    // A reply without calls (most final answers) has nothing to run or wait for.
    const { results, finishOrder } = calls.length === 0 ? { results: [], finishOrder: [] } : await runCalls(run, assistant, calls);
    const ending = run.emit?.({ type: "turnEnd", turn, assistant, results, finishOrder, history });
    if (ending) await ending;

    if (signal?.aborted) return finish(run, "aborted", turn);
    if (assistant.stopReason === "error" || assistant.stopReason === "aborted") return finish(run, "modelError", turn);
    if (calls.length === 0) return finish(run, "stop", turn);
  }
  return finish(run, "maxTurns", maxTurns);
}

// The steps below are functions of their own, handed the run, rather than closures made afresh
// for every turn and call: a long replay makes hundreds of thousands of calls, and a closure
// (named by tsx's keepNames) costs more than the work it wraps.

/** What the steps of one run share: its options, its history, its clock and its listener. */
interface LoopRun {
  options: AgentLoopOptions;
  history: Message[];
  now: () => number;
  emit: ((event: AgentEvent) => void | Promise<void>) | undefined;
}

/** The run's result, once a listener has been told (a promise only when it hands one back). */
function finish(run: LoopRun, reason: EndReason, turns: number): AgentLoopResult | Promise<AgentLoopResult> {
  const result = { history: run.history, reason, turns };
  const told = run.emit?.({ type: "end", reason, turns, history: run.history });
  return told ? told.then(() => result) : result;
}

/** Runs a reply's calls, one after another or all together, and appends their results in call order. */
async function runCalls(run: LoopRun, assistant: AssistantMessage, calls: ToolCall[]): Promise<{ results: ToolResultMessage[]; finishOrder: string[] }> {
  const results: ToolResultMessage[] = [];
  const finishOrder: string[] = [];
  // Decided once per reply: does a call reuse the id of an earlier call in the same message?
  const repeatsId = repeatedIds(calls);
  if (run.options.toolExecution === "parallel") {
    const traces = await Promise.all(calls.map((call, index) => runOne(run, call, assistant, repeatsId[index] ?? false, finishOrder)));
    // Finishing order is whatever it was; the history keeps the order of the calls.
    for (const trace of traces) {
      const told = append(run, trace.result);
      if (told) await told;
      results.push(trace.result);
    }
  } else {
    for (const [index, call] of calls.entries()) {
      const trace = await runOne(run, call, assistant, repeatsId[index] ?? false, finishOrder);
      const told = append(run, trace.result);
      if (told) await told;
      results.push(trace.result);
    }
  }
  return { results, finishOrder };
}

/** For each call, whether an earlier call of the same reply already used its id. */
function repeatedIds(calls: readonly ToolCall[]): boolean[] {
  // A lone call repeats nothing: most replies make one, and need no set of ids.
  if (calls.length === 1) return [false];
  const seenIds = new Set<string>();
  return calls.map((call) => {
    const repeated = seenIds.has(call.id);
    seenIds.add(call.id);
    return repeated;
  });
}

async function runOne(run: LoopRun, call: ToolCall, assistant: AssistantMessage, repeatsId: boolean, finishOrder: string[]): Promise<ToolCallTrace> {
  const starting = run.emit?.({ type: "toolStart", call });
  // Parallel calls always wait here, so that every call of the reply has started before the first runs.
  if (starting || run.options.toolExecution === "parallel") await starting;
  const trace = await runCall(run, call, assistant, repeatsId);
  finishOrder.push(call.id);
  const told = run.emit?.({ type: "toolEnd", call, trace });
  if (told) await told;
  return trace;
}

/** Appends a result and tells a listener: a promise only when the listener hands one back. */
function append(run: LoopRun, result: ToolResultMessage): void | Promise<void> {
  run.history.push(result);
  return run.emit?.({ type: "messageAppended", message: result, historyLength: run.history.length });
}

/** One call, answered whatever happens: refused, run, or cut short by an abort. */
function runCall(run: LoopRun, call: ToolCall, message: AssistantMessage, repeatsId: boolean): Promise<ToolCallTrace> {
  const { registry, signal, validation } = run.options;
  const refused = signal?.aborted ? "notStarted" : skipReason(message, repeatsId);
  if (refused) return Promise.resolve(skipped(run, call, message, refused));
  const policy = typeof validation === "function" ? validation() : validation;
  const running = traceToolCall(
    call,
    registry,
    {
      signal,
      // Progress arrives while the tool runs; the loop cannot pause the tool, so it does not wait.
      reportProgress(content: TextContent[]) {
        void run.emit?.({ type: "toolProgress", call, content });
      },
    },
    {
      now: run.now,
      validation: policy,
      toolErrors: run.options.toolErrors,
      // Like progress, told without waiting: the executor goes straight on to run the tool.
      onValidated(parsedArguments, conversions) {
        void run.emit?.({ type: "toolValidated", call, parsedArguments, conversions });
      },
    },
  );
  if (!signal) return running;
  // A tool that ignores its signal must not hold the run hostage: the abort answers for it.
  return answeredOnAbort(signal, running, () => skipped(run, call, message, "aborted"));
}

/** A call answered without running: its result text in the registry's words (its language). */
function skipped(run: LoopRun, call: ToolCall, message: AssistantMessage, reason: SkipReason): ToolCallTrace {
  const { registry, signal } = run.options;
  return skippedTrace(call, reason, skipMessage(reason, call, message, describeAbort(signal, registry.texts.abort), registry.texts.skip), run.now());
}
