// OpenAI Responses API: the system prompt is `instructions`, and the history is a flat list of
// `input` items in which a call (`function_call`) and its result (`function_call_output`) are items
// of their own, paired by `call_id`. Like Chat Completions, a result has no error flag.
import type { FunctionTool, ResponseCreateParamsNonStreaming, ResponseInputItem } from "openai/resources/responses/responses";
import type { Context } from "../../types.ts";
import { safeIdRule } from "../../wire/tool-call-ids.ts";
import { argumentsJson, prepareWireHistory, wireSystemPrompt, wireTools, type WireEntry } from "../../wire/wire-history.ts";
import { WIRE_MODEL, type WireRequest } from "../../wire/wire-request.ts";

/**
 * The endpoint refuses a `call_id` longer than 64 characters. Ids Responses itself produced are
 * short `call_…` strings; long or odd ids from other providers are rewritten to the safe set.
 */
export const openaiResponsesIdRule = safeIdRule(64);

export function renderOpenAIResponses(context: Context): WireRequest<"openai-responses"> {
  const { entries, notes } = prepareWireHistory(context.messages, openaiResponsesIdRule);
  const instructions = wireSystemPrompt(context);
  // strict: false, because strict mode would also demand every property be listed as required.
  const tools = wireTools(context)?.map(
    (tool): FunctionTool => ({ type: "function", name: tool.name, description: tool.description, parameters: tool.parameters, strict: false }),
  );
  const body: ResponseCreateParamsNonStreaming = {
    model: WIRE_MODEL,
    ...(instructions === undefined ? {} : { instructions }),
    input: entries.flatMap(inputItems),
    ...(tools ? { tools } : {}),
  };
  return { provider: "openai-responses", endpoint: "POST https://api.openai.com/v1/responses", body, notes };
}

function inputItems(entry: WireEntry): ResponseInputItem[] {
  if (entry.role === "user") {
    const [only, ...more] = entry.texts;
    const content = only !== undefined && more.length === 0 ? only : entry.texts.map((text) => ({ type: "input_text" as const, text }));
    return [{ type: "message", role: "user", content }];
  }
  // Items keep the reply's block order: text and calls interleave exactly as the model sent them.
  const replyItems = entry.blocks.map((block): ResponseInputItem =>
    block.type === "text"
      ? { type: "message", role: "assistant", content: block.text }
      : { type: "function_call", call_id: block.id, name: block.name, arguments: argumentsJson(block.arguments) },
  );
  const resultItems = entry.results.map((result): ResponseInputItem => ({ type: "function_call_output", call_id: result.toolCallId, output: result.text }));
  return [...replyItems, ...resultItems];
}
