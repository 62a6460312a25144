// English sentences of replay-stream (see replay-stream-messages.ts).
import type { ReplayStreamMessages } from "./replay-stream-messages.ts";

const replayStreamEn: ReplayStreamMessages = {
  detected: (provider, events) => `provider: ${provider}, ${events} event(s)`,
  skipped: (count, types) => `${count} event(s) the parser does not use were listed and skipped: ${types}`,
  stoppedEarly: (events, last) => `the stream ended early, after event ${events} (${last}): the message below is partial`,
  messageHeading: "The rebuilt assistant message:",
  unknownProvider: (file, expected) => `${file}: cannot tell which provider sent this stream; pass --provider (expected one of: ${expected})`,
  unreadable: (file, problem) => `${file}: ${problem}`,
  noEvents: "no events",
};

export default replayStreamEn;
