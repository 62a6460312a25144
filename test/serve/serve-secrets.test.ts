// Plain serve keeps a Gemini key given as `?key=` (where the Google SDK can put it) out of all it
// shows: the narration, --json, the live page's data and the journal a test reads. No 8
// characters of the key appear in any of them, on a route, an unknown path and the models list.
import assert from "node:assert/strict";
import { test } from "node:test";
import { startServe } from "./serve-helpers.ts";

const key = "AIzaSyPlainServeKey0123456789";
const body = JSON.stringify({
  contents: [{ role: "user", parts: [{ text: "What is 7 + 5, and 6 times 7?" }] }],
  tools: [{ functionDeclarations: [{ name: "calc", parameters: { type: "object" } }] }],
});

/** Every 8-character piece of the key that `text` holds. */
function keyPieces(text: string): string[] {
  return Array.from({ length: key.length - 7 }, (_, start) => key.slice(start, start + 8)).filter((piece) => text.includes(piece));
}

test("plain serve shows no piece of a ?key= value, in its narration, --json, live page or journal", async () => {
  for (const json of [false, true]) {
    const run = await startServe("serve-calc", { lang: "en", json });
    const shown: string[] = [];
    try {
      for (const [method, path] of [
        ["POST", `/v1beta/models/fake-model:generateContent?key=${key}`],
        ["POST", `/v1beta/models/fake-model:streamGenerateContent?alt=sse&key=${key}`],
        ["POST", `/v1beta/nowhere?key=${key}`],
        ["GET", `/v1beta/models?key=${key}`],
      ] as const) {
        const response = await fetch(`${run.url}${path}`, { method, ...(method === "POST" ? { body, headers: { "content-type": "application/json" } } : {}) });
        await response.text();
      }
      shown.push(await (await fetch(`${run.url}/_playground/session.json`)).text());
      shown.push(await (await fetch(`${run.url}/_playground/exchanges`)).text());
    } finally {
      await run.stop();
    }
    shown.push(run.out(), run.err());
    assert.match(run.out(), /generateContent/);
    assert.deepEqual(keyPieces(shown.join("\n")), [], json ? "--json" : "text narration");
  }
});
