// serve --record never lets a key out: a fake key planted in each place a provider reads one
// (Authorization, x-api-key, x-goog-api-key, api-key, the `key` query value) reaches the upstream,
// and is found in neither the harness's output, the narration (text or --json) nor the fixture.
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import { startRecord } from "./record-helpers.ts";
import { startServe } from "./serve-helpers.ts";

const folder = await mkdtemp(join(tmpdir(), "record-secrets-"));
after(() => rm(folder, { recursive: true, force: true }));

const keys = {
  authorization: "sk-planted-bearer-0001",
  apiKey: "planted-azure-key-0002",
  xApiKey: "sk-ant-planted-key-0003",
  googHeader: "AIza-planted-header-0004",
  query: "AIza-planted-query-0005",
};
const QUESTION = "What is 128 times 64?";

/** One request in each form a key travels in, each its own conversation; what the harness got back. */
async function harness(url: string): Promise<string> {
  const printed: string[] = [];
  const chat = new OpenAI({ baseURL: `${url}/v1`, apiKey: keys.authorization, maxRetries: 0 });
  printed.push(JSON.stringify(await chat.chat.completions.create({ model: "m", messages: [{ role: "user", content: QUESTION }] })));
  // Azure OpenAI's header; its SDK class speaks Azure's own paths, so the request is sent by hand.
  const azure = await fetch(`${url}/v1/responses`, {
    method: "POST",
    headers: { "content-type": "application/json", "api-key": keys.apiKey },
    body: JSON.stringify({ model: "m", input: QUESTION }),
  });
  printed.push(`${azure.status} ${await azure.text()}`);
  const anthropic = new Anthropic({ baseURL: url, apiKey: keys.xApiKey, maxRetries: 0 });
  printed.push(JSON.stringify(await anthropic.messages.create({ model: "m", max_tokens: 100, messages: [{ role: "user", content: QUESTION }] })));
  const gemini = new GoogleGenAI({ apiKey: keys.googHeader, httpOptions: { baseUrl: url } });
  printed.push(JSON.stringify(await gemini.models.generateContent({ model: "m", contents: QUESTION })));
  const query = await fetch(`${url}/v1beta/models/m:generateContent?key=${keys.query}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: QUESTION }] }] }),
  });
  printed.push(`${query.status} ${await query.text()}`);
  return printed.join("\n");
}

for (const json of [false, true]) {
  test(`a key planted in every header form and the query reaches the upstream but not the output, the ${json ? "--json " : ""}narration or the fixture`, async (t) => {
    const upstream = await startServe("final-answer");
    const file = join(folder, `session-${json}.json`);
    try {
      const recorder = await startRecord(upstream.url, file, { json });
      t.after(() => recorder.stop());
      const output = await harness(recorder.url);
      assert.equal(await recorder.stop(), 130, recorder.err());
      const fixture = await readFile(file, "utf8");
      // Five requests, each a conversation of its own: five episodes, each a reply with the upstream's call.
      assert.equal((await loadFixture(file, undefined, "en")).episodes.length, 5);
      for (const [form, key] of Object.entries(keys)) {
        for (const [where, text] of Object.entries({ output, narration: recorder.out(), stderr: recorder.err(), fixture })) {
          assert.ok(!text.includes(key), `the ${form} key is in the ${where}`);
        }
      }
      assert.match(recorder.out(), /← 200 from the upstream|"status":200/);
    } finally {
      await upstream.stop();
    }
  });
}

test("a session that holds a key the harness sent (here, pasted into a message) is not written: one line says so; SIGTERM stops it as Ctrl-C does", async (t) => {
  const upstream = await startServe("final-answer");
  const file = join(folder, "leaky.json");
  try {
    const recorder = await startRecord(upstream.url, file);
    t.after(() => recorder.stop());
    const chat = new OpenAI({ baseURL: `${recorder.url}/v1`, apiKey: keys.authorization, maxRetries: 0 });
    await chat.chat.completions.create({ model: "m", messages: [{ role: "user", content: `my key is ${keys.authorization}` }] });
    assert.equal(await recorder.stop("SIGTERM"), 1);
    assert.equal(
      recorder.err().split("\n").filter(Boolean).at(-1),
      `serve --record: not writing ${file}: the session holds an API key the harness sent; nothing written`,
    );
    await assert.rejects(stat(file), { code: "ENOENT" });
    assert.ok(!recorder.out().includes(keys.authorization), "the key is in the narration");
    assert.match(recorder.out(), /my key is \*\*\*/);
  } finally {
    await upstream.stop();
  }
});
