// The Gemini API's failures in Google's error body (error-response.ts). Statuses:
// https://ai.google.dev/gemini-api/docs/troubleshooting (429 RESOURCE_EXHAUSTED, 500 INTERNAL, 503
// UNAVAILABLE, 504 DEADLINE_EXCEEDED, 400 INVALID_ARGUMENT, 403 PERMISSION_DENIED); the page lists
// no 401: credentials the API refuses are Google's UNAUTHENTICATED, which
// https://cloud.google.com/apis/design/errors ("Handling errors") maps to 401, in the words the
// API is publicly seen sending with it. The retry delay of a 429 is a
// `google.rpc.RetryInfo` in the body's `details`, as https://cloud.google.com/apis/design/errors
// ("Error details") describes and the API is publicly seen sending. An overloaded model is the 503
// "The model is overloaded" the API is publicly seen sending. No `retry-after` header: the API
// documents none.
import type { FaultAnswer, FaultContext, FaultKind, FaultStyle } from "../shared/fault-kind.ts";

const TROUBLESHOOTING = "https://ai.google.dev/gemini-api/docs/troubleshooting";
const ERROR_MODEL = "https://cloud.google.com/apis/design/errors";

const wordings: Record<FaultKind, { code: number; status: string; message: string }> = {
  rateLimit: { code: 429, status: "RESOURCE_EXHAUSTED", message: "Resource has been exhausted (e.g. check quota)." },
  overloaded: { code: 503, status: "UNAVAILABLE", message: "The model is overloaded. Please try again later." },
  serverError: {
    code: 500,
    status: "INTERNAL",
    message: "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting",
  },
  unavailable: { code: 503, status: "UNAVAILABLE", message: "The service is currently unavailable." },
  gatewayTimeout: { code: 504, status: "DEADLINE_EXCEEDED", message: "Deadline expired before operation could complete." },
  contextTooLong: { code: 400, status: "INVALID_ARGUMENT", message: "The input token count exceeds the maximum number of tokens allowed (1048576)." },
  unauthorized: { code: 401, status: "UNAUTHENTICATED", message: "Request had invalid authentication credentials." },
  permissionDenied: { code: 403, status: "PERMISSION_DENIED", message: "The caller does not have permission" },
};

export interface GeminiFaultBody {
  error: { code: number; message: string; status: string; details?: { "@type": string; retryDelay: string }[] };
}

export const geminiFaults: FaultStyle = {
  answer(kind: FaultKind, { retryAfter, message }: FaultContext): FaultAnswer {
    const { code, status, message: usual } = wordings[kind];
    const details =
      kind === "rateLimit" && retryAfter !== undefined ? [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: `${retryAfter}s` }] : undefined;
    const body: GeminiFaultBody = { error: { code, message: message ?? usual, status, ...(details ? { details } : {}) } };
    return { status: code, body, headers: {} };
  },
  source: (kind) => (kind === "rateLimit" || kind === "unauthorized" ? `${TROUBLESHOOTING} ${ERROR_MODEL}` : TROUBLESHOOTING),
};
