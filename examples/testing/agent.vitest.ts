// docs/testing.md's vitest example: the same two tests as agent.node-test.ts, with vitest's hooks
// and expect. startFakeModel needs no vitest plugin: it is a server the test starts and closes.
import { type FakeModel, startFakeModel } from "tool-call-playground/testing";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { askWithAnthropic, askWithOpenAI } from "./my-agent.ts";

let model: FakeModel;
beforeAll(async () => {
  model = await startFakeModel({ fixture: "serve-calc" });
});
afterEach(() => model.reset());
afterAll(() => model.close());

test("the agent answers through the OpenAI SDK, and its tool loop is clean", async () => {
  const answer = await askWithOpenAI(model.baseURL("openai"), "What is 7 + 5, and 6 times 7?");
  expect(answer).toBe("7 + 5 = 12 and 6 × 7 = 42.");
  model.assertClean();
  expect(model.exchanges).toHaveLength(2);
});

test("the agent answers through the Anthropic SDK, and its tool loop is clean", async () => {
  const answer = await askWithAnthropic(model.baseURL("anthropic"), "What is 7 + 5, and 6 times 7?");
  expect(answer).toBe("7 + 5 = 12 and 6 × 7 = 42.");
  model.assertClean();
});
