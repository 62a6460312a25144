// OpenAI Responses' stream, as it arrives: named server-sent events whose data is one of the SDK's
// ResponseStreamEvent shapes, each with a `sequence_number`. No `[DONE]`: the stream ends with
// `response.completed`, `response.incomplete` or `response.failed`.
// Source: https://platform.openai.com/docs/api-reference/responses-streaming — every output item
// opens with `response.output_item.added` and closes with `response.output_item.done`; text
// arrives as `response.output_text.delta`, a function call's arguments as
// `response.function_call_arguments.delta` then `.done` with the whole `arguments` string.
import type { Response, ResponseOutputText, ResponseStreamEvent } from "openai/resources/responses/responses";
import { WIRE_MODEL } from "../shared/provider.ts";

/** The response object as the API sends it: the SDK's Response without `output_text`, which
 *  OpenAI's spec calls an "SDK-only convenience property" (openai/openai-openapi openapi.json 2.3.0,
 *  components.schemas.Response.properties.output_text) — the SDK adds it, the wire has none. */
export type ResponseObject = Omit<Response, "output_text">;

/** An event as the API sends it: one that carries a response carries the wire's ResponseObject. */
export type ResponsesWireEvent = ResponseStreamEvent extends infer Event
  ? Event extends { response: Response }
    ? Omit<Event, "response"> & { response: ResponseObject }
    : Event
  : never;

export interface OpenAIResponsesStreamFrame {
  event: ResponseStreamEvent["type"];
  data: ResponsesWireEvent;
}

/** An `output_text` part: the spec requires `type`, `text`, `annotations` and `logprobs`
 *  (openapi.json components.schemas.OutputTextContent.required), though the SDK types `logprobs`
 *  optional; a stricter client checks all four. */
export function outputText(text: string): ResponseOutputText {
  return { type: "output_text", text, annotations: [], logprobs: [] };
}

/** The response object the lifecycle events carry, with fixed ids and times so output is stable. */
export function responseObject(
  status: NonNullable<Response["status"]>,
  output: Response["output"],
  extra: Partial<ResponseObject> = {},
  id = "resp_fake",
  model = WIRE_MODEL,
): ResponseObject {
  return {
    id,
    object: "response",
    created_at: 0,
    status,
    model,
    output,
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
