// --json: one JSON object per line, from which the whole history of each episode can be rebuilt.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fixtureJsonLines } from "../../src/commands/play/transcript.ts";
import { fixtureFileFor, fixtureNames } from "../../src/fixture/fixture-files.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import type { Message } from "../../src/protocol/types.ts";
import { replayClock, runFixture } from "../../src/replay/run-fixture.ts";

function isMessage(value: unknown): value is Message {
  return typeof value === "object" && value !== null && "role" in value;
}

test("the JSON lines of every fixture rebuild the histories the loop produced", async () => {
  for (const name of fixtureNames()) {
    const fixture = await loadFixture(fixtureFileFor(name));
    const lines: string[] = [];
    await fixtureJsonLines(fixture, { write: (line) => lines.push(line) });
    const events = lines.map((line): Record<string, unknown> => JSON.parse(line));
    assert.equal(events[0]?.type, "fixture");

    const rebuilt: Message[][] = [];
    for (const event of events) {
      const episode = typeof event.episode === "number" ? event.episode : -1;
      if (event.type === "agentStart" && Array.isArray(event.messages)) rebuilt[episode] = event.messages.filter(isMessage);
      if (event.type === "messageAppended" && isMessage(event.message)) {
        assert.equal(event.index, rebuilt[episode]?.length, `${name}: index is the position in the history`);
        rebuilt[episode]?.push(event.message);
      }
    }
    const expected = (await runFixture(fixture, {}, { now: replayClock() })).map((result) => result.history);
    assert.deepEqual(rebuilt, JSON.parse(JSON.stringify(expected)), name);
  }
});
