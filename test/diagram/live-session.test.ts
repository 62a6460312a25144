// serve's live page keeps the latest exchanges only: a long session, or one of large requests,
// must not grow serve's memory without bound (the Responses store has a budget for the same reason).
import assert from "node:assert/strict";
import { test } from "node:test";
import { KEPT_BYTES, KEPT_EXCHANGES, type LiveExchange, LiveSession } from "../../src/diagram/live-session.ts";
import { servedReply } from "./served-reply.ts";

function exchange(number: number, text = "hi"): LiveExchange {
  return {
    number,
    provider: "openai-chat",
    path: "/v1/chat/completions",
    messages: 1,
    tools: 0,
    newMessages: [{ role: "user", content: text, timestamp: 0 }],
    findings: [],
    status: 200,
    outcome: "reply",
    reply: servedReply("ok"),
  };
}

const servedNumbers = (session: LiveSession) =>
  session.diagram().episodes[0]?.arrows.flatMap((arrow) => (arrow.facts.kind === "served" ? [arrow.facts.number] : [])) ?? [];

test(`the live page keeps the latest ${KEPT_EXCHANGES} exchanges, and its title counts the ones left out`, () => {
  const session = new LiveSession("serve", (count) => `${count} left out`);
  for (let number = 1; number <= KEPT_EXCHANGES + 50; number++) session.record(exchange(number));
  const numbers = servedNumbers(session);
  assert.equal(numbers.length, KEPT_EXCHANGES);
  assert.equal(numbers[0], 51);
  assert.match(session.diagram().title, /50 left out$/);
});

test("the live page keeps exchanges up to its size budget, and always the newest one", () => {
  const session = new LiveSession("serve", (count) => `${count} left out`);
  const big = "x".repeat(Math.ceil(KEPT_BYTES / 3));
  for (let number = 1; number <= 6; number++) session.record(exchange(number, big));
  assert.deepEqual(servedNumbers(session), [5, 6]);
  const huge = "x".repeat(KEPT_BYTES * 2);
  session.record(exchange(7, huge));
  assert.deepEqual(servedNumbers(session), [7]);
});
