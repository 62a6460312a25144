// OpenAI's failures, the same for Chat Completions and Responses, in its error body
// (openai-error.ts). Statuses and messages: https://platform.openai.com/docs/guides/error-codes
// (429 "Rate limit reached for requests", 500 "The server had an error while processing your
// request", 503 "The engine is currently overloaded, please try again later" and "Slow Down", 401
// "Incorrect API key provided", 403 "Country, region, or territory not supported");
// the `x-ratelimit-*` headers: https://platform.openai.com/docs/guides/rate-limits ("Rate limits in
// headers"); a context too long is the 400 `context_length_exceeded` the API is publicly seen
// sending, and the 401's `invalid_api_key` and the 403's `unsupported_country_region_territory`
// (type `request_forbidden`) are the codes it is publicly seen sending with them. The guide lists no 504: it is sent in the same body, which openai-node raises as an
// InternalServerError like every status of 500 and above (openai/core/error.js `APIError.generate`).
import { type FaultAnswer, type FaultContext, type FaultKind, type FaultStyle, retryAfterHeaders } from "./fault-kind.ts";
import type { OpenAIErrorBody } from "./openai-error.ts";

const ERROR_CODES = "https://platform.openai.com/docs/guides/error-codes";
const RATE_LIMITS = "https://platform.openai.com/docs/guides/rate-limits";

interface Wording {
  status: number;
  type: string;
  code: string | null;
  param: string | null;
  message: string;
}

const wordings: Record<FaultKind, Wording> = {
  rateLimit: { status: 429, type: "requests", code: "rate_limit_exceeded", param: null, message: "Rate limit reached for requests" },
  overloaded: { status: 503, type: "server_error", code: null, param: null, message: "The engine is currently overloaded, please try again later" },
  serverError: { status: 500, type: "server_error", code: null, param: null, message: "The server had an error while processing your request" },
  unavailable: { status: 503, type: "server_error", code: null, param: null, message: "Slow Down" },
  gatewayTimeout: { status: 504, type: "server_error", code: null, param: null, message: "Gateway timeout" },
  contextTooLong: {
    status: 400,
    type: "invalid_request_error",
    code: "context_length_exceeded",
    param: "messages",
    message: "This model's maximum context length was exceeded by your messages",
  },
  unauthorized: { status: 401, type: "invalid_request_error", code: "invalid_api_key", param: null, message: "Incorrect API key provided" },
  permissionDenied: {
    status: 403,
    type: "request_forbidden",
    code: "unsupported_country_region_territory",
    param: null,
    message: "Country, region, or territory not supported",
  },
};

/** The rate-limit headers the guide documents, for a request limit spent (`remaining` 0) that
 *  resets when `retry-after` says; the token counts are left whole (a request limit was hit). */
function rateLimitHeaders(retryAfter: number | undefined): Record<string, string> {
  const reset = `${retryAfter ?? 1}s`;
  return {
    "x-ratelimit-limit-requests": "60",
    "x-ratelimit-remaining-requests": "0",
    "x-ratelimit-reset-requests": reset,
    "x-ratelimit-limit-tokens": "150000",
    "x-ratelimit-remaining-tokens": "150000",
    "x-ratelimit-reset-tokens": "0s",
  };
}

export const openAIFaults: FaultStyle = {
  answer(kind: FaultKind, { retryAfter, message }: FaultContext): FaultAnswer {
    const wording = wordings[kind];
    const body: OpenAIErrorBody = { error: { message: message ?? wording.message, type: wording.type, param: wording.param, code: wording.code } };
    const limits = kind === "rateLimit" ? rateLimitHeaders(retryAfter) : {};
    return { status: wording.status, body, headers: { ...limits, ...retryAfterHeaders(retryAfter) } };
  },
  source: (kind) => (kind === "rateLimit" ? `${ERROR_CODES} ${RATE_LIMITS}` : ERROR_CODES),
};
