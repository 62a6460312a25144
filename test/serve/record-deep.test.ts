// serve --record reads a request's body the way serve does, and a body serve would refuse — here
// one nested 100,000 levels deep — still goes on to the upstream as it came: the harness gets the
// upstream's answer, never a dropped connection.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { startRecord } from "./record-helpers.ts";
import { startServe } from "./serve-helpers.ts";

test("a body nested past serve's limit is passed on and the upstream's refusal passed back", async () => {
  const upstream = await startServe("serve-calc");
  const folder = await mkdtemp(join(tmpdir(), "record-deep-"));
  const recorder = await startRecord(upstream.url, join(folder, "session.json"));
  try {
    const depth = 100_000;
    const body = `{"model":"m","messages":[{"role":"user","content":"hi","x":${"[".repeat(depth)}${"]".repeat(depth)}}]}`;
    const answer = await fetch(`${recorder.url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body });
    assert.equal(answer.status, 400);
    assert.match(await answer.text(), /nests deeper than 1000 levels/);
  } finally {
    await recorder.stop();
    await upstream.stop();
    await rm(folder, { recursive: true, force: true });
  }
});
