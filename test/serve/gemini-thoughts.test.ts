// serve answers a scripted reply's signed thinking block on Gemini as a thought part, `{ text,
// thought: true, thoughtSignature }`, before the call, plain and streamed, so @google/genai hands
// it to the harness; a harness that drops it gets a divergence warning naming the part, and is
// answered (Gemini documents no refusal of a dropped thought part).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DIVERGENCE_FIXTURE, geminiTurns, THINKS } from "./divergence-runs.ts";
import { type ServeRun, startServe } from "./serve-helpers.ts";

const THOUGHT = { text: "Adding is calc's job: 7 and 5.", thought: true, thoughtSignature: "EqQBCkgIARABGAIiQFakeSignatureForServeDivergence1" };

let server: ServeRun;
before(async () => {
  server = await startServe(DIVERGENCE_FIXTURE);
});
after(() => server.stop());

describe("a scripted reply's signed thinking block, served on Gemini", () => {
  for (const stream of [false, true]) {
    test(`reaches @google/genai ${stream ? "streamed" : "unstreamed"} as a thought part with its signature, before the call`, async () => {
      const { served } = await geminiTurns(server.url, (parts) => parts, { stream, user: THINKS });
      assert.deepEqual(served[0], THOUGHT);
      assert.equal(served[1]?.functionCall?.name, "calc");
    });
  }

  test("a harness that drops it gets a warning naming /contents/1/parts/0, and the next reply", async () => {
    const { second } = await geminiTurns(server.url, (parts) => parts.filter((part) => part.thought !== true), { user: THINKS });
    assert.equal(second.text, "7 + 5 = 12.");
    const line = server
      .out()
      .split("\n")
      .find((text) => text.includes("divergence "));
    assert.match(
      line ?? "",
      /^playground divergence warning: .* at \/contents\/1\/parts\/0 \(a thinking block\): served "Adding is calc's job: 7 and 5\.", sent back nothing$/,
    );
  });
});
