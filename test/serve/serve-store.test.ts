// The Responses API's store on serve is bounded: past its budget in bytes (or in responses) the
// oldest response goes first, a chain that pointed at it is answered as the API answers an id it
// does not have (`previous_response_not_found`), and the narration says it was dropped. A chain
// sent with no new input is counted reply by reply, so it ends where the script ends, like any
// conversation. Small budgets set through the options keep each case fast.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { KEPT_BYTES } from "../../src/diagram/live-session.ts";
import { startServe } from "./serve-helpers.ts";
import { MB, respond, STORED_REQUESTS, type StoreMemoryRun } from "./store-memory-run.ts";

// What serve may keep besides the store: the live page's latest exchanges (its own budget), and
// what a heap holds on to after a burst of large requests.
const MARGIN = 100 * MB;

test("stored requests totalling 60 times the store's budget: serve stays up, RSS stays under the store's and the live page's budgets plus 100 MB, the oldest chain is answered as evicted", {
  timeout: 60_000,
}, () => {
  // Its own process, so the RSS measured is serve's alone, not the other tests' sharing a worker.
  const run = spawnSync(process.execPath, ["--expose-gc", "--import", "./bin/load-typescript.js", "test/serve/store-memory-run.ts"], {
    cwd: projectRoot,
    encoding: "utf8",
  });
  assert.equal(run.status, 0, run.stderr);
  const result = JSON.parse(run.stdout) as StoreMemoryRun;
  assert.deepEqual(
    result.statuses,
    Array.from({ length: STORED_REQUESTS }, () => 200),
  );
  assert.ok(
    result.grown < result.budget + KEPT_BYTES + MARGIN,
    `RSS grew ${Math.round(result.grown / MB)} MB for ${STORED_REQUESTS} MB stored under a ${result.budget / MB} MB budget`,
  );
  assert.equal(result.evicted.status, 400);
  assert.equal(result.evicted.code, "previous_response_not_found");
  assert.equal(result.evicted.narrated, "evicted");
  assert.equal(result.after, 200);
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
