// Gemini's rules, its request reader, its answers and its streams: loaded on first use.

import { isRecord } from "../../json/is-record.ts";
import { errorStatus } from "../shared/error-kind.ts";
import type { ProviderParts } from "../shared/provider.ts";
import { geminiError } from "./error-response.ts";
import { geminiFaults } from "./fault-response.ts";
import { geminiModelList } from "./model-list.ts";
import { parseGeminiRequest } from "./parse-request.ts";
import { parseGeminiStream } from "./parse-stream.ts";
import { renderGeminiStream, servesThought } from "./render-stream.ts";
import { renderGeminiResponse } from "./response.ts";
import { geminiRuleTable } from "./rules.ts";
import { geminiIds } from "./served-ids.ts";

export const geminiParts: ProviderParts = {
  rules: geminiRuleTable,
  readRequest: parseGeminiRequest,
  response: {
    ids: geminiIds,
    render: renderGeminiResponse,
    error: (kind, message) => geminiError(kind, errorStatus[kind], message),
    faults: geminiFaults,
    models: geminiModelList,
    servesThinking: servesThought,
  },
  stream: {
    views: (events) => [
      { label: "classic: each functionCall arrives whole", frames: renderGeminiStream(events, "classic") },
      { label: "streamFunctionCallArguments (Vertex AI): functionCall.partialArgs", frames: renderGeminiStream(events, "partialArgs") },
    ],
    // A call arrives whole, as the Gemini API streams it: serve answers the Gemini API's routes
    // (/v1beta/models/…), and streamed arguments are Vertex AI's only — @google/genai 2.32
    // dist/genai.d.ts marks FunctionCall.partialArgs / willContinue and
    // FunctionCallingConfig.streamFunctionCallArguments "not supported in Gemini API". So a stream
    // plan's fragments of a call are not sent as partialArgs here (replay-stream shows both forms).
    serve: (events, at, meta, thinking) => renderGeminiStream(events, "classic", geminiIds.response(at), meta, thinking),
    parse: parseGeminiStream,
    recognises: ({ data }) => isRecord(data) && Array.isArray(data.candidates),
    // The API names no rule for an event it does not have.
    unknownEvent: () => undefined,
  },
};
