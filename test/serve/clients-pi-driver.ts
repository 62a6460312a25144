// Pi as a harness uses it: the calc tool as an AgentTool, a model per API pointed at serve, and
// Pi's own Agent, which runs the loop (and always streams). Shared by the matrix test and the
// golden run (clients-golden-runs.ts).
import assert from "node:assert/strict";
import { Agent, type AgentTool } from "@mariozechner/pi-agent-core";
import type { AssistantMessage, Model, Api as PiApi } from "@mariozechner/pi-ai";
import { Type } from "@sinclair/typebox";
import { runCalc } from "../../examples/calc-tool.ts";
import { type Api, type LoopResult, SYSTEM } from "./clients-matrix.ts";

const calcSchema = Type.Object({
  a: Type.Number({ description: "left operand" }),
  b: Type.Number({ description: "right operand" }),
  op: Type.Union([Type.Literal("add"), Type.Literal("sub"), Type.Literal("mul"), Type.Literal("div")]),
});

export const calc: AgentTool<typeof calcSchema> = {
  name: "calc",
  label: "calc",
  description: "Arithmetic on two numbers.",
  parameters: calcSchema,
  execute: async (_id, params) => {
    const result = runCalc(params);
    if (result.isError) throw new Error(result.text);
    return { content: [{ type: "text", text: result.text }], details: {} };
  },
};

export function models(url: string): Record<Api, Model<PiApi>> {
  const base = {
    name: "matrix",
    reasoning: false,
    input: ["text" as const],
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: 128000,
    maxTokens: 1000,
  };
  return {
    "openai-chat": { ...base, id: "gpt-4o", api: "openai-completions", provider: "openai", baseUrl: `${url}/v1` },
    "openai-responses": { ...base, id: "gpt-4o", api: "openai-responses", provider: "openai", baseUrl: `${url}/v1` },
    anthropic: { ...base, id: "claude-sonnet-4-6", api: "anthropic-messages", provider: "anthropic", baseUrl: url },
    gemini: { ...base, id: "gemini-2.5-flash", api: "google-generative-ai", provider: "google", baseUrl: `${url}/v1beta` },
  };
}

export function lastReply(agent: Agent): AssistantMessage {
  const last = agent.state.messages.at(-1);
  assert.ok(last && "role" in last && last.role === "assistant", "the run ends without a reply");
  assert.equal(last.stopReason, "stop", last.errorMessage);
  return last;
}

/** One prompt through the agent's own loop: the answer and the last reply's usage. */
export async function prompt(agent: Agent, text: string): Promise<LoopResult> {
  await agent.prompt(text);
  const reply = lastReply(agent);
  const answer = reply.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
  return { text: answer, usage: [reply.usage.input, reply.usage.output, reply.usage.totalTokens] };
}

export function newAgent(model: Model<PiApi>): Agent {
  return new Agent({ initialState: { systemPrompt: SYSTEM, model, tools: [calc] }, getApiKey: () => "not-needed" });
}
