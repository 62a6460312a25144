// StreamingFakeModel: the FakeModel, streamed. Each request is answered by the scripted reply's
// events (stream-plan.ts) — fragments of text and of argument JSON, one per tick of the event loop,
// as a server's chunks arrive — and `complete` consumes them into the same message the plain
// FakeModel returns. The plain FakeModel underneath still checks each request and records it.

import type { AssistantStream, AssistantStreamEvent } from "../protocol/stream-events.ts";
import type { AbortWords } from "../protocol/text.ts";
import type { AssistantMessage, Context, Model } from "../protocol/types.ts";
import { describeAbort } from "./call-policy.ts";
import { consumeStream, type StreamEventListener } from "./consume-stream.ts";
import { FakeModel, type FakeModelOptions, type ScriptedReply } from "./fake-model.ts";
import { type StreamPlan, type StreamStep, streamSteps } from "./stream-plan.ts";

/** A scripted reply that may say how it is streamed. */
export interface StreamedReply extends ScriptedReply {
  stream?: StreamPlan;
}

export interface StreamingFakeModelOptions extends FakeModelOptions {
  /** Fragment size for every reply without explicit fragments (--chunk); wins over a reply's own. */
  chunk?: number;
  /** Sees every event with the message so far; a returned promise pauses the stream (stepping). */
  onStreamEvent?: StreamEventListener;
  /** How an aborted stream's error event words the abort: the run's language (the chapters' when left out). */
  abortWords?: AbortWords;
}

export class StreamingFakeModel implements Model {
  readonly #fake: FakeModel;
  readonly #script: readonly StreamedReply[];
  readonly #options: StreamingFakeModelOptions;
  #next = 0;

  /** `fake`: an existing FakeModel over the same script, to stream its replies (run-fixture makes one). */
  constructor(script: readonly StreamedReply[], options: StreamingFakeModelOptions = {}, fake?: FakeModel) {
    this.#fake = fake ?? new FakeModel(script, options);
    this.#script = script;
    this.#options = options;
  }

  /** The underlying FakeModel: its recorded requests and unused replies. */
  get fake(): FakeModel {
    return this.#fake;
  }

  /** The reply's events. The request is checked (and may be refused) before the first event. */
  async stream(context: Context, signal?: AbortSignal): Promise<AssistantStream> {
    const message = await this.#fake.complete(context);
    const plan = this.#script[this.#next++]?.stream;
    return eventsOf(streamSteps(message, plan, this.#options.chunk), signal, this.#options.abortWords);
  }

  async complete(context: Context, signal?: AbortSignal): Promise<AssistantMessage> {
    const events = await this.stream(context, signal);
    const ending = await consumeStream(events, { signal, onEvent: this.#options.onStreamEvent, abortWords: this.#options.abortWords });
    return ending.message;
  }
}

/** Replays the steps one per macrotask; a stall waits for the abort and reports it as Pi does. */
async function* eventsOf(steps: readonly StreamStep[], signal: AbortSignal | undefined, words: AbortWords | undefined): AsyncGenerator<AssistantStreamEvent> {
  for (const step of steps) {
    if (signal?.aborted) return yield abortedEvent(signal, words);
    if (step.kind === "stall") {
      // A server that stops sending: only the run's abort (Ctrl-C, a timeout) ends the wait.
      if (!signal) return yield { type: "error", reason: "error", errorMessage: "the stream stalled and nothing could abort it" };
      await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener("abort", () => resolve(), { once: true })));
      return yield abortedEvent(signal, words);
    }
    // One event per macrotask: a timer or Ctrl-C can fire between two fragments, as on a socket.
    await new Promise<void>((resolve) => setImmediate(resolve));
    yield step.event;
  }
}

function abortedEvent(signal: AbortSignal, words: AbortWords | undefined): AssistantStreamEvent {
  return { type: "error", reason: "aborted", errorMessage: describeAbort(signal, words) };
}
