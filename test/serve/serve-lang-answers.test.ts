// One language per run, data included: under `--lang en` serve plays the fixture's English texts
// (a fixture text is `{zh, en}`), so nothing it prints or answers holds a Chinese character —
// not the narration, not a reply, not an error answer — for every fixture it can play; under
// `--lang zh` its serve fixtures answer in Chinese.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fixtureFileFor, fixtureNames } from "../../src/fixture/fixture-files.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import { startServe } from "./serve-helpers.ts";

const han = /\p{Script=Han}/u;

/** A conversation's first request as a harness sends it: the episode's own user message. */
function firstRequest(user: string): string {
  return JSON.stringify({ model: "m", messages: [{ role: "user", content: user }] });
}

for (const name of fixtureNames()) {
  test(`under --lang en, ${name}: no narration, reply or error answer holds a Chinese character`, async () => {
    const fixture = await loadFixture(fixtureFileFor(name), undefined, "en");
    const server = await startServe(name, { lang: "en" });
    const answers: string[] = [];
    try {
      const post = async (path: string, body: string) => {
        const response = await fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body });
        answers.push(await response.text());
      };
      for (const episode of fixture.episodes) await post("/v1/chat/completions", firstRequest(episode.user ?? "hello"));
      await post("/v1/chat/completions", "{not json");
      await post("/v1/nowhere", "{}");
    } finally {
      await server.stop();
    }
    const said: [string, string][] = [
      ["stdout", server.out()],
      ["stderr", server.err()],
      ...answers.map((answer, index): [string, string] => [`answer ${index + 1}`, answer]),
    ];
    for (const [what, text] of said) assert.doesNotMatch(text, han, `${what}: ${text.match(/.{0,40}\p{Script=Han}.{0,40}/u)?.[0]}`);
  });
}

test("in a Chinese run (the default), a lint finding's fix is worded in Chinese, in the --json narration", async () => {
  const server = await startServe("serve-calc", { lang: "zh", json: true });
  let answer: string;
  try {
    const body = {
      model: "m",
      messages: [
        { role: "user", content: "hi" },
        { role: "tool", tool_call_id: "call_9", content: "1" },
      ],
    };
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    answer = await response.text();
  } finally {
    await server.stop();
  }
  const chinese = "删掉这个结果";
  const english = "drop the result, or move it";
  assert.match(server.out(), new RegExp(chinese));
  assert.doesNotMatch(`${server.out()}${answer}`, new RegExp(english));
});

test("in a Chinese run (the default), serve-calc answers a harness with the script's Chinese text", async () => {
  const fixture = await loadFixture(fixtureFileFor("serve-calc"), undefined, "zh");
  const first = fixture.episodes[0]?.script[0];
  const text = first !== undefined && "content" in first ? first.content.find((block) => block.type === "text") : undefined;
  const server = await startServe("serve-calc", { lang: "zh" });
  let answer: string;
  try {
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: "m",
        messages: [{ role: "user", content: "What is 7 + 5, and 6 times 7?" }],
        tools: [{ type: "function", function: { name: "calc", parameters: { type: "object" } } }],
      }),
    });
    answer = await response.text();
  } finally {
    await server.stop();
  }
  assert.ok(text?.type === "text" && han.test(text.text), "the fixture's Chinese text");
  assert.ok(answer.includes(JSON.stringify(text.text)), answer);
});
