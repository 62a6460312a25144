// A fault the script cannot serve is refused when the fixture loads, in one line that names the
// file and the place, like every other fixture mistake: an unknown kind, a count below 1, a
// negative retry-after, a delay over the stated maximum, a stall with a negative count, and a
// failure where the harness's tool result is expected (a recorded result or a user turn cannot fail).
import assert from "node:assert/strict";
import { test } from "node:test";
import { MAX_DELAY_MS, MAX_RETRY_AFTER_S } from "../../src/fixture/fault-format.ts";
import { parseFixture } from "../../src/fixture/load-fixture.ts";
import { errorLine } from "../../src/narration/error-line.ts";
import { loadCatalog } from "../../src/narration/load-catalog.ts";

const reply = { content: [{ type: "text", text: "hi" }] };

/** The one line the CLI prints for a fixture whose first reply holds `keys`, or whose episode holds `episode`. */
async function lineFor(episode: object): Promise<string> {
  const text = JSON.stringify({ title: "t", episodes: [{ user: "u", ...episode }] });
  try {
    parseFixture("faults.json", text, "en");
  } catch (error) {
    const line = errorLine(error, "faults.json", await loadCatalog("en"));
    assert.ok(line, String(error));
    assert.doesNotMatch(line, /\n/);
    return line;
  }
  return assert.fail("the fixture was accepted");
}

test("an unknown fault kind names the kinds there are, at fail.kind", async () => {
  assert.match(
    await lineFor({ script: [{ ...reply, fail: { kind: "teapot" } }] }),
    /^faults\.json:1:\d+: \$\.episodes\[0\]\.script\[0\]\.fail\.kind: .*"rateLimit".*"teapot"/,
  );
});

test("a count below 1 is refused at fail.times", async () => {
  assert.match(
    await lineFor({ script: [{ ...reply, fail: { kind: "rateLimit", times: -1 } }] }),
    /\$\.episodes\[0\]\.script\[0\]\.fail\.times: .*positive integer/,
  );
});

test("a retry-after below 0 or past a day is refused at fail.retryAfter, with its bounds", async () => {
  for (const retryAfter of [-1, MAX_RETRY_AFTER_S + 1, 1e308]) {
    assert.match(
      await lineFor({ script: [{ ...reply, fail: { kind: "rateLimit", retryAfter } }] }),
      new RegExp(`\\.fail\\.retryAfter: .*number 0…${MAX_RETRY_AFTER_S}`),
    );
  }
});

test("a delay over the maximum is refused with the maximum, at the delay", async () => {
  const line = await lineFor({ script: [{ ...reply, delay: { betweenEventsMs: MAX_DELAY_MS + 1 } }] });
  assert.match(line, new RegExp(`\\.delay\\.betweenEventsMs: .*integer 0…${MAX_DELAY_MS}.*${MAX_DELAY_MS + 1}`));
});

test("a stall over the maximum or after a negative count is refused at the stall", async () => {
  assert.match(await lineFor({ script: [{ ...reply, stall: { afterEvents: 1, forMs: MAX_DELAY_MS + 1 } }] }), /\.stall\.forMs: /);
  assert.match(await lineFor({ script: [{ ...reply, stall: { afterEvents: -1 } }] }), /\.stall\.afterEvents: /);
});

test("a failure where the harness's tool result is expected is refused at that place", async () => {
  const recorded = { toolCallId: "call_1", content: [{ type: "text", text: "12" }], isError: false, fail: { kind: "rateLimit" } };
  assert.match(await lineFor({ script: [reply], recordedResults: [recorded] }), /\$\.episodes\[0\]\.recordedResults\[0\]\.fail: /);
  // A user turn is the harness's side too: a reply's keys and a user turn's do not mix.
  assert.match(
    await lineFor({ script: [reply, { user: "more", fail: { kind: "rateLimit" } }] }),
    /\$\.episodes\[0\]\.script\[1\]: expected an object with keys content, .*fail.* or an object with keys user/,
  );
});

test("a reply that fails, waits and stalls within the bounds loads", () => {
  const fault = {
    fail: { kind: "overloaded", times: 2, retryAfter: 0.5, message: { zh: "忙", en: "busy" } },
    delay: { beforeHeadersMs: 0 },
    stall: { afterEvents: 0, forMs: MAX_DELAY_MS },
  };
  const fixture = parseFixture("faults.json", JSON.stringify({ title: "t", episodes: [{ user: "u", script: [{ ...reply, ...fault }] }] }), "en");
  // Read as JSON, so the keys a parse leaves undefined drop out.
  assert.deepEqual(JSON.parse(JSON.stringify(fixture.episodes[0]?.script[0])), { ...reply, ...fault, fail: { ...fault.fail, message: "busy" } });
});
