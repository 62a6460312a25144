// A tiny harness of your own, written with `@anthropic-ai/sdk`: the same calc loop as
// openai-calc.ts, in Anthropic's shape (tool_use blocks in, tool_result blocks back in the next
// user message). Against `tool-call-playground serve serve-calc`:
//   node --import tsx examples/anthropic-calc.ts http://127.0.0.1:PORT [--stream] [--forget-result]
// --forget-result leaves one tool_use unanswered: the 400 a real harness gets for it.
import { pathToFileURL } from "node:url";
import Anthropic from "@anthropic-ai/sdk";
import type { ContentBlock, MessageParam, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { calcDescription, calcParameters, exampleArgs, QUESTION, runCalc, SYSTEM } from "./calc-tool.ts";
import type { HarnessOptions } from "./openai-calc.ts";

const MAX_TURNS = 5;

export async function anthropicHarness(baseUrl: string, options: HarnessOptions = {}): Promise<string> {
  const client = new Anthropic({ baseURL: baseUrl, apiKey: "not-needed", maxRetries: 0, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const tools = [{ name: "calc", description: calcDescription, input_schema: { ...calcParameters, required: [...calcParameters.required] } }];
  const messages: MessageParam[] = [{ role: "user", content: QUESTION }];
  for (let turn = 0; turn < MAX_TURNS; turn++) {
    const request = { model: "fake-model", max_tokens: 1024, system: SYSTEM, messages, tools };
    // The SDK's stream helper rebuilds the same Message from the events (input_json_delta and all).
    const message = options.stream ? await client.messages.stream(request).finalMessage() : await client.messages.create(request);
    const content: ContentBlock[] = message.content;
    const text = content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
    const calls = content.flatMap((block) => (block.type === "tool_use" ? [block] : []));
    options.log?.(`model: ${text}${calls.length > 0 ? ` (+${calls.length} call(s))` : ""}`);
    if (message.stop_reason !== "tool_use") return text;
    messages.push({ role: "assistant", content });
    const answered = options.forgetResult ? calls.slice(0, -1) : calls;
    const results: ToolResultBlockParam[] = answered.map((call) => {
      const result = runCalc(call.input);
      return { type: "tool_result", tool_use_id: call.id, content: result.text, is_error: result.isError };
    });
    messages.push({ role: "user", content: results });
  }
  throw new Error(`no answer after ${MAX_TURNS} turns`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { baseUrl, stream, forgetResult } = exampleArgs(process.argv.slice(2));
  try {
    console.log(await anthropicHarness(baseUrl, { stream, forgetResult, log: console.log }));
  } catch (error) {
    // The SDK's message already starts with the status ("400 …"): printed once.
    console.error(error instanceof Anthropic.APIError ? error.message : error);
    process.exitCode = 1;
  }
}
