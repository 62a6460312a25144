// OpenAI Responses API: the system prompt is `instructions`, and the history is a flat list of
// `input` items in which a call (`function_call`) and its result (`function_call_output`) are items
// of their own, paired by `call_id`. Like Chat Completions, a result has no error flag. A reasoning
// item can only be sent back with the id and encrypted content Responses issued, which a neutral
// history does not hold, so thinking is left out; images travel as `input_image`.
import type {
  FunctionTool,
  ResponseCreateParamsNonStreaming,
  ResponseFunctionCallOutputItem,
  ResponseInputContent,
  ResponseInputItem,
} from "openai/resources/responses/responses";
import type { Context } from "../../protocol/types.ts";
import { endpointLine, type RenderedRequest, WIRE_MODEL } from "../shared/provider.ts";
import { argumentsJson, dataUrl, type WireEntry, type WireHead, type WireToolResult, wireSystemPrompt, wireTools } from "../shared/wire-history.ts";
import type { WireNote } from "../shared/wire-note.ts";
import { entryByEntry, growingRenderer, type RequestShape, renderWhole, type WireRenderer } from "../shared/wire-renderer.ts";
import { openaiResponsesEndpoints } from "./endpoints.ts";
import { openaiResponsesLimits } from "./limits.ts";

type Body = ResponseCreateParamsNonStreaming;

const shape: RequestShape<"openai-responses", Body, ResponseInputItem> = {
  provider: "openai-responses",
  endpoint: endpointLine(openaiResponsesEndpoints, "request"),
  limits: openaiResponsesLimits,
  stage: () => entryByEntry((entry, items, notes) => items.push(...inputItems(entry, notes))),
  body(head, toolNames, input) {
    const instructions = wireSystemPrompt(head);
    // strict: false, because strict mode would also demand every property be listed as required.
    const tools = wireTools(head, toolNames)?.map(
      (tool): FunctionTool => ({ type: "function", name: tool.name, description: tool.description, parameters: tool.parameters, strict: false }),
    );
    return { model: WIRE_MODEL, ...(instructions === undefined ? {} : { instructions }), input, ...(tools ? { tools } : {}) };
  },
};

/** The request as its history grows (wire-renderer.ts); `renderOpenAIResponses` is it fed a whole history. */
export function openOpenAIResponses(head: WireHead): WireRenderer<"openai-responses", Body, ResponseInputItem> {
  return growingRenderer(shape, head);
}

export function renderOpenAIResponses(context: Context): RenderedRequest<"openai-responses", Body> {
  return renderWhole(openOpenAIResponses, context);
}

function inputItems(entry: WireEntry, notes: WireNote[]): ResponseInputItem[] {
  if (entry.role === "user") {
    const [only, ...more] = entry.parts;
    const content =
      only?.type === "text" && more.length === 0
        ? only.text
        : entry.parts.map(
            (part): ResponseInputContent =>
              part.type === "text" ? { type: "input_text", text: part.text } : { type: "input_image", image_url: dataUrl(part), detail: "auto" },
          );
    return [{ type: "message", role: "user", content }];
  }
  // The reply's text goes first, then its calls, then their outputs: nothing may stand between a
  // function_call and its output (rules.ts, "item-between-call-and-output").
  const texts: ResponseInputItem[] = [];
  const calls: ResponseInputItem[] = [];
  for (const block of entry.blocks) {
    if (block.type === "text") texts.push({ type: "message", role: "assistant", content: block.text });
    else if (block.type === "thinking") notes.push({ kind: "thinkingDropped", messageIndex: entry.messageIndex });
    else calls.push({ type: "function_call", call_id: block.id, name: block.name, arguments: argumentsJson(block, notes) });
  }
  return [...texts, ...calls, ...entry.results.map(outputItem)];
}

function outputItem(result: WireToolResult): ResponseInputItem {
  if (result.images.length === 0) return { type: "function_call_output", call_id: result.toolCallId, output: result.text };
  const output: ResponseFunctionCallOutputItem[] = [
    ...(result.text.length > 0 ? [{ type: "input_text" as const, text: result.text }] : []),
    ...result.images.map((image): ResponseFunctionCallOutputItem => ({ type: "input_image", image_url: dataUrl(image), detail: "auto" })),
  ];
  return { type: "function_call_output", call_id: result.toolCallId, output };
}
