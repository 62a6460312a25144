// A reply scripted both to come late (`delay`) and to be cut off (`stopReason: "aborted"`), asked
// for without streaming: serve waits, then drops the connection, as it does for an aborted reply
// that is not late — never an internal error.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { TestClock, until } from "../test-clock.ts";
import { startServe } from "./serve-helpers.ts";

test("a late aborted reply, not streamed, is a dropped connection after the delay, narrated once", async () => {
  const dir = await mkdtemp(join(tmpdir(), "serve-late-abort-"));
  const reply = { content: [{ type: "text", text: "cut" }], stopReason: "aborted", delay: { beforeHeadersMs: 100 } };
  await writeFile(join(dir, "late-abort.json"), JSON.stringify({ title: "late abort", episodes: [{ user: "What is 2 + 3?", script: [reply] }] }));
  const clock = new TestClock();
  const server = await startServe(join(dir, "late-abort.json"), { lang: "en", clock });
  try {
    let outcome: string | undefined;
    const asked = fetch(`${server.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "What is 2 + 3?" }] }),
    }).then(
      () => (outcome = "answered"),
      () => (outcome = "dropped"),
    );
    await until(() => /── request 1 ·/.test(server.out()), "the request was narrated");
    await clock.advance(99);
    assert.equal(outcome, undefined, "settled before the delay was over");
    await clock.advance(1);
    await asked;
    assert.equal(outcome, "dropped", "the connection is dropped without an answer");
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
  assert.doesNotMatch(server.err(), /internal error/);
  assert.equal(server.out().match(/── request 1 ·/g)?.length, 1, server.out());
});
