// The client runs whose narration is a golden file (scripts/serve-golden.ts writes them; npm run check
// and test/serve/serve-goldens.test.ts compare them): each drives one serve of clients-fixture.json
// with one client, one request after another, so the narration is the same every time. They
// show what the client matrix fixed at the root:
//   - the Agents SDK on Chat sends a reply's text and its calls as two assistant messages, one model
//     turn; on Responses it continues a conversation by previous_response_id;
//   - Pi on Gemini sends calls and results without ids, paired by name and order, and its second
//     turn stays in the first turn's conversation;
//   - the AI SDK's Responses model, with its default store: true, sends earlier replies back as
//     item_reference, which serve resolves from what it issued.

import { models as agentsModels, run as runAgents } from "./clients-agents-driver.ts";
import { models as aiSdkModels, ask as askAiSdk } from "./clients-ai-sdk-driver.ts";
import { scenarios } from "./clients-matrix.ts";
import { newAgent, models as piModels, prompt } from "./clients-pi-driver.ts";

/** A run against the server at `url`, one request at a time. */
export type ClientRun = (url: string) => Promise<void>;

export const agentsSdkRun: ClientRun = async (url) => {
  const models = agentsModels(url);
  await runAgents(models["openai-chat"], scenarios.twoCalls.prompt, false);
  const first = await runAgents(models["openai-responses"], scenarios.multiTurn.prompt, false);
  await runAgents(models["openai-responses"], scenarios.multiTurn.next, false, first.lastResponseId);
};

export const piGeminiRun: ClientRun = async (url) => {
  const model = piModels(url).gemini;
  await prompt(newAgent(model), scenarios.twoCalls.prompt);
  const agent = newAgent(model);
  await prompt(agent, scenarios.multiTurn.prompt);
  await prompt(agent, scenarios.multiTurn.next);
};

export const aiSdkStoreRun: ClientRun = async (url) => {
  const model = aiSdkModels(url)["openai-responses"];
  await askAiSdk(model, [{ role: "user", content: scenarios.twoCalls.prompt }], false);
  const first = await askAiSdk(model, [{ role: "user", content: scenarios.multiTurn.prompt }], false);
  await askAiSdk(model, [...first.messages, { role: "user", content: scenarios.multiTurn.next }], false);
};
