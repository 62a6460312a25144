// Replays a conversation that goes on after the model's first final answer: a script holding
// later user messages ({ user } items), or one that ends with a request whose reply was never
// recorded (an imported log). The agent loop runs once per stretch of replies; between stretches
// the next user message joins the history, announced as a messageAppended event. A stretch ends
// where the log moves on, so the loop's own "end" is reported only once, for the last stretch.
import { isUserTurn } from "../fixture/conversation-format.ts";

export { isConversation } from "../fixture/conversation-format.ts";

import type { AgentEvent } from "../agent/agent-events.ts";
import { type AgentLoopOptions, type AgentLoopResult, runAgentLoop } from "../agent/agent-loop.ts";
import { type FakeModel, ScriptExhaustedError } from "../agent/fake-model.ts";
import type { Message, Model } from "../protocol/types.ts";

export interface ConversationOptions extends Omit<AgentLoopOptions, "messages" | "maxTurns" | "model"> {
  /** What the loop asks: the script itself, or a wrapper around it (--stream). */
  model: Model;
  /** The script, asked whether replies remain when it runs out at the unanswered last request. */
  scripted: FakeModel;
  /** The episode's opening user message, if it has one. */
  user: string | undefined;
  script: readonly object[];
  /** The log ends with a request it holds no reply to: make that request, then stop. */
  awaitingReply: boolean;
}

export interface ConversationResult extends AgentLoopResult {
  /** The run stopped at the unanswered last request, as the log does. */
  awaitingReply: boolean;
}

/** Every option of the loop, each named (a new one cannot be left out unnoticed). */
type LoopOptions = { [Key in keyof Required<AgentLoopOptions>]: AgentLoopOptions[Key] };

export async function runConversation(options: ConversationOptions): Promise<ConversationResult> {
  const { model, scripted, script, awaitingReply, onEvent, signal } = options;
  const now = options.now ?? Date.now;
  // One history for the whole conversation: the loop appends to it in place, and so do user turns.
  const history: Message[] = options.user === undefined ? [] : [{ role: "user", content: options.user, timestamp: now() }];
  let turns = 0;
  let started = false;
  let ended: Extract<AgentEvent, { type: "end" }> | undefined;
  // The same options for every stretch but its turn cap, made once: a long log has thousands of stretches.
  const stretchOptions: LoopOptions = {
    model,
    registry: options.registry,
    systemPrompt: options.systemPrompt,
    toolExecution: options.toolExecution,
    validation: options.validation,
    toolErrors: options.toolErrors,
    reviewReply: options.reviewReply,
    signal,
    now: options.now,
    maxTurns: undefined,
    messages: history,
    appendTo: history,
    // Without a listener of its own the conversation has none to give the loop: no event is made.
    onEvent:
      onEvent === undefined
        ? undefined
        : (event) => {
            // One agentStart per conversation: later stretches start from a history already told.
            if (event.type === "agentStart") {
              if (started) return undefined;
              started = true;
            }
            // Held back: only the last stretch's end (or an abort) ends the conversation.
            if (event.type === "end") {
              ended = event;
              return undefined;
            }
            return onEvent(event);
          },
  };

  // The stretches are read off the script as the replay reaches them, by position: a list of them
  // made first was as long as the conversation and kept for the whole replay.
  let at = 0;
  for (let index = 0; ; index++) {
    const usersFrom = at;
    while (at < script.length && isUserTurnAt(script, at)) at++;
    const usersTo = at;
    while (at < script.length && !isUserTurnAt(script, at)) at++;
    const replies = at - usersTo;
    const last = at >= script.length;
    for (let item = usersFrom; item < usersTo; item++) {
      const turn = script[item];
      if (turn === undefined || !isUserTurn(turn)) continue;
      const message: Message = { role: "user", content: turn.user, timestamp: now() };
      history.push(message);
      // User turns before any reply open the conversation: they are in the first request, not "again".
      if (index === 0) continue;
      // Awaited only when a listener hands back a promise: without one there is nothing to wait for.
      const told = onEvent?.({ type: "messageAppended", message, historyLength: history.length });
      if (told) await told;
    }
    let remaining = replies + (last && awaitingReply ? 1 : 0);
    while (remaining > 0) {
      if (signal?.aborted) break;
      ended = undefined;
      let result: AgentLoopResult;
      try {
        // The one option that changes from stretch to stretch, set on the one options object: the
        // loop reads it on entry, and the previous run has ended by now.
        stretchOptions.maxTurns = remaining;
        result = await runAgentLoop(stretchOptions);
      } catch (error) {
        // The one request the log has no reply to: it has been shown (turnStart); the replay ends there.
        if (last && awaitingReply && error instanceof ScriptExhaustedError && scripted.unusedReplies().length === 0) {
          return { history, reason: "stop", turns: turns + 1, awaitingReply: true };
        }
        throw error;
      }
      turns += result.turns;
      remaining -= result.turns;
      const finalRun = result.reason === "aborted" || (last && remaining <= 0) || result.turns === 0;
      if (finalRun && ended) await onEvent?.(ended);
      if (result.reason === "aborted") return { ...result, turns, awaitingReply: false };
      if (result.turns === 0) break;
    }
    if (last) break;
  }
  return { history, reason: "stop", turns, awaitingReply: false };
}

/** Whether the script's item at `at` is a later user message. */
function isUserTurnAt(script: readonly object[], at: number): boolean {
  const item = script[at];
  return item !== undefined && isUserTurn(item);
}
