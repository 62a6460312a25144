// Anthropic's failures in its error body (error-response.ts). Statuses and types:
// https://docs.anthropic.com/en/api/errors (401 authentication_error, 403 permission_error, 429
// rate_limit_error, 500 api_error, 529 overloaded_error; @anthropic-ai/sdk resources/shared `ErrorType` adds timeout_error, sent as
// 504). It documents no 503: one is sent as api_error, the type of its other server errors, and
// the SDK raises InternalServerError for it as for any status of 500 and above. Rate-limit headers:
// https://docs.anthropic.com/en/api/rate-limits (`retry-after`, `anthropic-ratelimit-requests-*`);
// its `…-reset` is a moment in RFC 3339, which serve (no clock) does not send. A prompt too long is
// the 400 "prompt is too long" the API is publicly seen sending; a 401's message is the "invalid
// x-api-key" it is publicly seen sending, a 403's the errors page's own words.
import type { FaultAnswer, FaultContext, FaultKind, FaultStyle } from "../shared/fault-kind.ts";
import { retryAfterHeaders } from "../shared/fault-kind.ts";
import type { AnthropicErrorBody } from "./error-response.ts";

const ERRORS = "https://docs.anthropic.com/en/api/errors";
const RATE_LIMITS = "https://docs.anthropic.com/en/api/rate-limits";

type ErrorType = AnthropicErrorBody["error"]["type"];

const wordings: Record<FaultKind, { status: number; type: ErrorType; message: string }> = {
  rateLimit: { status: 429, type: "rate_limit_error", message: "Number of requests has exceeded your rate limit" },
  overloaded: { status: 529, type: "overloaded_error", message: "Overloaded" },
  serverError: { status: 500, type: "api_error", message: "Internal server error" },
  unavailable: { status: 503, type: "api_error", message: "Service unavailable" },
  gatewayTimeout: { status: 504, type: "timeout_error", message: "Request timed out" },
  contextTooLong: { status: 400, type: "invalid_request_error", message: "prompt is too long: 200001 tokens > 200000 maximum" },
  unauthorized: { status: 401, type: "authentication_error", message: "invalid x-api-key" },
  permissionDenied: { status: 403, type: "permission_error", message: "Your API key does not have permission to use the specified resource." },
};

export const anthropicFaults: FaultStyle = {
  answer(kind: FaultKind, { requestId, retryAfter, message }: FaultContext): FaultAnswer {
    const wording = wordings[kind];
    const body: AnthropicErrorBody = { type: "error", error: { type: wording.type, message: message ?? wording.message }, request_id: requestId ?? null };
    const limits: Record<string, string> =
      kind === "rateLimit" ? { "anthropic-ratelimit-requests-limit": "50", "anthropic-ratelimit-requests-remaining": "0" } : {};
    return { status: wording.status, body, headers: { ...limits, ...retryAfterHeaders(retryAfter) } };
  },
  source: (kind) => (kind === "rateLimit" ? `${ERRORS} ${RATE_LIMITS}` : ERRORS),
};
