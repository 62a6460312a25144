// The streaming FakeModel against the plain one: for random replies and random chunkings (fixed
// sizes, or explicit fragments interleaving the blocks) the consumed stream is the very message
// `complete` returns; a stream cut anywhere (length, error event, stall then abort) still ends the
// run with every call answered by a paired result.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { consumeStream } from "../../src/agent/consume-stream.ts";
import { assembleEvents, type StreamProgress } from "../../src/agent/stream-assembler.ts";
import { blockText, type StreamPlan, streamSteps } from "../../src/agent/stream-plan.ts";
import { type StreamedReply, StreamingFakeModel } from "../../src/agent/streaming-fake-model.ts";
import { builtinTools, FakeModel, findPairingProblem, type Message, runAgentLoop, type StopReason, ToolRegistry } from "../../src/index.ts";
import type { JsonChange, JsonPathSegment } from "../../src/json/partial-json.ts";
import type { AssistantStreamEvent } from "../../src/protocol/stream-events.ts";
import { propertyRuns } from "../property-runs.ts";

const block = fc.oneof(
  fc.record({ type: fc.constant("text" as const), text: fc.string({ unit: "binary" }) }),
  fc.record({
    type: fc.constant("toolCall" as const),
    id: fc.constantFrom("c1", "c2", "call_3", ""),
    name: fc.constantFrom("calc", "echo", "missing"),
    arguments: fc.jsonValue({ maxDepth: 3 }),
  }),
);
const stopReason = fc.option(fc.constantFrom<StopReason>("stop", "length", "toolUse", "error", "aborted"), { nil: undefined });
const reply = fc.record({ content: fc.array(block, { maxLength: 4 }), stopReason }, { requiredKeys: ["content"] });

