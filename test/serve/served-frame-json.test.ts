// The stream events serve writes from pre-rendered JSON (SseFrame.json: a chunk's repeated
// envelope written once per stream, a delta written from its fragment) must be the very text
// JSON.stringify writes for the event's data, byte for byte: every scripted reply of every
// fixture, streamed by each provider at several fragment sizes, with and without Chat's usage
// chunk, under model names JSON has to escape.
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
import { formatSse } from "../../src/providers/shared/sse.ts";
import { textReplyEvents } from "./text-reply-events.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Model names a harness may send: plain, with quotes and a backslash, beyond Latin-1, a line separator. */
const models = ["gpt-4o", 'a "quoted" \\ model', "模型-é", "line\u2028break"];
/** The reply's own plan, then fragments of one and three characters (text that JSON escapes gets cut anywhere). */
const chunks = [undefined, 1, 3];

test("every pre-rendered stream event is JSON.stringify of its data, and the stream body is unchanged", async () => {
  const partsOf = await loadAllParts();
  const files = readdirSync(join(root, "fixtures")).filter((name) => name.endsWith(".json"));
  let rendered = 0;
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
              const frames = partsOf(provider).stream.serve(events, { conversation: 3, turn: index + 1 }, meta);
              const where = `${file} reply ${index + 1}, ${provider}, chunk ${chunk ?? "plan"}, model ${JSON.stringify(model)}`;
              for (const [position, frame] of frames.entries()) {
                if (frame.json === undefined) continue;
                rendered++;
                assert.equal(frame.json, JSON.stringify(frame.data), `${where}, event ${position + 1}`);
              }
              const plain = frames.map(
                ({ event, data }) => `${event === undefined ? "" : `event: ${event}\n`}data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`,
              );
              assert.equal(formatSse(frames), plain.join(""), where);
            }
          }
        }
      }
    }
  }
  // Not vacuous: the corpus exercises the pre-rendered events.
  assert.ok(rendered > 1000, `only ${rendered} pre-rendered events`);
});

test("the wire view's streams carry no pre-rendered JSON (only serve's do)", async () => {
  const partsOf = await loadAllParts();
  const events = textReplyEvents("hi");
  for (const provider of providerIds)
    for (const { frames } of partsOf(provider).stream.views(events))
      assert.ok(
        frames.every((frame) => !("json" in frame)),
        provider,
      );
});
