// A reply's neutral events as the Responses API's events: one output item per block, in order (a
// `message` item with one `output_text` part for a text, a `function_call` item for a call), each
// opened, filled and closed before the next. A length cut ends with `response.incomplete`
// (`max_output_tokens`), an error with `response.failed`; an abort simply stops.
import type { ResponseFunctionToolCall, ResponseOutputItem, ResponseOutputMessage } from "openai/resources/responses/responses";
import type { AssistantStreamEvent } from "../../protocol/stream-events.ts";
import type { ServedMeta } from "../shared/served-reply.ts";
import { blockSoFar, groupStream } from "../shared/stream-blocks.ts";
import { responsesUsage } from "./response.ts";
import { type OpenAIResponsesStreamFrame, outputText, type ResponsesWireEvent, responseObject } from "./stream-events.ts";

/** The ids a rendered stream carries: the response's, and each output item's by its kind and place. */
export interface ResponsesStreamIds {
  response: string;
  item(kind: "message" | "function_call", outputIndex: number): string;
}

/** What the wire view shows: fixed, so a golden file never changes (serve passes its own). */
const fixedIds: ResponsesStreamIds = {
  response: "resp_fake",
  item: (kind, outputIndex) => `${kind === "message" ? "msg" : "fc"}_${outputIndex}`,
};

/** `meta`: what serve answers with (the model asked for; the usage, on the last event's response,
 *  as `response.completed` carries it: https://platform.openai.com/docs/api-reference/responses-streaming/response/completed). */
export function renderOpenAIResponsesStream(
  events: readonly AssistantStreamEvent[],
  ids: ResponsesStreamIds = fixedIds,
  meta?: ServedMeta,
): OpenAIResponsesStreamFrame[] {
  const { blocks, terminal } = groupStream(events);
  const frames: OpenAIResponsesStreamFrame[] = [];
  let sequence = 0;
  const model = meta?.model;
  const usage = meta ? { usage: responsesUsage(meta) } : {};
  const output: ResponseOutputItem[] = [];
  const push = (data: ResponsesWireEvent) => {
    frames.push({ event: data.type, data });
  };
  push({ type: "response.created", sequence_number: sequence++, response: responseObject("in_progress", [], {}, ids.response, model) });
  blocks.forEach((block, outputIndex) => {
    const so = blockSoFar(block);
    if (block.kind === "text") {
      const itemId = ids.item("message", outputIndex);
      push({
        type: "response.output_item.added",
        sequence_number: sequence++,
        output_index: outputIndex,
        item: messageItem(itemId, "in_progress", ""),
      });
      push({
        type: "response.content_part.added",
        sequence_number: sequence++,
        item_id: itemId,
        output_index: outputIndex,
        content_index: 0,
        part: outputText(""),
      });
      for (const fragment of block.fragments) {
        push({
          type: "response.output_text.delta",
          sequence_number: sequence++,
          item_id: itemId,
          output_index: outputIndex,
          content_index: 0,
          delta: fragment,
          logprobs: [],
        });
      }
      if (!block.ended) return;
      push({
        type: "response.output_text.done",
        sequence_number: sequence++,
        item_id: itemId,
        output_index: outputIndex,
        content_index: 0,
        text: so,
        logprobs: [],
      });
      push({
        type: "response.content_part.done",
        sequence_number: sequence++,
        item_id: itemId,
        output_index: outputIndex,
        content_index: 0,
        part: outputText(so),
      });
      const done = messageItem(itemId, "completed", so);
      output.push(done);
      push({ type: "response.output_item.done", sequence_number: sequence++, output_index: outputIndex, item: done });
      return;
    }
    const itemId = ids.item("function_call", outputIndex);
    push({
      type: "response.output_item.added",
      sequence_number: sequence++,
      output_index: outputIndex,
      item: callItem(itemId, block, "in_progress", ""),
    });
    for (const fragment of block.fragments) {
      push({
        type: "response.function_call_arguments.delta",
        sequence_number: sequence++,
        item_id: itemId,
        output_index: outputIndex,
        delta: fragment,
      });
    }
    if (!block.ended) return;
    push({
      type: "response.function_call_arguments.done",
      sequence_number: sequence++,
      item_id: itemId,
      output_index: outputIndex,
      name: block.name,
      arguments: so,
    });
    const done = callItem(itemId, block, "completed", so);
    output.push(done);
    push({ type: "response.output_item.done", sequence_number: sequence++, output_index: outputIndex, item: done });
  });
  if (!terminal || terminal.reason === "aborted") return frames;
  if (terminal.reason === "error") {
    push({
      type: "response.failed",
      sequence_number: sequence++,
      response: responseObject("failed", output, { error: { code: "server_error", message: terminal.errorMessage ?? "" } }, ids.response, model),
    });
  } else if (terminal.reason === "length") {
    push({
      type: "response.incomplete",
      sequence_number: sequence++,
      response: responseObject("incomplete", output, { incomplete_details: { reason: "max_output_tokens" }, ...usage }, ids.response, model),
    });
  } else {
    push({ type: "response.completed", sequence_number: sequence++, response: responseObject("completed", output, usage, ids.response, model) });
  }
  return frames;
}

function messageItem(id: string, status: ResponseOutputMessage["status"], text: string): ResponseOutputMessage {
  return { type: "message", id, role: "assistant", status, content: status === "in_progress" ? [] : [outputText(text)] };
}

function callItem(
  id: string,
  call: { id: string; name: string },
  status: NonNullable<ResponseFunctionToolCall["status"]>,
  args: string,
): ResponseFunctionToolCall {
  return { type: "function_call", id, call_id: call.id, name: call.name, arguments: args, status };
}
