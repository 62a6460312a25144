// The main command (`npm start -- <fixture>`) plays a serve fixture's replies as the model's, and
// says at each reply scripted to fail, come late or stall what that would mean for the app at a
// real API — the loop sees the provider's error, not the reply — and what a harness should do.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { transcriptText } from "../../src/commands/play/transcript.ts";
import { loadFixture, parseFixture } from "../../src/fixture/load-fixture.ts";

test("serve-retry's transcript tells each failing reply's meaning for the app, in the run's language", async () => {
  const fixture = await loadFixture(join(projectRoot, "fixtures/serve-retry.json"), undefined, "en");
  const text = await transcriptText(fixture, "en");
  assert.match(
    text,
    /model {2}At a real API this request is first answered with a rate limit \(429\) \(retry-after 1 s\): the app's loop sees the provider's error/,
  );
  assert.match(text, /with an overload \(Anthropic 529, 503 elsewhere\), 2 times: .* A harness backs off and resends the same request/);
  const zh = await transcriptText(await loadFixture(join(projectRoot, "fixtures/serve-retry.json"), undefined, "zh"), "zh");
  assert.match(zh, /在真实的 API 上，这个请求会先收到限流（429）（retry-after 1 秒）/);
});

test("a stalled or late reply is told as what a harness's timeout must handle", async () => {
  const reply = { content: [{ type: "text", text: "late" }], delay: { beforeHeadersMs: 300 }, stall: { afterEvents: 1 } };
  const fixture = parseFixture("late.json", JSON.stringify({ title: "t", episodes: [{ user: "u", script: [reply] }] }), "en");
  const text = await transcriptText(fixture, "en");
  assert.match(text, /this reply comes 300 ms late/);
  assert.match(text, /this reply stalls after 1 streamed event\(s\) until the client gives up/);
});
