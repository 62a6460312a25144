// What a client receives from serve's streams: for every event, its `event:` line names the event
// and its `data:` line is JSON.stringify of the event as the renderer typed it, so the typed
// object is the one definition of each event (its keys in the order the API writes them), and
// reading the bytes back gives the very events. Every scripted reply of every fixture, streamed by
// each provider at several fragment sizes, with and without Chat's usage chunk, under model names
// JSON has to escape.
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { FakeModel } from "../../src/agent/fake-model.ts";
import { streamSteps } from "../../src/agent/stream-plan.ts";
import { scriptReplies } from "../../src/fixture/conversation-format.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import type { AssistantStreamEvent } from "../../src/protocol/stream-events.ts";
import { loadAllParts, providerIds } from "../../src/providers/registry.ts";
import type { ServedMeta } from "../../src/providers/shared/served-reply.ts";
import { formatSse, readSse, type SseFrame } from "../../src/providers/shared/sse.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Model names a harness may send: plain, with quotes and a backslash, beyond Latin-1, a line separator. */
const models = ["gpt-4o", 'a "quoted" \\ model', "模型-é", "line\u2028break"];
/** The reply's own plan, then fragments of one and three characters (text that JSON escapes gets cut anywhere). */
const chunks = [undefined, 1, 3];

/** The server-sent events of a stream's text, each as its lines. */
function sseEvents(text: string): string[][] {
  assert.ok(text.endsWith("\n\n"), "a stream ends with a blank line");
  return text
    .slice(0, -2)
    .split("\n\n")
    .map((event) => event.split("\n"));
}

function expectedLines({ event, data }: SseFrame): string[] {
  const dataLine = `data: ${typeof data === "string" ? data : JSON.stringify(data)}`;
  return event === undefined ? [dataLine] : [`event: ${event}`, dataLine];
}

test("every served stream event is written as JSON.stringify of its typed event, and reads back as that event", async () => {
  const partsOf = await loadAllParts();
  const files = readdirSync(join(root, "fixtures")).filter((name) => name.endsWith(".json"));
  let checked = 0;
  for (const file of files) {
    const fixture = await loadFixture(join(root, "fixtures", file));
    for (const { script } of fixture.episodes) {
      for (const [index, reply] of scriptReplies(script).entries()) {
        const message = await new FakeModel([reply], { now: () => 0, recordRequests: false }).complete({ messages: [] });
        for (const chunk of chunks) {
          const events: AssistantStreamEvent[] = [];
          for (const step of streamSteps(message, reply.stream, chunk)) if (step.kind === "event") events.push(step.event);
          for (const provider of providerIds) {
            for (const [number, model] of models.entries()) {
              const meta: ServedMeta = { model, usage: { input: 30, output: 7 }, includeUsage: number % 2 === 0, requestId: "req_1" };
              const frames: readonly SseFrame[] = partsOf(provider).stream.serve(events, { conversation: 3, turn: index + 1 }, meta);
              const where = `${file} reply ${index + 1}, ${provider}, chunk ${chunk ?? "plan"}, model ${JSON.stringify(model)}`;
              const text = formatSse(frames);
              const written = sseEvents(text);
              assert.equal(written.length, frames.length, where);
              for (const [position, frame] of frames.entries()) {
                assert.deepEqual(written[position], expectedLines(frame), `${where}, event ${position + 1}`);
                checked++;
              }
              const read = readSse(text);
              assert.deepEqual(read.problems, [], where);
              assert.deepEqual(
                read.frames,
                frames.map(({ event, data }) => (event === undefined ? { data } : { event, data })),
                where,
              );
            }
          }
        }
      }
    }
  }
  // Not vacuous: the corpus streams every kind of event, text and argument deltas most of all.
  assert.ok(checked > 1000, `only ${checked} events checked`);
});
