// The Responses API's store on serve is bounded: past its budget in bytes (or in responses) the
// oldest response goes first, a chain that pointed at it is answered as the API answers an id it
// does not have (`previous_response_not_found`), and the narration says it was dropped. A chain
// sent with no new input is counted reply by reply, so it ends where the script ends, like any
// conversation. Small budgets set through the options keep each case fast.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { ServeEvent } from "../../src/commands/serve/serve-events.ts";
import { startServer } from "../../src/commands/serve/server.ts";
import { resolveFixture } from "../../src/fixture/fixture-files.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import { startServe } from "./serve-helpers.ts";

const MB = 1024 * 1024;

/** A full collection, so RSS measures what is kept rather than what is waiting to be collected. */
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

function rssAfterCollecting(): number {
  collect();
  collect();
  return process.memoryUsage().rss;
}

async function respond(url: string, body: object): Promise<{ status: number; json: { id?: string; error?: { code?: string | null } } }> {
  const response = await fetch(`${url}/v1/responses`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as { id?: string; error?: { code?: string | null } } };
}

const tools = [{ type: "function", name: "calc", parameters: { type: "object" } }];

test("stored requests totalling 20 times the store's budget: serve stays up, RSS stays under the budget plus 48 MB, the oldest chain is answered as evicted", {
  timeout: 60_000,
}, async () => {
  const reference = resolveFixture("serve-calc");
  if (reference.kind === "unknownName") throw new Error("serve-calc is missing");
  // Only each outcome is kept here: a record holds the request's messages, which the test must not keep.
  const outcomes: string[] = [];
  const budget = 4 * MB;
  const server = await startServer({
    fixture: await loadFixture(reference.file, undefined, "en"),
    fixtureName: "serve-calc",
    host: "127.0.0.1",
    port: 0,
    store: { bytes: budget },
    onEvent: (event: ServeEvent) => void (event.type === "exchange" && outcomes.push(event.record.outcome.kind)),
  });
  try {
    const first = await respond(server.url, { model: "m", input: "What is 7 + 5, and 6 times 7?", tools });
    assert.equal(first.status, 200);
    const before = rssAfterCollecting();
    const filler = "x".repeat(2 * MB);
    for (let request = 0; request < 40; request++) {
      const answer = await respond(server.url, { model: "m", input: [{ role: "user", content: `${request} ${filler}` }], tools });
      assert.equal(answer.status, 200, `request ${request + 1}`);
    }
    const grown = rssAfterCollecting() - before;
    assert.ok(grown < budget + 48 * MB, `RSS grew ${Math.round(grown / MB)} MB for 80 MB stored under a ${budget / MB} MB budget`);

    const evicted = await respond(server.url, { model: "m", previous_response_id: first.json.id, input: [], tools });
    assert.equal(evicted.status, 400);
    assert.equal(evicted.json.error?.code, "previous_response_not_found");
    assert.equal(outcomes.at(-1), "evicted");
    assert.equal((await respond(server.url, { model: "m", input: "What is 7 + 5, and 6 times 7?", tools })).status, 200);
  } finally {
    await server.close();
  }
});

test("past --store-responses the oldest response is dropped, and the narration says so in the run's language", async () => {
  for (const lang of ["en", "zh"] as const) {
    const server = await startServe("test/serve/text-replies-fixture.json", { lang, storeResponses: 2 });
    try {
      const ids: (string | undefined)[] = [];
      for (let request = 0; request < 3; request++) ids.push((await respond(server.url, { model: "m", input: "Say two things." })).json.id);
      const kept = await respond(server.url, { model: "m", previous_response_id: ids[2], input: [] });
      assert.equal(kept.status, 200);
      const dropped = await respond(server.url, { model: "m", previous_response_id: ids[0], input: [] });
      assert.equal(dropped.status, 400);
      assert.equal(dropped.json.error?.code, "previous_response_not_found");
    } finally {
      await server.stop();
    }
    assert.match(server.out(), lang === "en" ? /stored, then dropped to stay within the store's budget/ : /为了不超出存储上限已经丢弃/);
  }
});

test("a chain of previous_response_id with empty input ends where the script ends: reply 1, reply 2, then 400", async () => {
  const server = await startServe("test/serve/text-replies-fixture.json");
  try {
    const one = await respond(server.url, { model: "m", input: "Say two things." });
    assert.equal(one.status, 200);
    const two = await respond(server.url, { model: "m", previous_response_id: one.json.id, input: [] });
    assert.equal(two.status, 200);
    const three = await respond(server.url, { model: "m", previous_response_id: two.json.id, input: [] });
    assert.equal(three.status, 400);
  } finally {
    await server.stop();
  }
  assert.match(server.out(), /reply 2 of 2/);
  assert.match(server.out(), /no reply 3 for this conversation/);
});
