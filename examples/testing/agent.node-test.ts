// docs/testing.md's node:test example: the fake model started once for the file, reset after each
// test, closed at the end; each test runs the agent and then asks the fake model what it saw.
import assert from "node:assert/strict";
import { after, afterEach, before, test } from "node:test";
import { type FakeModel, startFakeModel } from "tool-call-playground/testing";
import { askWithAnthropic, askWithOpenAI } from "./my-agent.ts";

let model: FakeModel;
before(async () => {
  model = await startFakeModel({ fixture: "serve-calc" });
});
afterEach(() => model.reset());
after(() => model.close());

test("the agent answers through the OpenAI SDK, and its tool loop is clean", async () => {
  const answer = await askWithOpenAI(model.baseURL("openai"), "What is 7 + 5, and 6 times 7?");
  assert.equal(answer, "7 + 5 = 12 and 6 × 7 = 42.");
  model.assertClean();
  assert.equal(model.exchanges.length, 2);
});

test("the agent answers through the Anthropic SDK, and its tool loop is clean", async () => {
  const answer = await askWithAnthropic(model.baseURL("anthropic"), "What is 7 + 5, and 6 times 7?");
  assert.equal(answer, "7 + 5 = 12 and 6 × 7 = 42.");
  model.assertClean();
});
