// The events of one streamed assistant reply, named and ordered as Pi's AssistantMessageEvent
// (pi-mono packages/ai/src/types.ts): `start`, then for each content block `text_start` →
// `text_delta`* → `text_end` or `toolcall_start` → `toolcall_delta`* → `toolcall_end`, then `done`
// (with the stop reason) or `error`. Pi also hands every event the partial message; here the
// consumer builds that itself (consume-stream.ts), so an event carries only what is new and a
// JSON Lines log of the events stays linear in the length of the reply.
import type { StopReason, ToolCall } from "./types.ts";

export type AssistantStreamEvent =
  /** The reply begins; `timestamp` is the message's. */
  | { type: "start"; timestamp: number }
  | { type: "text_start"; contentIndex: number }
  | { type: "text_delta"; contentIndex: number; delta: string }
  | { type: "text_end"; contentIndex: number; content: string }
  /** A call's id and name come first; its arguments follow as fragments of JSON text. */
  | { type: "toolcall_start"; contentIndex: number; id: string; name: string }
  | { type: "toolcall_delta"; contentIndex: number; delta: string }
  /** The arguments are complete: only now can they be validated. */
  | { type: "toolcall_end"; contentIndex: number; toolCall: ToolCall }
  | { type: "done"; reason: Extract<StopReason, "stop" | "length" | "toolUse"> }
  | { type: "error"; reason: Extract<StopReason, "aborted" | "error">; errorMessage?: string };

/** Anything that answers a context with a stream of events (a provider client, StreamingFakeModel). */
export type AssistantStream = AsyncIterable<AssistantStreamEvent>;
