// OpenAI's error body, the same for Chat Completions and Responses:
// `{"error":{"message","type","param","code"}}`. Source:
// https://platform.openai.com/docs/guides/error-codes and openai-node src/core/error.ts
// (`APIError.generate` takes the status and the body's `error`; its message becomes the error's).
import type { ErrorKind } from "./error-kind.ts";

export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

// OpenAI's error-code guide lists 403 (an unsupported region) without naming the body's `type`; a
// refused request keeps the request-error type, and the SDK raises PermissionDeniedError by status.
const types = {
  invalid: "invalid_request_error",
  forbidden: "invalid_request_error",
  notFound: "invalid_request_error",
  tooLarge: "invalid_request_error",
  internal: "server_error",
} as const;

/** `code`: the API's own where it names one (`previous_response_not_found`); an unknown route's is `unknown_url`. */
export function openAIError(
  kind: ErrorKind,
  message: string,
  param: string | null = null,
  code: string | null = kind === "notFound" ? "unknown_url" : null,
): OpenAIErrorBody {
  return { error: { message, type: types[kind], param, code } };
}
