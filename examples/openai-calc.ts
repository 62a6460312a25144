// A tiny harness of your own, written with the `openai` SDK: it asks a question, runs the calc
// calls the model makes (two at once here), sends their results back, and prints the answer.
// Point it at `tool-call-playground serve serve-calc` and watch the server narrate each request:
//   node --import tsx examples/openai-calc.ts http://127.0.0.1:PORT [--stream] [--responses] [--forget-result]
// --forget-result is the classic bug: one tool result is not sent back, and the API answers 400.
import { pathToFileURL } from "node:url";
import OpenAI from "openai";
import type { ChatCompletionMessageParam, ChatCompletionMessageToolCall } from "openai/resources/chat/completions";
import type { ResponseInputItem } from "openai/resources/responses/responses";
import { calcDescription, calcParameters, exampleArgs, QUESTION, runCalc, SYSTEM } from "./calc-tool.ts";

export interface HarnessOptions {
  stream?: boolean;
  forgetResult?: boolean;
  log?: (line: string) => void;
  /** The fetch the SDK sends with (the global one otherwise): a test keeps each answer's bytes. */
  fetch?: typeof fetch;
}

const MAX_TURNS = 5;

export async function chatHarness(baseUrl: string, options: HarnessOptions = {}): Promise<string> {
  const client = new OpenAI({ baseURL: `${baseUrl}/v1`, apiKey: "not-needed", maxRetries: 0, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const tools = [{ type: "function" as const, function: { name: "calc", description: calcDescription, parameters: calcParameters } }];
  const messages: ChatCompletionMessageParam[] = [
    { role: "system", content: SYSTEM },
    { role: "user", content: QUESTION },
  ];
  for (let turn = 0; turn < MAX_TURNS; turn++) {
    let text = "";
    let calls: ChatCompletionMessageToolCall[] = [];
    if (options.stream) {
      // Streamed: text and each call's argument fragments arrive in chunks, keyed by index.
      const stream = await client.chat.completions.create({ model: "fake-model", messages, tools, stream: true });
      const byIndex = new Map<number, { id: string; name: string; args: string }>();
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta;
        text += delta?.content ?? "";
        for (const piece of delta?.tool_calls ?? []) {
          const call = byIndex.get(piece.index) ?? { id: "", name: "", args: "" };
          call.id ||= piece.id ?? "";
          call.name ||= piece.function?.name ?? "";
          call.args += piece.function?.arguments ?? "";
          byIndex.set(piece.index, call);
        }
      }
      calls = [...byIndex.values()].map((call) => ({ id: call.id, type: "function", function: { name: call.name, arguments: call.args } }));
    } else {
      const completion = await client.chat.completions.create({ model: "fake-model", messages, tools });
      const message = completion.choices[0]?.message;
      text = message?.content ?? "";
      calls = (message?.tool_calls ?? []).filter((call) => call.type === "function");
    }
    options.log?.(`model: ${text}${calls.length > 0 ? ` (+${calls.length} call(s))` : ""}`);
    if (calls.length === 0) return text;
    messages.push({ role: "assistant", content: text || null, tool_calls: calls });
    const answered = options.forgetResult ? calls.slice(0, -1) : calls;
    for (const call of answered) {
      if (call.type !== "function") continue;
      const result = runCalc(JSON.parse(call.function.arguments));
      messages.push({ role: "tool", tool_call_id: call.id, content: result.isError ? `Error: ${result.text}` : result.text });
    }
  }
  throw new Error(`no answer after ${MAX_TURNS} turns`);
}

export async function responsesHarness(baseUrl: string, options: HarnessOptions = {}): Promise<string> {
  const client = new OpenAI({ baseURL: `${baseUrl}/v1`, apiKey: "not-needed", maxRetries: 0, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const tools = [
    {
      type: "function" as const,
      name: "calc",
      description: calcDescription,
      parameters: {
        ...calcParameters,
        required: [...calcParameters.required],
        properties: { ...calcParameters.properties, op: { ...calcParameters.properties.op, enum: [...calcParameters.properties.op.enum] } },
      },
      strict: false,
    },
  ];
  const input: ResponseInputItem[] = [{ role: "user", content: QUESTION }];
  for (let turn = 0; turn < MAX_TURNS; turn++) {
    let output: ResponseInputItem[] = [];
    let text = "";
    if (options.stream) {
      const stream = await client.responses.create({ model: "fake-model", instructions: SYSTEM, input, tools, stream: true });
      for await (const event of stream) {
        if (event.type === "response.output_text.delta") text += event.delta;
        if (event.type === "response.output_item.done") output.push(event.item as ResponseInputItem);
      }
    } else {
      const response = await client.responses.create({ model: "fake-model", instructions: SYSTEM, input, tools });
      text = response.output_text;
      output = response.output as ResponseInputItem[];
    }
    const calls = output.flatMap((item) => (item.type === "function_call" ? [item] : []));
    options.log?.(`model: ${text}${calls.length > 0 ? ` (+${calls.length} call(s))` : ""}`);
    if (calls.length === 0) return text;
    input.push(...output);
    const answered = options.forgetResult ? calls.slice(0, -1) : calls;
    for (const call of answered) {
      const result = runCalc(JSON.parse(call.arguments));
      input.push({ type: "function_call_output", call_id: call.call_id, output: result.isError ? `Error: ${result.text}` : result.text });
    }
  }
  throw new Error(`no answer after ${MAX_TURNS} turns`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { baseUrl, stream, forgetResult } = exampleArgs(process.argv.slice(2));
  const harness = process.argv.includes("--responses") ? responsesHarness : chatHarness;
  try {
    console.log(await harness(baseUrl, { stream, forgetResult, log: console.log }));
  } catch (error) {
    // The SDK's APIError: its message is the status and the provider's message ("400 …"), as the
    // real API would give them.
    console.error(error instanceof OpenAI.APIError ? error.message : error);
    process.exitCode = 1;
  }
}