/** Explicit fragments: every block's text cut at random points, the pieces interleaved at random. */
const explicitPlan = (content: StreamedReply["content"]) =>
  fc
    .tuple(fc.array(fc.array(fc.nat(), { maxLength: 5 }), { minLength: content.length, maxLength: content.length }), fc.array(fc.nat(), { maxLength: 40 }))
    .map(([cutsPerBlock, order]): StreamPlan => {
      const queues = content.map((item, index) => {
        const text = blockText(item);
        const points = [...new Set((cutsPerBlock[index] ?? []).map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        const pieces: string[] = [];
        let previous = 0;
        for (const point of [...points, text.length])
          if (point > previous) {
            pieces.push(text.slice(previous, point));
            previous = point;
          }
        return pieces;
      });
      const deltas: { block: number; text: string }[] = [];
      let pick = 0;
      while (queues.some((queue) => queue.length > 0)) {
        const open = queues.map((queue, index) => (queue.length > 0 ? index : -1)).filter((index) => index >= 0);
        const index = open[(order[pick++ % Math.max(order.length, 1)] ?? 0) % open.length] ?? 0;
        const text = queues[index]?.shift();
        if (text !== undefined) deltas.push({ block: index, text });
      }
      return { deltas };
    });

/** Applies a parser's changes to a copy of the value kept apart from it. */
function applyChanges(replica: { root: unknown }, changes: readonly JsonChange[]): void {
  const at = (path: readonly JsonPathSegment[]): unknown =>
    path.reduce<unknown>((node, segment) => (typeof node === "object" && node !== null ? Reflect.get(node, segment) : undefined), replica.root);
  for (const change of changes) {
    const value =
      change.kind === "open" ? (change.container === "array" ? [] : {}) : change.kind === "set" ? change.value : `${String(at(change.path))}${change.text}`;
    const key = change.path.at(-1);
    const parent = at(change.path.slice(0, -1));
    if (key === undefined) replica.root = value;
    else if (typeof parent === "object" && parent !== null) Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
  }
}

const context = { messages: [{ role: "user" as const, content: "hi", timestamp: 0 }] };

test("a streamed reply, in any fragments, is the message complete returns", async () => {
  await fc.assert(
    fc.asyncProperty(
      reply.chain((scripted) =>
        fc.tuple(fc.constant(scripted), fc.oneof(fc.record({ chunk: fc.integer({ min: 1, max: 12 }) }), explicitPlan(scripted.content))),
      ),
      async ([scripted, plan]) => {
        const whole = await new FakeModel([scripted], { now: () => 7 }).complete(context);
        const events: AssistantStreamEvent[] = [];
        // What a watcher keeps from each fragment's changes alone is the value the consumer parsed.
        const replicas = new Map<number, { root: unknown }>();
        const streamed = await new StreamingFakeModel([{ ...scripted, stream: plan }], {
          now: () => 7,
          onStreamEvent: (event, progress) => {
            events.push(event);
            const call = progress.toolCall;
            if (event.type !== "toolcall_delta" || !call || call.ended) return;
            const replica = replicas.get(call.contentIndex) ?? { root: undefined };
            replicas.set(call.contentIndex, replica);
            applyChanges(replica, call.changes);
            assert.deepStrictEqual(replica.root, call.value);
          },
        }).complete(context);
        assert.deepStrictEqual(streamed, whole);
        // Pi's order: start first, one terminal event last, and every block opened before its deltas and closed once.
        assert.equal(events[0]?.type, "start");
        assert.ok(["done", "error"].includes(events.at(-1)?.type ?? ""));
        const ends = events.filter((event) => event.type === "text_end" || event.type === "toolcall_end").length;
        assert.equal(ends, scripted.content.length);
      },
    ),
    { numRuns: propertyRuns(400) },
  );
});

test("a stream that stops without a terminal event yields the partial message, marked", async () => {
  async function* events(): AsyncGenerator<AssistantStreamEvent> {
    yield { type: "start", timestamp: 3 };
    yield { type: "toolcall_start", contentIndex: 0, id: "c1", name: "calc" };
    yield { type: "toolcall_delta", contentIndex: 0, delta: '{"a":12' };
  }
  const ending = await consumeStream(events());
  assert.equal(ending.unterminated, true);
  assert.equal(ending.message.stopReason, "error");
  assert.deepEqual(ending.message.content, [{ type: "toolCall", id: "c1", name: "calc", arguments: { a: 12 } }]);
});

function assertEveryCallAnswered(history: readonly Message[]): void {
  assert.equal(findPairingProblem(history), undefined);
  const answered = new Set(history.flatMap((message) => (message.role === "toolResult" ? [message.toolCallId] : [])));
  for (const message of history)
    if (message.role === "assistant") for (const item of message.content) if (item.type === "toolCall") assert.ok(answered.has(item.id), item.id);
}

test("every cut stream leaves every call answered", async () => {
  const cut = fc.record({ after: fc.integer({ min: 1, max: 30 }), reason: fc.constantFrom("length" as const, "error" as const, "stall" as const) });
  await fc.assert(
    fc.asyncProperty(reply, cut, fc.integer({ min: 1, max: 9 }), async (scripted, cutPlan, chunk) => {
      const controller = new AbortController();
      // A stall only ends when the run is aborted, as Ctrl-C or a timeout would; the other cuts
      // must end by themselves, so only a stall is aborted, once its model request has begun.
      const abortStall = () => {
        if (cutPlan.reason === "stall") setImmediate(() => controller.abort(new Error("test abort")));
      };
      const model = new StreamingFakeModel([{ ...scripted, stream: { cut: cutPlan } }, { content: [{ type: "text", text: "done" }] }], {
        chunk,
        onRequest: abortStall,
      });
      const { history } = await runAgentLoop({ model, registry: new ToolRegistry(builtinTools), messages: context.messages, signal: controller.signal });
      assertEveryCallAnswered(history);
      const first = history[1];
      assert.ok(first?.role === "assistant");
      // A cut reply never runs its calls: the stop reason says it was cut.
      assert.equal(first.stopReason, { length: "length", error: "error", stall: "aborted" }[cutPlan.reason]);
    }),
    { numRuns: propertyRuns(150) },
  );
});

test("an event with an absurd block index is ignored, not turned into a sparse array", async () => {
  async function* events(): AsyncGenerator<AssistantStreamEvent> {
    yield { type: "start", timestamp: 0 };
    yield { type: "text_start", contentIndex: 1e9 };
    yield { type: "text_start", contentIndex: -1 };
    yield { type: "text_start", contentIndex: 0 };
    yield { type: "text_delta", contentIndex: 0, delta: "ok" };
    yield { type: "done", reason: "stop" };
  }
  const ending = await consumeStream(events());
  assert.deepEqual(ending.message.content, [{ type: "text", text: "ok" }]);
});

/** What a watcher saw of one event, copied (the message and the call's value are live). */
function seen(event: AssistantStreamEvent, progress: StreamProgress): string {
  return JSON.stringify({ event, partial: progress.partial, toolCall: progress.toolCall });
}

test("events in memory, assembled without a wait, give the streamed message and the same progress at every event", async () => {
  const cut = fc.option(fc.record({ after: fc.integer({ min: 1, max: 30 }), reason: fc.constantFrom("length" as const, "error" as const) }), {
    nil: undefined,
  });
  await fc.assert(
    fc.asyncProperty(reply, cut, fc.integer({ min: 1, max: 9 }), async (scripted, cutPlan, chunk) => {
      const message = { role: "assistant" as const, content: scripted.content, stopReason: scripted.stopReason ?? "stop", timestamp: 1 };
      const events = streamSteps(message, cutPlan ? { cut: cutPlan } : undefined, chunk).flatMap((step) => (step.kind === "event" ? [step.event] : []));
      // Now and then the last event is left off: a capture that stops early.
      const kept = chunk % 3 === 0 ? events.slice(0, -1) : events;
      const watched: { streamed: string[]; inMemory: string[] } = { streamed: [], inMemory: [] };
      const streamed = await consumeStream(
        (async function* () {
          yield* kept;
        })(),
        { onEvent: (event, progress) => void watched.streamed.push(seen(event, progress)) },
      );
      const inMemory = assembleEvents(kept, (event, progress) => void watched.inMemory.push(seen(event, progress)));
      assert.deepStrictEqual(inMemory, streamed);
      assert.deepStrictEqual(watched.inMemory, watched.streamed);
    }),
    { numRuns: propertyRuns(200) },
  );
});

test("a listener's promise holds the stream: the next event is read only once it settles", async () => {
  const log: string[] = [];
  async function* events(): AsyncGenerator<AssistantStreamEvent> {
    log.push("read start");
    yield { type: "start", timestamp: 0 };
    log.push("read text_start");
    yield { type: "text_start", contentIndex: 0 };
    log.push("read done");
    yield { type: "done", reason: "stop" };
  }
  let release = () => {};
  const consumed = consumeStream(events(), {
    onEvent: (event) => {
      log.push(`saw ${event.type}`);
      if (event.type === "start") return new Promise<void>((resolve) => (release = resolve));
    },
  });
  // Several turns of the event loop: an unheld stream would have been read to its end by now.
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(log, ["read start", "saw start"]);
  release();
  await consumed;
  assert.deepEqual(log, ["read start", "saw start", "read text_start", "saw text_start", "read done", "saw done"]);
});
