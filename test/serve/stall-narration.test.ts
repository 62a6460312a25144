// A stalled stream's narration says one thing (issue 55, item 10): it had said "stops after 1
// event(s)" and then "streamed as 14 server-sent event(s)". The reply's line now says how many of
// the answer's events were written before the stall and how many the whole answer has, in both
// languages, and the count written is what the client received. A client that leaves before its
// stall began (in the reply's delay, or while serve was busy elsewhere) is narrated as giving up on
// it too, after 0 s: on a loaded machine a client's own timeout can fire before serve writes.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { writeAnswer } from "../../src/commands/serve/write-answer.ts";
import { TestClock, until } from "../test-clock.ts";
import { startServe } from "./serve-helpers.ts";

const body = JSON.stringify({
  model: "m",
  stream: true,
  messages: [{ role: "user", content: "What is 7 + 5, and 6 times 7?" }],
  tools: [{ type: "function", function: { name: "calc", parameters: { type: "object" } } }],
});

/** serve-stall asked once, its stalled answer read until the first event arrives, then given up. */
async function stalledRun(lang: "en" | "zh"): Promise<{ out: string; received: number }> {
  const clock = new TestClock();
  const server = await startServe("serve-stall", { lang, clock });
  const answer = await fetch(`${server.url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body });
  const reader = answer.body?.getReader();
  const first = await reader?.read();
  const received = new TextDecoder()
    .decode(first?.value)
    .split("\n\n")
    .filter((event) => event.startsWith("data:")).length;
  await reader?.cancel().catch(() => undefined);
  await until(() => /request 1|请求 1/.test(server.out()) && /←/.test(server.out()), "the exchange was narrated");
  await clock.run(server.stop("SIGTERM"));
  return { out: server.out(), received };
}

test("a stalled stream's reply line says how many of its events were written before the stall, and how many it has (en)", async () => {
  const { out, received } = await stalledRun("en");
  assert.match(out, /the stream stops after 1 event\(s\)/);
  const line = out.match(/← 200 the next scripted reply: (\d+) of its (\d+) server-sent event\(s\) written before the stream stalls:/);
  assert.ok(line, out);
  assert.equal(Number(line[1]), 1);
  assert.equal(received, 1, "the client received the one event written");
  assert.ok(Number(line[2]) > 1, "the whole answer has more events than were written");
  assert.doesNotMatch(out, /streamed as \d+ server-sent event/);
});

test("a stalled stream's reply line says how many of its events were written before the stall, and how many it has (zh)", async () => {
  const { out } = await stalledRun("zh");
  assert.match(out, /← 200 脚本里的下一条回复：它的 \d+ 个 server-sent event 停住之前写出了 1 个：/);
  assert.doesNotMatch(out, /以 \d+ 个 server-sent event 流式发出/);
});

test("a client that leaves in the delay before its stalled answer is narrated as giving up on it, and its exchange ends then", async (t) => {
  const folder = await mkdtemp(join(tmpdir(), "tcp-stall-"));
  t.after(() => rm(folder, { recursive: true, force: true }));
  const file = join(folder, "late-stall.json");
  const script = [{ content: [{ type: "text", text: "Late, then nothing." }], delay: { beforeHeadersMs: 1000 }, stall: { afterEvents: 0 } }];
  await writeFile(file, JSON.stringify({ title: "a late stall", episodes: [{ user: "Stall late.", script }] }));
  const clock = new TestClock();
  const server = await startServe(file, { clock });
  t.after(() => clock.run(server.stop()));
  // serve holds the answer back on its clock, which stands still: the client leaves meanwhile.
  const leaving = new AbortController();
  const asked = fetch(`${server.url}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "Stall late." }] }),
    signal: leaving.signal,
  }).catch(() => undefined);
  await until(() => /holds the answer back 1\.0 s/.test(server.out()), "serve held the answer back");
  leaving.abort();
  await asked;
  await until(() => /request 1: the client gave up on the stalled answer after 0\.0 s/.test(server.out()), "the client's leaving was narrated");
  assert.equal(server.server.inFlight(), 0);
});

test("a stalled answer whose client left before serve came to write it ends at once, by the client", async () => {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  response.destroy();
  const record = {
    number: 1,
    method: "POST",
    path: "/v1/chat/completions",
    provider: "openai-chat",
    stream: false,
    outcome: { status: 200, kind: "reply" },
  } as const;
  const timing = { beforeHeadersMs: 0, beforeFirstEventMs: 0, betweenEventsMs: 0, stall: { afterEvents: 0 } };
  const answer = { status: 200, contentType: "application/json", body: "{}", timing, record };
  assert.deepEqual(await writeAnswer(response, answer, { closing: () => false, clock: new TestClock() }), { by: "client", afterMs: 0 });
  assert.deepEqual(await writeAnswer(response, answer, { closing: () => true, clock: new TestClock() }), { by: "server", afterMs: 0 });
  assert.equal(
    await writeAnswer(response, { ...answer, timing: { ...timing, stall: undefined } }, { closing: () => false, clock: new TestClock() }),
    undefined,
  );
});
