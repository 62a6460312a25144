// One language per run, data included: under `--lang en` serve plays the fixture's English texts
// (a fixture text is `{zh, en}`), so nothing it prints or answers holds a Chinese character —
// not the narration, not a reply, not an error answer — for every fixture it can play.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fixtureFileFor, fixtureNames } from "../../src/fixture/fixture-files.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import { startServe } from "./serve-helpers.ts";

const han = /\p{Script=Han}/u;

/** Fixtures whose own texts are still Chinese only: their English comes with the fixtures' half of
 *  the same issue, and then this list is empty. */
const chineseOnlyData = new Set(["stream-call-in-pieces", "stream-cut-length", "stream-error-midstream", "stream-interleaved-calls", "stream-interrupted"]);

/** A conversation's first request as a harness sends it: the episode's own user message. */
function firstRequest(user: string): string {
  return JSON.stringify({ model: "m", messages: [{ role: "user", content: user }] });
}

for (const name of fixtureNames()) {
  const todo = chineseOnlyData.has(name) ? "the fixture's texts are Chinese only" : undefined;
  test(`under --lang en, ${name}: no narration, reply or error answer holds a Chinese character`, { todo }, async () => {
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
