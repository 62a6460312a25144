// A reply's `brokenStream`: a stream that breaks the way real ones are seen to, beside the
// mid-stream error and the dropped connection a stream plan can already script.
// - "malformedEvent": one event's data line is cut in half, so it is not JSON: a client's parser
//   raises (the OpenAI and Anthropic SDKs: "Could not parse message into JSON").
// - "unknownEvent": an event of a type the API does not have, where the API says clients skip
//   one (each provider's `stream.unknownEvent` says how it names it, and why); where it names no
//   rule, an SSE comment line, which every SSE reader must ignore
//   (https://html.spec.whatwg.org/multipage/server-sent-events.html, "lines starting with U+003A").
// - "noFinalEvent": the stream ends cleanly without its last event (Anthropic's message_stop,
//   Responses' response.completed, Chat's [DONE], Gemini's chunk with the finish reason).
import type { StreamBreak } from "../../fixture/fault-format.ts";
import type { ProviderParts } from "../../providers/shared/provider.ts";
import { formatSse, type SseFrame } from "../../providers/shared/sse.ts";

/** The stream's server-sent events as text, broken as `kind` says, after the first event. */
export function brokenSse(frames: readonly SseFrame[], kind: StreamBreak, stream: ProviderParts["stream"]): string {
  if (frames.length === 0) return "";
  const at = Math.min(1, frames.length - 1);
  const before = formatSse(frames.slice(0, at));
  switch (kind) {
    case "noFinalEvent":
      return formatSse(frames.slice(0, -1));
    case "malformedEvent": {
      const frame = frames[at];
      const text = typeof frame?.data === "string" ? frame.data : JSON.stringify(frame?.data);
      // A string is written as it is (formatSse): half of the event's JSON.
      const cut: SseFrame = { ...(frame?.event === undefined ? {} : { event: frame.event }), data: text.slice(0, Math.ceil(text.length / 2)) };
      return before + formatSse([cut]) + formatSse(frames.slice(at + 1));
    }
    case "unknownEvent": {
      const type = "tool_call_playground_unknown_event";
      const unknown = stream.unknownEvent(type);
      return before + (unknown ? formatSse([unknown]) : `: ${type}\n\n`) + formatSse(frames.slice(at));
    }
  }
}
