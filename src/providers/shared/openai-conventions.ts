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
