// docs/serve.md's first request with curl, and the same request without tools: the bodies the page
// shows are the ones serve answers, byte for byte, so a learner who copies the command sees them.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { startServe } from "./serve-helpers.ts";

const page = readFileSync(join(projectRoot, "docs", "serve.md"), "utf8");
const section = page.slice(page.indexOf("### A first request with curl"), page.indexOf("## Limits and safety"));

async function post(url: string, body: string): Promise<string> {
  const response = await fetch(`${url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body });
  return response.text();
}

test("docs/serve.md's curl request, and the same without tools, get the answers the page shows", async () => {
  const body = /-d '(\{.*\})'/.exec(section)?.[1];
  const answers = [...section.matchAll(/```json\n(.*)\n```/g)].map((match) => match[1]);
  assert.ok(body !== undefined && answers.length === 2, "the section holds a curl -d body and two JSON answers");
  const withoutTools = JSON.stringify({ ...JSON.parse(body), tools: undefined });
  const server = await startServe("serve-calc", { lang: "en" });
  try {
    assert.equal(await post(server.url, body), answers[0]);
    assert.equal(await post(server.url, withoutTools), answers[1]);
  } finally {
    await server.stop();
  }
});
