// The Responses API's store on serve is bounded: past its budget in bytes (or in responses) the
// oldest response goes first, a chain that pointed at it is answered as the API answers an id it
// does not have (`previous_response_not_found`), and the narration says it was dropped. A chain
// sent with no new input is counted reply by reply, so it ends where the script ends, like any
// conversation. Small budgets set through the options keep each case fast.
import assert from "node:assert/strict";
import { test } from "node:test";
import { startServe } from "./serve-helpers.ts";

const KB = 1024;
const tools = [{ type: "function", name: "calc", parameters: { type: "object" } }];

/** A Responses API request to serve at `url`: its status and the JSON it answered. */
async function respond(url: string, body: object): Promise<{ status: number; json: { id?: string; error?: { code?: string | null } } }> {
  const response = await fetch(`${url}/v1/responses`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as { id?: string; error?: { code?: string | null } } };
}

test("stored requests totalling many times the store's budget in bytes: the latest that fit are kept, older chains are answered as evicted", async () => {
  // Each stored response costs its 64 KB of input and its reply: three fit in 200 KB, a fourth does not.
  const server = await startServe("test/serve/text-replies-fixture.json", { storeBytes: 200 * KB });
  const ids: (string | undefined)[] = [];
  try {
    for (let request = 0; request < 12; request++) {
      const stored = await respond(server.url, { model: "m", input: [{ role: "user", content: `${request} ${"x".repeat(64 * KB)}` }], tools });
      assert.equal(stored.status, 200);
      ids.push(stored.json.id);
    }
    // Continued without being stored in turn, so the store holds only the twelve.
    const continued = (id: string | undefined) => respond(server.url, { model: "m", previous_response_id: id, input: [], store: false, tools });
    for (const kept of ids.slice(-3)) assert.equal((await continued(kept)).status, 200, "one of the latest three was dropped");
    const dropped = await continued(ids.at(-4));
    assert.equal(dropped.status, 400);
    assert.equal(dropped.json.error?.code, "previous_response_not_found");
    assert.equal((await continued(ids[0])).json.error?.code, "previous_response_not_found");
  } finally {
    await server.stop();
  }
  assert.match(server.out(), /stored, then dropped to stay within the store's budget/);
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
