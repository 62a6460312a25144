// Streams that break the way real ones are seen to (a reply's `brokenStream`), read by the
// official SDKs: an event that is not JSON makes the client raise; an event of a type the API
// does not have is skipped, and the reply reads whole; a stream that ends without its final event
// is read by the Anthropic SDK as the error it is, while OpenAI's Chat stream, which ends with a
// bare [DONE] sentinel, has nothing else to miss.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { type ServeRun, startServe } from "./serve-helpers.ts";

const TEXT = "A reply read through a broken stream.";
const kinds = ["malformedEvent", "unknownEvent", "noFinalEvent"] as const;
const fixture = {
  title: "broken streams",
  episodes: kinds.map((kind) => ({ user: kind, script: [{ content: [{ type: "text", text: TEXT }], brokenStream: kind }] })),
};

let dir = "";
let server: ServeRun;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), "serve-broken-"));
  await writeFile(join(dir, "broken.json"), JSON.stringify(fixture));
  server = await startServe(join(dir, "broken.json"));
});
after(async () => {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

function anthropicText(user: string): Promise<string> {
  // The SDKs' own logs stay off: each logs the event it could not read before it raises, and the
  // test reads the error it raises.
  const client = new Anthropic({ baseURL: server.url, apiKey: "x", maxRetries: 0, logLevel: "off" });
  return client.messages.stream({ model: "claude-sonnet-4-6", max_tokens: 100, messages: [{ role: "user", content: user }] }).finalText();
}

async function chatText(user: string): Promise<string> {
  const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: "x", maxRetries: 0, logLevel: "off" });
  let text = "";
  const stream = await client.chat.completions.create({ model: "gpt-4o", stream: true, messages: [{ role: "user", content: user }] });
  for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? "";
  return text;
}

test("an event that is not JSON makes each SDK raise", async () => {
  await assert.rejects(anthropicText("malformedEvent"), /JSON/);
  await assert.rejects(chatText("malformedEvent"), /JSON/);
});

test("an event of a type the API does not have is skipped: the reply reads whole", async () => {
  assert.equal(await anthropicText("unknownEvent"), TEXT);
  assert.equal(await chatText("unknownEvent"), TEXT);
});

test("a stream without its final event: the Anthropic SDK raises, OpenAI's Chat stream reads its text", async () => {
  await assert.rejects(anthropicText("noFinalEvent"));
  assert.equal(await chatText("noFinalEvent"), TEXT);
  assert.match(server.out(), /brokenStream|the stream breaks/);
});
