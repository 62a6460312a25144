// serve --record keeps serve's bounds, because it stands on serve's shell: uploads trickled to hold
// sockets hold no more of them than serve lets them (and lose them once room is needed), and while
// the narration's reader has stopped (`serve --record … --json | less`) no body is read and nothing
// is sent on, so memory holds the sockets, not every request that came. Each case runs against
// serve and against the recorder alike, with small limits on a clock the test moves.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import type { ServeLimits } from "../../src/commands/serve/serve-limits.ts";
import { TestClock, until } from "../test-clock.ts";
import { heldSocket, openExchange, statusOf, validChat } from "./hostile-raw.ts";
import { type RecordRun, startRecord } from "./record-helpers.ts";
import { type ServeRun, startServe } from "./serve-helpers.ts";

const folder = await mkdtemp(join(tmpdir(), "record-pressure-"));
after(() => rm(folder, { recursive: true, force: true }));

type Start = (clock: TestClock, limits: Partial<ServeLimits>, drained?: () => Promise<void> | undefined) => Promise<ServeRun | RecordRun>;

/** The upstream the recorder sends requests on to: a serve of its own, counting what reaches it. */
const upstream = await startServe("serve-calc");
after(() => upstream.stop());
const reachedUpstream = (): number => (upstream.out().match(/── request /g) ?? []).length;

let sessions = 0;
const servers: Record<string, Start> = {
  serve: (clock, limits, drained) => startServe("serve-calc", { clock, limits, ...(drained ? { drained } : {}) }),
  "serve --record": (clock, limits, drained) =>
    startRecord(upstream.url, join(folder, `session-${++sessions}.json`), { clock, limits, ...(drained ? { drained } : {}) }),
};

const portOf = (url: string): number => Number(new URL(url).port);

for (const [name, start] of Object.entries(servers)) {
  describe(name, () => {
    test("300 uploads trickled to hold sockets hold at most the socket limit, and give way to a harness once stalled", async () => {
      const clock = new TestClock();
      const server = await start(clock, { sockets: 16, stallMs: 200 });
      const port = portOf(server.url);
      const tricklers = Array.from({ length: 300 }, () => heldSocket(port));
      try {
        for (const { socket } of tricklers) socket.write("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n{");
        // Each trickler the table turned away is closed at once; the rest are held.
        let turnedAway = 0;
        for (const { closed } of tricklers) void closed.then(() => turnedAway++);
        await until(() => turnedAway === 300 - 16 && server.server.openSockets() === 16, "the table held 16 and turned the rest away");
        assert.ok(server.server.openSockets() <= 16, `${server.server.openSockets()} sockets held`);
        await clock.advance(200);
        const answer = await openExchange(port, validChat());
        assert.equal(statusOf(answer), 200, answer.slice(0, 120));
        assert.ok(server.server.openSockets() <= 16);
      } finally {
        for (const { socket } of tricklers) socket.destroy();
        await server.stop();
      }
    });

    test("while the narration's reader has stopped, no body is read and nothing is answered; then every request is", async () => {
      let release: () => void = () => {};
      let full: Promise<void> | undefined = new Promise<void>((resolve) => (release = resolve));
      const clock = new TestClock();
      const server = await start(clock, {}, () => full);
      const before = reachedUpstream();
      let answered = 0;
      const sent = Array.from({ length: 8 }, () => openExchange(portOf(server.url), validChat()).finally(() => answered++));
      try {
        await until(() => server.server.inFlight() === 8, "every request reached the server");
        assert.equal(answered, 0, "answered while the reader was stalled");
        assert.equal(reachedUpstream(), before, "sent on while the reader was stalled");
        full = undefined;
        release();
        assert.deepEqual(
          (await Promise.all(sent)).map((answer) => statusOf(answer)),
          Array.from({ length: 8 }, () => 200),
        );
      } finally {
        await server.stop();
      }
    });
  });
}

test("the recorder refuses a body over --max-body with 413, as serve does, and never sends it on", async () => {
  const before = reachedUpstream();
  const recorder = await startRecord(upstream.url, join(folder, "max-body.json"), { maxBody: 100 });
  try {
    const answer = await fetch(`${recorder.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "x".repeat(200) }] }),
    });
    assert.equal(answer.status, 413);
    assert.match(await answer.text(), /over the size limit/);
  } finally {
    await recorder.stop();
  }
  assert.equal(reachedUpstream(), before);
  assert.match(recorder.out(), /← 413/);
});
