// Anthropic's error body: `{"type":"error","error":{"type":…,"message":…}}` with the HTTP status
// that goes with the type (400 invalid_request_error, 403 permission_error, 404 not_found_error, 413 request_too_large,
// 500 api_error). Source: https://docs.anthropic.com/en/api/errors ("HTTP errors", "Error shapes");
// @anthropic-ai/sdk resources/shared `ErrorResponse`. The SDK raises APIError with this status and
// reads `error.message` into its own message; `request_id` is the request's id (served-ids.ts).
import type { ErrorResponse } from "@anthropic-ai/sdk/resources/shared";
import type { ErrorKind } from "../shared/error-kind.ts";

const types = {
  invalid: "invalid_request_error",
  forbidden: "permission_error",
  notFound: "not_found_error",
  tooLarge: "request_too_large",
  internal: "api_error",
} as const;

/** The SDK's ErrorResponse, whose `type` list lacks the documented `request_too_large`. */
export type AnthropicErrorBody = Omit<ErrorResponse, "error"> & { error: { type: ErrorResponse["error"]["type"] | "request_too_large"; message: string } };

/** `requestId`: the answer's `request-id` header, which the body repeats (served-ids.ts). */
export function anthropicError(kind: ErrorKind, message: string, requestId?: string): AnthropicErrorBody {
  return { type: "error", error: { type: types[kind], message }, request_id: requestId ?? null };
}
