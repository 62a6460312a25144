// serve's own pages are written under a cap and with backpressure (page-writes.ts): clients that
// ask for a large page and never read hold at most PAGE_WRITES turns, each made of one shared copy
// (a waiting request makes none), and are cut off after the stall time, which frees their turns;
// a client that reads gets the whole page. Through serve: thirty such clients asking for a 16 MB
// live page grow serve's memory by far less than a copy each, and meanwhile a harness's request is
// answered with serve's clock standing still.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { after, before, test } from "node:test";
import { PAGE_WRITES, PageWrites } from "../../src/commands/serve/page-writes.ts";
import { defaultLimits } from "../../src/commands/serve/serve-limits.ts";
import { settled, TestClock, until } from "../test-clock.ts";
import { heldSocket, statusOf } from "./hostile-raw.ts";
import { startServe } from "./serve-helpers.ts";

/** Far more than the sockets' buffers on both sides hold: a client that reads nothing stops it. */
const PAGE_BYTES = 64 * 1024 * 1024;
const page = Buffer.alloc(PAGE_BYTES, "a");

const clock = new TestClock();
const writes = new PageWrites(clock, defaultLimits.stallMs);
let taken = 0;
/** Answers whose socket closed, as the server sees them. */
let closed = 0;
let server: Server;
let port = 0;

before(async () => {
  server = createServer((_request, response) => {
    response.on("close", () => void (closed += 1));
    void writes.write(response, {
      status: 200,
      headers: { "content-type": "text/plain" },
      take: () => {
        taken += 1;
        return page;
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  port = typeof address === "object" && address !== null ? address.port : 0;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A client that asks for the page and never reads. */
function neverReads(): Socket {
  const socket = connect(port, "127.0.0.1");
  socket.on("error", () => {});
  socket.pause();
  socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  return socket;
}

/** Moves the clock on a stall time at a time until `holds()`, for at most ten of them. */
async function advanceUntil(holds: () => boolean): Promise<void> {
  for (let step = 0; !holds(); step++) {
    assert.ok(step < 10, "still not so after ten stall times");
    await clock.advance(defaultLimits.stallMs);
  }
}

test(`clients that never read hold at most ${PAGE_WRITES} turns, are cut off after the stall time, and a reader gets the whole page`, async () => {
  const stuck = Array.from({ length: PAGE_WRITES * 2 }, neverReads);
  await until(() => taken === PAGE_WRITES, "the first clients took their turns");
  await settled();
  assert.equal(taken, PAGE_WRITES, "the clients past the cap wait, and make no copy meanwhile");
  // Nothing is cut while the clock stands still; once the stall time passes with nothing taken,
  // the first ones are, and the next ones take their turns.
  assert.equal(closed, 0);
  await advanceUntil(() => closed >= PAGE_WRITES);
  await until(() => taken === PAGE_WRITES * 2, "the waiting clients took their turns");
  await advanceUntil(() => closed === stuck.length);
  for (const socket of stuck) socket.destroy();
  const reader = heldSocket(port);
  reader.socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  const read = (await reader.closed).text;
  assert.equal(statusOf(read), 200);
  assert.equal(read.length - read.indexOf("\r\n\r\n") - 4, PAGE_BYTES);
  assert.equal(clock.pending, 0, "no stall timer is left behind");
});

test("while thirty clients hold the live page unread, a harness's request is answered with serve's clock standing still", async () => {
  const serveClock = new TestClock();
  const serve = await startServe("serve-calc", { clock: serveClock });
  try {
    // A session of 16 MB: the page is larger than what the sockets' buffers hold.
    const large = "x".repeat(1024 * 1024);
    for (let number = 0; number < 16; number++) {
      const answer = await fetch(`${serve.url}/v1/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: "fake-model", messages: [{ role: "user", content: large }] }),
      });
      await answer.arrayBuffer();
    }
    const shown = await (await fetch(`${serve.url}/`)).arrayBuffer();
    assert.ok(shown.byteLength > 15 * 1024 * 1024, `the page is ${shown.byteLength} bytes`);
    const before = process.memoryUsage().rss;
    const servePort = Number(new URL(serve.url).port);
    const held = Array.from({ length: 30 }, () => {
      const socket = connect(servePort, "127.0.0.1");
      socket.on("error", () => {});
      socket.pause();
      socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${servePort}\r\n\r\n`);
      return socket;
    });
    await settled();
    // One copy of the page, shared: not one per socket (480 MB for thirty).
    const grown = process.memoryUsage().rss - before;
    assert.ok(grown < 200 * 1024 * 1024, `serve grew by ${Math.round(grown / 1024 / 1024)} MB`);
    const answer = await fetch(`${serve.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: "fake-model",
        messages: [{ role: "user", content: "What is 7 + 5, and 6 times 7?" }],
        tools: [{ type: "function", function: { name: "calc", parameters: { type: "object" } } }],
      }),
    });
    assert.equal(answer.status, 200, await answer.text());
    assert.equal(serveClock.now(), 0, "serve's clock never moved");
    for (const socket of held) socket.destroy();
  } finally {
    await serveClock.run(serve.stop());
  }
});
