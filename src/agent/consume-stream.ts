// The loop's stream consumer: builds the assistant message from a reply's events as they arrive
// (the building itself is stream-assembler.ts) and returns it when the stream ends — as `complete`
// would have returned it. An abort between two events ends it as aborted; a producer that stops
// early is told to stop (`return`), whichever way the loop ended.

import type { AssistantStream, AssistantStreamEvent } from "../protocol/stream-events.ts";
import type { AbortWords } from "../protocol/text.ts";
import { StreamAssembler, type StreamEnding, type StreamProgress } from "./stream-assembler.ts";

export type { PartialToolCall, StreamEnding, StreamProgress } from "./stream-assembler.ts";

export type StreamEventListener = (event: AssistantStreamEvent, progress: StreamProgress) => void | Promise<void>;

/** `abortWords`: how a stream the run stopped words its reason (the run's language; the chapters' when left out). */
export async function consumeStream(
  stream: AssistantStream,
  options: { signal?: AbortSignal; onEvent?: StreamEventListener; abortWords?: AbortWords } = {},
): Promise<StreamEnding> {
  const assembler = new StreamAssembler();
  const { signal, onEvent, abortWords } = options;
  const iterator = stream[Symbol.asyncIterator]();
  try {
    while (!assembler.terminated) {
      if (signal?.aborted) return assembler.aborted(signal, abortWords);
      const next = await iterator.next();
      if (next.done) break;
      const event = next.value;
      assembler.push(event);
      // A listener may hand back a promise (stepping pauses the stream there); it is waited for.
      await onEvent?.(event, assembler.progress(event));
    }
  } finally {
    // Stop the producer (a stalled fake server, a socket) whichever way this loop ended.
    if (!assembler.terminated) await iterator.return?.();
  }
  if (assembler.terminated) return assembler.ended();
  return signal?.aborted ? assembler.aborted(signal, abortWords) : assembler.cut();
}
