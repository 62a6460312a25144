// How serve stops, in this process on a clock the test moves: SIGTERM (or Ctrl-C) stops accepting,
// answers the request in flight, ends a stalled answer when the grace is over and narrates that it
// did, and serve exits 143 (130). That the process's own signal handler and deadline are wired is
// hostile-process.test.ts's, on a real process.
import assert from "node:assert/strict";
import { request } from "node:http";
import { test } from "node:test";
import { defaultLimits } from "../../src/commands/serve/serve-limits.ts";
import { TestClock, until } from "../test-clock.ts";
import { startServe } from "./serve-helpers.ts";

/** A request in flight: its headers sent and taken up by the server (it asked for the body with a
 *  100 Continue), its body still to come; `finish` sends it. */
async function inFlight(url: string, body: string): Promise<{ finish: () => void; status: Promise<number> }> {
  let taken: () => void = () => {};
  const takenUp = new Promise<void>((resolve) => (taken = resolve));
  let sent: ReturnType<typeof request> | undefined;
  const status = new Promise<number>((resolve, reject) => {
    sent = request(`${url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json", expect: "100-continue" } }, (response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
      response.on("error", () => {});
    });
    sent.on("error", reject);
    sent.on("continue", taken);
    sent.flushHeaders();
  });
  status.catch(() => taken());
  await takenUp;
  return { finish: () => sent?.end(body), status };
}

test("SIGTERM: the request in flight is answered, the stalled answer is cut when the grace ends and narrated so, and the exit code is 143", async () => {
  const clock = new TestClock();
  const server = await startServe("serve-stall", { clock });
  const body = JSON.stringify({
    model: "m",
    stream: true,
    messages: [{ role: "user", content: "What is 7 + 5, and 6 times 7?" }],
    tools: [{ type: "function", function: { name: "calc", parameters: { type: "object" } } }],
  });
  const answer = await fetch(`${server.url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body });
  const reader = answer.body?.getReader();
  await reader?.read();
  const pending = await inFlight(server.url, body);
  const stopped = server.stop("SIGTERM");
  await until(() => /SIGTERM: no new requests/.test(server.out()), "the stop was narrated");
  pending.finish();
  assert.equal(await pending.status, 200, "the request in flight was not answered");
  assert.equal(await clock.run(stopped), 143, server.err());
  await reader?.cancel().catch(() => undefined);
  assert.ok(clock.now() >= defaultLimits.shutdownMs, `stopped after ${clock.now()} ms of the server's clock, before its grace`);
  assert.doesNotMatch(server.out(), /SIGINT/);
  assert.match(server.out(), /the server closed the stalled answer after 5\.0 s, as it stopped/);
});
