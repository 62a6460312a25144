// OpenAI Responses' stream, as it arrives: named server-sent events whose data is one of the SDK's
// ResponseStreamEvent shapes, each with a `sequence_number`. No `[DONE]`: the stream ends with
// `response.completed`, `response.incomplete` or `response.failed`.
// Source: https://platform.openai.com/docs/api-reference/responses-streaming — every output item
// opens with `response.output_item.added` and closes with `response.output_item.done`; text
// arrives as `response.output_text.delta`, a function call's arguments as
// `response.function_call_arguments.delta` then `.done` with the whole `arguments` string.
import type { Response, ResponseStreamEvent } from "openai/resources/responses/responses";
import { WIRE_MODEL } from "../shared/provider.ts";

export interface OpenAIResponsesStreamFrame {
  event: ResponseStreamEvent["type"];
  data: ResponseStreamEvent;
}

/** The response object the lifecycle events carry, with fixed ids and times so output is stable. */
export function responseObject(status: NonNullable<Response["status"]>, output: Response["output"], extra: Partial<Response> = {}, id = "resp_fake"): Response {
  return {
    id,
    object: "response",
    created_at: 0,
    status,
    model: WIRE_MODEL,
    output,
    output_text: "",
    error: null,
    incomplete_details: null,
    instructions: null,
    metadata: null,
    parallel_tool_calls: true,
    temperature: null,
    tool_choice: "auto",
    tools: [],
    top_p: null,
    ...extra,
  };
}
