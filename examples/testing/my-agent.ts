// The harness under test in docs/testing.md: a small agent loop of the kind a harness author
// writes, once with the `openai` SDK and once with `@anthropic-ai/sdk`. It asks a question, runs
// every calc call the model makes, sends each result back paired with its call, and returns the
// model's answer. The tests beside it (node:test, vitest, jest) point it at the fake model.
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";

const calcParameters = {
  type: "object",
  properties: { a: { type: "number" }, b: { type: "number" }, op: { type: "string", enum: ["add", "sub", "mul", "div"] } },
  required: ["a", "b", "op"],
};

/** The tool itself: the model's arguments are data to check, not to trust. */
function calc(input: unknown): string {
  const args = new Map(Object.entries(typeof input === "object" && input !== null ? input : {}));
  const [a, b, op] = [Number(args.get("a")), Number(args.get("b")), String(args.get("op"))];
  const answers: Record<string, number> = { add: a + b, sub: a - b, mul: a * b, div: a / b };
  return String(answers[op] ?? `unknown op ${op}`);
}

export async function askWithOpenAI(baseURL: string, question: string): Promise<string> {
  const client = new OpenAI({ baseURL, apiKey: "test-key" });
  const tools: OpenAI.ChatCompletionTool[] = [{ type: "function", function: { name: "calc", parameters: calcParameters } }];
  const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: question }];
  for (let turn = 0; turn < 5; turn++) {
    const reply = await client.chat.completions.create({ model: "fake-model", messages, tools });
    const message = reply.choices[0]?.message;
    if (!message?.tool_calls?.length) return message?.content ?? "";
    messages.push(message);
    for (const call of message.tool_calls) {
      if (call.type === "function") messages.push({ role: "tool", tool_call_id: call.id, content: calc(JSON.parse(call.function.arguments)) });
    }
  }
  throw new Error("no answer after 5 turns");
}

export async function askWithAnthropic(baseURL: string, question: string): Promise<string> {
  const client = new Anthropic({ baseURL, apiKey: "test-key" });
  const tools: Anthropic.Tool[] = [{ name: "calc", input_schema: { ...calcParameters, type: "object" } }];
  const messages: Anthropic.MessageParam[] = [{ role: "user", content: question }];
  for (let turn = 0; turn < 5; turn++) {
    const reply = await client.messages.create({ model: "fake-model", max_tokens: 1024, messages, tools });
    const calls = reply.content.filter((block) => block.type === "tool_use");
    if (calls.length === 0) return reply.content.map((block) => (block.type === "text" ? block.text : "")).join("");
    messages.push({ role: "assistant", content: reply.content });
    messages.push({
      role: "user",
      content: calls.map((call) => ({ type: "tool_result", tool_use_id: call.id, content: calc(call.input) })),
    });
  }
  throw new Error("no answer after 5 turns");
}
