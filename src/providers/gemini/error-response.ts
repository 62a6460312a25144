// Google's error body, as the Gemini API returns it: `{"error":{"code","message","status"}}` with
// the canonical status names (400 INVALID_ARGUMENT, 403 PERMISSION_DENIED, 404 NOT_FOUND, 500 INTERNAL). Sources:
// https://ai.google.dev/gemini-api/docs/troubleshooting (backend error codes) and
// https://cloud.google.com/apis/design/errors (the JSON shape). @google/genai's ApiError carries
// the status and the whole body as JSON text in its message (throwErrorIfNotOK).
import type { ErrorKind } from "../shared/error-kind.ts";

export interface GeminiErrorBody {
  error: { code: number; message: string; status: string };
}

// No separate status for a too-large body in Google's list: it is an invalid argument, sent as 413.
const statuses = {
  invalid: "INVALID_ARGUMENT",
  forbidden: "PERMISSION_DENIED",
  notFound: "NOT_FOUND",
  tooLarge: "INVALID_ARGUMENT",
  internal: "INTERNAL",
} as const;

export function geminiError(kind: ErrorKind, code: number, message: string): GeminiErrorBody {
  return { error: { code, message, status: statuses[kind] } };
}
