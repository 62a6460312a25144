// A stalled stream's narration says one thing (issue 55, item 10): it had said "stops after 1
// event(s)" and then "streamed as 14 server-sent event(s)". The reply's line now says how many of
// the answer's events were written before the stall and how many the whole answer has, in both
// languages, and the count written is what the client received.
import assert from "node:assert/strict";
import { test } from "node:test";
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
