// English sentences of the stream narration (see stream-catalog.ts).
import type { StreamCatalog } from "./stream-catalog.ts";

const streamEn: StreamCatalog = {
  streamHeader: "The reply arrives as a stream of events (Pi's names), one per line:",
  argumentsSoFar: (text, value) => `argument text so far ${text}  →  best value so far ${value}`,
  mayGrow: (kind, leaf) => `(the ${kind} ${leaf} at the end may still grow)`,
  notYetAValue: "no value yet",
  notJson: (offset, message) => `the argument text stopped being JSON at offset ${offset} (${message}); validation will refuse it`,
  validationPossible: "arguments complete: only now can they be validated",
  streamDone: (reason) => `stream ends: done, stopReason=${reason}`,
  streamError: (reason, message) => `stream ends: error, stopReason=${reason}${message === undefined ? "" : ` (${message})`}`,
  unfinishedCall: (name, id, value) =>
    `${name}#${id} never finished: its last partial arguments ${value} stay in the message, and the loop answers it with an error result`,
  wireStreamHeading: (provider, endpoint) => `${provider} would stream this reply as these server-sent events (${endpoint}, "stream": true):`,
  wireStreamVariant: (label) => `variant: ${label}`,
};

export default streamEn;
