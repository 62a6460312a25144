// The AI SDK as a harness uses it: the calc tool, a model per API pointed at serve, and one
// call of the SDK with its own loop (`stopWhen`), plain (generateText) or streamed (streamText).
// Shared by the matrix test and the golden run (clients-golden-runs.ts). Every warning the SDK
// logs is collected in `warnings` (the AI_SDK_LOG_WARNINGS hook).
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, jsonSchema, type LanguageModel, type ModelMessage, stepCountIs, streamText, tool } from "ai";
import { calcParameters, runCalc } from "../../examples/calc-tool.ts";
import { type Api, type LoopResult, SYSTEM } from "./clients-matrix.ts";

export const warnings: unknown[] = [];
globalThis.AI_SDK_LOG_WARNINGS = ({ warnings: seen }) => void warnings.push(...seen);

export const calc = tool({
  description: "Arithmetic on two numbers.",
  inputSchema: jsonSchema<{ a: number; b: number; op: string }>({ ...calcParameters, required: [...calcParameters.required] }),
  execute: async (args) => runCalc(args).text,
});

export function models(url: string): Record<Api, LanguageModel> {
  const openai = createOpenAI({ baseURL: `${url}/v1`, apiKey: "not-needed" });
  return {
    "openai-chat": openai.chat("gpt-4o"),
    "openai-responses": openai.responses("gpt-4o"),
    anthropic: createAnthropic({ baseURL: `${url}/v1`, apiKey: "not-needed" })("claude-sonnet-4-6"),
    gemini: createGoogleGenerativeAI({ baseURL: `${url}/v1beta`, apiKey: "not-needed" })("gemini-2.5-flash"),
  };
}

/** One call of the SDK with its own loop: the answer, the usage and the messages to carry on with. */
export async function ask(model: LanguageModel, messages: ModelMessage[], stream: boolean): Promise<LoopResult & { messages: ModelMessage[] }> {
  const options = { model, system: SYSTEM, messages, tools: { calc }, stopWhen: stepCountIs(5), maxRetries: 0, maxOutputTokens: 1000 };
  if (!stream) {
    const result = await generateText(options);
    const usage = result.totalUsage;
    return { text: result.text, usage: [usage.inputTokens, usage.outputTokens, usage.totalTokens], messages: [...messages, ...result.response.messages] };
  }
  let failure: unknown;
  const result = streamText({ ...options, onError: ({ error }) => void (failure = error) });
  const text = await result.text;
  if (failure !== undefined) throw failure;
  const usage = await result.totalUsage;
  return { text, usage: [usage.inputTokens, usage.outputTokens, usage.totalTokens], messages: [...messages, ...(await result.response).messages] };
}
