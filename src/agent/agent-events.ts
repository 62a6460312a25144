// The typed events the agent loop emits. The loop prints nothing: the text transcript, the JSON
// Lines output and an interactive UI are all consumers of this one stream.

import type { AssistantMessage, Coercion, Context, Message, TextContent, ToolCall, ToolResultMessage } from "../protocol/types.ts";
import type { ToolCallTrace } from "./execute-tool-call.ts";

/** "stop": a reply asked for no tool; "maxTurns": the cap; "modelError": the reply's stopReason
 *  was "error" or "aborted"; "aborted": the run's signal fired. */
export type EndReason = "stop" | "maxTurns" | "modelError" | "aborted";

export type AgentEvent =
  /** The history the run starts from (usually the user's message). */
  | { type: "agentStart"; messages: Message[] }
  /** A model request is about to be sent; `context` is exactly what the model receives. */
  | { type: "turnStart"; turn: number; context: Context }
  /** A message joined the history (an assistant reply before its tools run). */
  | { type: "messageAppended"; message: Message; historyLength: number }
  | { type: "toolStart"; call: ToolCall }
  /** The call was found and its arguments passed validation: the tool runs next. */
  | { type: "toolValidated"; call: ToolCall; parsedArguments: unknown; conversions: Coercion["conversions"] }
  | { type: "toolProgress"; call: ToolCall; content: TextContent[] }
  | { type: "toolEnd"; call: ToolCall; trace: ToolCallTrace }
  /** `finishOrder`: call ids in the order they finished (in parallel mode, not the call order). */
  | { type: "turnEnd"; turn: number; assistant: AssistantMessage; results: ToolResultMessage[]; finishOrder: string[]; history: readonly Message[] }
  | { type: "end"; reason: EndReason; turns: number; history: readonly Message[] };

/** A listener may return a promise; the loop waits for it (an interactive UI pauses there). */
export type AgentEventListener = (event: AgentEvent) => void | Promise<void>;
