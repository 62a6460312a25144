// replay-stream's own sentences — what it found in the capture, and why it cannot read one — one
// interface each language implements in full (replay-stream-messages-zh.ts, -en.ts;
// load-replay-stream-messages.ts loads one). The events themselves are narrated by the stream
// narration (src/narration/stream-catalog.ts). Shown as they are: event type names, provider ids,
// and what a parser says about a line it cannot read (JSON's or the provider parser's words).
export interface ReplayStreamMessages {
  detected(provider: string, events: number): string;
  /** `types`: `ping ×3, message_stop`. */
  skipped(count: number, types: string): string;
  /** `last`: the type of the last event that came. */
  stoppedEarly(events: number, last: string): string;
  messageHeading: string;
  unknownProvider(file: string, expected: string): string;
  /** `problem`: why the file cannot be read, or the first line that is no event. */
  unreadable(file: string, problem: string): string;
  /** The text holds no event at all. */
  noEvents: string;
}
