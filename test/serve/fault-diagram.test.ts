// serve's live diagram draws retries and scripted failures in a style of their own: the failure
// comes from the model's lane (its API failing, as a real one does) as a failure, and the request
// that retries it is a retry arrow, not a plain request.
import assert from "node:assert/strict";
import { test } from "node:test";
import { LiveSession } from "../../src/diagram/live-session.ts";
import { servedReply } from "../diagram/served-reply.ts";

const base = { provider: "anthropic", path: "/v1/messages", messages: 1, tools: 0, newMessages: [], findings: [] };

test("a scripted failure is the model's failure arrow, and the attempt after it a retry arrow", () => {
  const session = new LiveSession("t", (count) => `${count} left out`);
  session.record({ ...base, number: 1, status: 429, outcome: "fault", message: "Number of requests has exceeded your rate limit", attempt: 1 });
  session.record({
    ...base,
    number: 2,
    status: 200,
    outcome: "reply",
    attempt: 2,
    reply: servedReply("hi"),
  });
  const arrows = session.diagram().episodes[0]?.arrows ?? [];
  assert.deepEqual(
    arrows.map(({ from, to, style }) => `${from}→${to} ${style}`),
    ["app→model normal", "model→app failure", "app→model retry", "model→app normal"],
  );
});
