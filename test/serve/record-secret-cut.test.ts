// serve --record hides a key before the narration cuts or escapes anything: a harness that puts its
// own key into a message (a tool result that echoes a config, say) near where the narration cuts a
// long text at 400 characters gets no piece of it printed — the cut used to leave all but the key's
// tail (`sk-SECRETBEARER01234…(+16)`), since the keys were hidden only in the finished lines.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import OpenAI from "openai";
import { startRecord } from "./record-helpers.ts";
import { startServe } from "./serve-helpers.ts";

const folder = await mkdtemp(join(tmpdir(), "record-secret-cut-"));
after(() => rm(folder, { recursive: true, force: true }));

const key = "sk-SECRETBEARER0123456789abcdef";

/** Every 8-character piece of the key that `text` holds. */
function keyPieces(text: string): string[] {
  return Array.from({ length: key.length - 7 }, (_, start) => key.slice(start, start + 8)).filter((piece) => text.includes(piece));
}

for (const json of [false, true]) {
  test(`a key a message carries across the narration's cut shows no piece of it${json ? " in --json" : ""}`, async (t) => {
    const upstream = await startServe("final-answer");
    const recorder = await startRecord(upstream.url, join(folder, `session-${json}.json`), { json });
    t.after(async () => {
      await recorder.stop();
      await upstream.stop();
    });
    const client = new OpenAI({ baseURL: `${recorder.url}/v1`, apiKey: key, maxRetries: 0 });
    // The key starts 390 characters in, so a cut at 400 falls inside it; and again with a quote
    // before it, which --json writes escaped.
    const content = `${"x".repeat(390)}${key} and "${key}" again ${"y".repeat(500)}`;
    await client.chat.completions.create({ model: "m", messages: [{ role: "user", content }] }).catch(() => undefined);
    assert.deepEqual(keyPieces(recorder.out() + recorder.err()), []);
  });
}
