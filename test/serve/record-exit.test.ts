// The exit timer after Ctrl-C waits for serve --record's last write: ExitHold (src/cli/exit-hold.ts)
// keeps the exit past the grace while held work is unsettled, and the recorder holds it from the
// stop until its session is written. Time is the test's clock.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ExitHold } from "../../src/cli/exit-hold.ts";
import { TestClock } from "../test-clock.ts";

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
