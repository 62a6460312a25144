// What OpenAI's two APIs, Chat Completions and Responses, write alike: the tool-name pattern both
// enforce, function arguments carried as a JSON string, call ids `call_…` and request ids `req_…`. Both provider
// folders take them from here, so neither imports the other.
import { callTail, type ReplyAt, requestTail, servedId } from "./served-ids.ts";

/**
 * Tool names, in `tools[].function.name` and in `tool_calls[].function.name`; the Responses API
 * enforces the same pattern. openai/resources/shared.d.ts (FunctionDefinition.name) documents a
 * maximum length of 64 as well.
 */
export const OPENAI_NAME_PATTERN = /^[a-zA-Z0-9_-]+$/;

/** Parsed `function.arguments`, or undefined when it is not a string holding JSON. */
export function parsedArguments(text: unknown): unknown {
  if (typeof text !== "string") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A served call id, `call_…` (https://platform.openai.com/docs/guides/function-calling,
 *  `"id": "call_12345xyz"`; the API's own are 24 characters after the prefix). */
export function openAICallId(at: ReplyAt, call: number): string {
  return servedId("call_", 24, callTail(at, call));
}

/** Every answer of both APIs names its request in an `x-request-id` header, `req_` and 32 hex
 *  digits (https://platform.openai.com/docs/api-reference/debugging-requests; openai-node reads it
 *  into `APIError.requestID` and `_request_id`). */
export const openAIRequestId = { header: "x-request-id", id: (requestNumber: number) => servedId("req_", 32, requestTail(requestNumber)) };

/**
 * What both APIs answer for a required field that is absent, whatever the field: "Missing required
 * parameter: 'messages[0].role'." (https://github.com/ServiceNow/TapeAgents/issues/66),
 * "'messages[5].content[0].type'" (https://github.com/neuron-core/neuron-ai/issues/76). The rules
 * that check a field the spec requires fill `{path}` in.
 */
export const OPENAI_MISSING_PARAMETER = "Missing required parameter: '{path}'.";
export const OPENAI_MISSING_PARAMETER_SOURCES = "https://github.com/ServiceNow/TapeAgents/issues/66 ; https://github.com/neuron-core/neuron-ai/issues/76";

/** What both APIs answer for an empty string where the spec asks for at least one character (`{path}` filled in). */
export const OPENAI_EMPTY_STRING = "Invalid '{path}': empty string. Expected a string with minimum length 1, but got an empty string instead.";
