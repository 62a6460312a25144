// The exit timer after Ctrl-C waits for serve --record's last write: ExitHold (src/cli/exit-hold.ts)
// keeps the exit past the grace while held work is unsettled, and the recorder holds it from the
// stop until its session is written. Time is the test's clock.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { ExitHold } from "../../src/cli/exit-hold.ts";
import { TestClock } from "../test-clock.ts";
import { askChat, completionOf, localUpstream, startRecord } from "./record-helpers.ts";

test("the exit at the grace waits for held work however long it takes, then comes at once", async () => {
  const clock = new TestClock();
  const hold = new ExitHold();
  let release: () => void = () => {};
  hold.hold(new Promise<void>((resolve) => (release = resolve)));
  let exited = false;
  hold.leaveAfter(
    (ms, callback) => clock.after(ms, callback),
    5_250,
    () => void (exited = true),
  );
  await clock.advance(60_000);
  assert.equal(exited, false);
  release();
  await clock.advance(0);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(exited, true);
});

test("with nothing held, the exit comes at the grace", async () => {
  const clock = new TestClock();
  const hold = new ExitHold();
  hold.hold(Promise.reject(new Error("a failed write still lets the process go")));
  let exited = false;
  hold.leaveAfter(
    (ms, callback) => clock.after(ms, callback),
    5_250,
    () => void (exited = true),
  );
  await clock.advance(5_249);
  assert.equal(exited, false);
  await clock.advance(1);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(exited, true);
});

test("the recorder holds the exit from the stop until its session is written", async (t) => {
  const upstream = await localUpstream((request, response) => {
    request.resume().on("end", () => response.writeHead(200, { "content-type": "application/json" }).end(completionOf("Four.")));
  });
  t.after(() => upstream.close());
  const folder = await mkdtemp(join(tmpdir(), "record-exit-"));
  t.after(() => rm(folder, { recursive: true, force: true }));
  const file = join(folder, "held.json");
  // What stdout held when the hold was let go: the "wrote" line is there, so the write came first.
  const released: Promise<string>[] = [];
  let out = (): string => "";
  const recorder = await startRecord(upstream.url, file, { holdExit: (work) => void released.push(work.then(() => out())) });
  out = recorder.out;
  await (await askChat(recorder.url, [{ role: "user", content: "What is 2 + 2?" }])).text();
  assert.equal(released.length, 0);
  assert.equal(await recorder.stop(), 130);
  assert.equal(released.length, 1);
  assert.match(await (released[0] ?? ""), /wrote .*held\.json/);
});
