// The typed events the agent loop emits. The loop prints nothing: the text transcript, the JSON
// output and an interactive UI are all consumers of this one stream.
import type { ToolCallTrace } from "../execute-tool-call.ts";
import type { AssistantMessage, Context, Message, TextContent, ToolCall, ToolResultMessage } from "../types.ts";

export type AgentEvent =
  /** A model request is about to be sent; `context` is exactly what the model receives. */
  | { type: "turnStart"; turn: number; context: Context }
  /** A message joined the history (assistant replies before their tools run). */
  | { type: "messageAppended"; message: Message; historyLength: number }
  | { type: "toolStart"; call: ToolCall }
  | { type: "toolProgress"; call: ToolCall; content: TextContent[] }
  | { type: "toolEnd"; call: ToolCall; trace: ToolCallTrace }
  | { type: "turnEnd"; turn: number; assistant: AssistantMessage; results: ToolResultMessage[]; history: readonly Message[] }
  /** "stop": the model answered without tools; "maxTurns": the turn cap ended the run. */
  | { type: "end"; reason: "stop" | "maxTurns"; turns: number; history: readonly Message[] };

export type AgentEventListener = (event: AgentEvent) => void;
