// The socket table on a clock the test moves: which sockets it keeps, which it closes, and when —
// decided by the clock alone, so the same happens with the event loop held up for a second at any
// point. (An earlier version read the process's own clock: on a loaded machine, silent sockets
// accepted late were stamped late, still "fresh" when a harness came, and the harness was turned
// away.) The sockets here are stand-ins that say when they are closed;
// test/serve/serve-pressure.test.ts shows the same on real connections.
import assert from "node:assert/strict";
import { EventEmitter } from "node:events";
import { test } from "node:test";
import { SocketTable } from "../../src/commands/serve/socket-table.ts";
import { blockEventLoop, TestClock } from "../test-clock.ts";

/** A socket as the table uses one: `destroy` closes it, and the table hears the close. */
class StandIn extends EventEmitter {
  destroyed = false;
  destroy(): void {
    this.destroyed = true;
    this.emit("close");
  }
}

const limits = { sockets: 4, stallMs: 200, stallBytes: 1024, headersMs: 10_000, requestMs: 30_000 };

test("silent sockets keep a full table's room only until they stall; then a harness is admitted in their place", async () => {
  const clock = new TestClock();
  const table = new SocketTable(limits, clock);
  const silent = Array.from({ length: 4 }, () => new StandIn());
  for (const socket of silent) assert.ok(table.admit(socket));
  blockEventLoop(1000);
  // A second of the machine's time went by, and none of the table's: nothing has stalled, so a
  // newcomer is turned away while the silent ones stay.
  assert.equal(table.admit(new StandIn()), false);
  assert.ok(silent.every((socket) => !socket.destroyed));
  await clock.advance(200);
  blockEventLoop(1000);
  assert.ok(table.admit(new StandIn()), "a harness was turned away from a table of stalled sockets");
  assert.ok(silent.every((socket) => socket.destroyed));
  assert.equal(table.size, 1);
});

test("a socket whose request is being answered never counts as stalled, however long it takes", async () => {
  const clock = new TestClock();
  const table = new SocketTable(limits, clock);
  const working = new StandIn();
  const waiting = new StandIn();
  table.admit(working);
  table.admit(waiting);
  table.mark(working, "working");
  await clock.advance(5000);
  table.sweep(true);
  assert.equal(working.destroyed, false);
  assert.equal(waiting.destroyed, true);
});

test("a sign of life resets the stall, not the time limit: a body trickled a byte at a time is cut at the body's limit", async () => {
  const clock = new TestClock();
  const table = new SocketTable({ ...limits, requestMs: 600 }, clock);
  const trickling = new StandIn();
  table.admit(trickling);
  table.mark(trickling, "reading");
  for (let elapsed = 50; elapsed < 600; elapsed += 50) {
    await clock.advance(50);
    table.mark(trickling, "reading");
    table.sweep(true);
  }
  assert.equal(trickling.destroyed, false, "a body still coming was closed as stalled");
  await clock.advance(50);
  table.sweep(false);
  assert.equal(trickling.destroyed, true, "a body trickled past the limit kept its socket");
});

test("part of a body is a sign of life only once the parts reach the stall bytes: a byte a time stalls as silence does", async () => {
  const clock = new TestClock();
  const table = new SocketTable(limits, clock);
  const trickling = new StandIn();
  const uploading = new StandIn();
  for (const socket of [trickling, uploading]) {
    table.admit(socket);
    table.mark(socket, "reading");
  }
  for (let elapsed = 50; elapsed <= 200; elapsed += 50) {
    await clock.advance(50);
    blockEventLoop(1000);
    table.bodyPart(trickling, 1);
    table.bodyPart(uploading, 512);
    table.sweep(true);
  }
  assert.equal(trickling.destroyed, true, "a body trickled a byte at a time kept its place as if it were alive");
  assert.equal(uploading.destroyed, false, "a body coming at the stall bytes' pace was closed as stalled");
});

test("headers that never end are cut at the headers' limit, whether room is needed or not", async () => {
  const clock = new TestClock();
  const table = new SocketTable({ ...limits, headersMs: 300 }, clock);
  const slow = new StandIn();
  table.admit(slow);
  await clock.advance(299);
  table.sweep(false);
  assert.equal(slow.destroyed, false);
  await clock.advance(1);
  table.sweep(false);
  assert.equal(slow.destroyed, true);
});
