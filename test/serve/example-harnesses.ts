// The example harnesses of examples/, one per provider, as the serve and record tests drive them.
import { anthropicHarness } from "../../examples/anthropic-calc.ts";
import { geminiHarness } from "../../examples/gemini-calc.ts";
import { chatHarness, type HarnessOptions, responsesHarness } from "../../examples/openai-calc.ts";

export type Harness = (baseUrl: string, options?: HarnessOptions) => Promise<string>;

export const exampleHarnesses: [provider: string, harness: Harness][] = [
  ["openai-chat", chatHarness],
  ["openai-responses", responsesHarness],
  ["anthropic", anthropicHarness],
  ["gemini", geminiHarness],
];
