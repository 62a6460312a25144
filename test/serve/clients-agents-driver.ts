// The OpenAI Agents SDK as a harness uses it: the calc tool, a Chat Completions and a Responses
// model pointed at serve, and one run of the SDK's Runner, which runs the loop, plain or streamed,
// optionally continuing a response by `previousResponseId`. Shared by the matrix test and the
// golden run (clients-golden-runs.ts).
import { Agent, type AgentInputItem, type Model, OpenAIChatCompletionsModel, OpenAIResponsesModel, Runner, tool } from "@openai/agents";
import OpenAI from "openai";
import { z } from "zod";
import { runCalc } from "../../examples/calc-tool.ts";
import { type LoopResult, SYSTEM } from "./clients-matrix.ts";

const calc = tool({
  name: "calc",
  description: "Arithmetic on two numbers.",
  parameters: z.object({ a: z.number().describe("left operand"), b: z.number().describe("right operand"), op: z.enum(["add", "sub", "mul", "div"]) }),
  execute: async (args) => runCalc(args).text,
});

export type AgentsApi = "openai-chat" | "openai-responses";

export function models(url: string): Record<AgentsApi, Model> {
  const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: "not-needed", maxRetries: 0 });
  return { "openai-chat": new OpenAIChatCompletionsModel(client, "gpt-4o"), "openai-responses": new OpenAIResponsesModel(client, "gpt-4o") };
}

const runner = new Runner({ tracingDisabled: true });

export interface Turn extends LoopResult {
  history: AgentInputItem[];
  lastResponseId: string | undefined;
}

export async function run(model: Model, input: string | AgentInputItem[], stream: boolean, previousResponseId?: string): Promise<Turn> {
  const agent = new Agent({ name: "calc", instructions: SYSTEM, tools: [calc], model });
  const options = previousResponseId === undefined ? {} : { previousResponseId };
  const result = stream ? await runner.run(agent, input, { ...options, stream: true }) : await runner.run(agent, input, options);
  if ("completed" in result) {
    for await (const _event of result);
    await result.completed;
    if (result.error) throw result.error;
  }
  const usage = result.state.usage;
  return {
    text: String(result.finalOutput),
    usage: [usage.inputTokens, usage.outputTokens, usage.totalTokens],
    history: result.history,
    lastResponseId: result.lastResponseId,
  };
}
