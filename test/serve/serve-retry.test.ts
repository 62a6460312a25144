// fixtures/serve-retry.json served as `npm start -- serve serve-retry` serves it: the calc round
// trip whose first turn is rate-limited once (retry-after 1 s) and whose second is overloaded
// twice. A retry is the same request again, so it never moves the script on; each attempt is
// narrated with the wait the harness kept (on a clock the test moves, so the text is fixed), what
// retry-after asked for and whether the body was the same; a harness that stops retrying is
// narrated as giving up when the server closes.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { TestClock } from "../test-clock.ts";
import { type ServeRun, startServe } from "./serve-helpers.ts";

const FIXTURE = join(projectRoot, "fixtures/serve-retry.json");
const tools = [{ name: "calc", description: "calc", input_schema: { type: "object" } }];
const first = { model: "m", max_tokens: 100, tools, messages: [{ role: "user", content: "What is 7 + 5, and 6 times 7?" }] };

async function post(server: ServeRun, body: object): Promise<{ status: number; headers: Headers; json: Record<string, unknown> }> {
  const response = await fetch(`${server.url}/v1/messages`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, unknown> };
}

/** The second request of the round trip: the first reply's calls and their results. */
function secondOf(reply: Record<string, unknown>): object {
  const content = Array.isArray(reply.content) ? reply.content : [];
  const calls = content.filter((block): block is { type: string; id: string } => typeof block === "object" && block !== null && block.type === "tool_use");
  const results = calls.map((call, index) => ({ type: "tool_result", tool_use_id: call.id, content: index === 0 ? "12" : "42" }));
  return { ...first, messages: [...first.messages, { role: "assistant", content }, { role: "user", content: results }] };
}

test("serve-retry: a rate limit once, then overloaded twice; each attempt narrated with its wait", async () => {
  const clock = new TestClock();
  const server = await startServe(FIXTURE, { clock });
  try {
    const limited = await post(server, first);
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get("retry-after"), "1");
    await clock.advance(1200);
    const served = await post(server, first);
    assert.equal(served.status, 200);
    const second = secondOf(served.json);
    for (const wait of [0, 500, 1000]) {
      await clock.advance(wait);
      const answer = await post(server, second);
      assert.equal(answer.status, wait === 1000 ? 200 : 529);
    }
  } finally {
    await server.stop();
  }
  const lines = server
    .out()
    .split("\n")
    .filter((line) => /attempt|←/.test(line));
  assert.deepEqual(lines, [
    "playground attempt 1 at reply 1 (the script fails the first 1)",
    "model      ← 429 rate limit, retry-after 1 s: Number of requests has exceeded your rate limit — a harness waits (retry-after when given) and resends the same request",
    "playground attempt 2 at reply 1 (the script fails the first 1): the harness waited 1.2 s after request 1 (retry-after asked for 1.0 s) and resent the same body",
    "model      ← 200 the next scripted reply:",
    "playground attempt 1 at reply 2 (the script fails the first 2)",
    "model      ← 529 overloaded: Overloaded — a harness backs off and resends the same request",
    "playground attempt 2 at reply 2 (the script fails the first 2): the harness waited 0.5 s after request 3 (no retry-after was given) and resent the same body",
    "model      ← 529 overloaded: Overloaded — a harness backs off and resends the same request",
    "playground attempt 3 at reply 2 (the script fails the first 2): the harness waited 1.0 s after request 4 (no retry-after was given) and resent the same body",
    "model      ← 200 the next scripted reply:",
  ]);
  assert.doesNotMatch(server.out(), /gave up/);
});

test("a harness that stops retrying is narrated as giving up, and a different body is told apart", async () => {
  const server = await startServe(FIXTURE, { clock: new TestClock() });
  try {
    assert.equal((await post(server, first)).status, 429);
    assert.equal((await post(server, { ...first, max_tokens: 50 })).status, 200);
    const second = secondOf((await post(server, first)).json);
    assert.equal((await post(server, second)).status, 529);
  } finally {
    await server.stop();
  }
  assert.match(server.out(), /attempt 2 at reply 1 .* and sent a different body/);
  assert.match(server.out(), /the harness gave up on reply 2 after 1 failed attempt\(s\); its last was request 4/);
});
