// A reply's neutral events as Gemini's streamGenerateContent chunks, in two forms. Classic: text
// parts as they arrive, and each call as one whole `functionCall` part once its arguments are
// complete — a call cut off before then is never sent. Streamed arguments (Vertex AI): the call
// opens with its name and id, then one `partialArgs` entry per leaf of the arguments (a long
// string in pieces, `willContinue` on all but the last), the call's `willContinue` false on its
// last chunk; calls go one after another, and a cut one sends the leaves it had. Gemini's args are always an object: anything else goes as `{}`.
import type { FunctionCall, Part, PartialArg } from "@google/genai";
import { parsePartialJson } from "../../json/partial-json.ts";
import type { AssistantStreamEvent } from "../../protocol/stream-events.ts";
import { WIRE_MODEL } from "../shared/provider.ts";
import { blockSoFar, groupStream } from "../shared/stream-blocks.ts";
import { formatPartialArgsPath, jsonLeaves } from "./partial-args-path.ts";
import type { GeminiStreamChunk, GeminiStreamFrame } from "./stream-events.ts";

export type GeminiStreamForm = "classic" | "partialArgs";

/** How many UTF-16 units of a string leaf one partialArgs entry carries. */
const STRING_PIECE = 8;

function chunk(parts: Part[], responseId: string | undefined, finishReason?: GeminiStreamChunk["candidates"][number]["finishReason"]): GeminiStreamFrame {
  return {
    data: {
      candidates: [{ content: { role: "model", parts }, ...(finishReason ? { finishReason } : {}), index: 0 }],
      modelVersion: WIRE_MODEL,
      ...(responseId === undefined ? {} : { responseId }),
    },
  };
}

export function geminiArgs(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? { ...value } : {};
}

/** `responseId`: what every chunk carries (serve passes its own; the wire view none). */
export function renderGeminiStream(events: readonly AssistantStreamEvent[], form: GeminiStreamForm = "classic", responseId?: string): GeminiStreamFrame[] {
  const { blocks, terminal } = groupStream(events);
  const frames: GeminiStreamFrame[] = [];
  for (const event of events) {
    if (event.type === "text_delta") frames.push(chunk([{ text: event.delta }], responseId));
    else if (form === "classic" && event.type === "toolcall_end") {
      frames.push(chunk([{ functionCall: { name: event.toolCall.name, args: geminiArgs(event.toolCall.arguments), id: event.toolCall.id } }], responseId));
    } else if (form === "partialArgs" && event.type === "toolcall_end") {
      // One call at a time: Gemini's chunks have no index to tell two streamed calls apart.
      frames.push(chunk([{ functionCall: { name: event.toolCall.name, id: event.toolCall.id, willContinue: true } }], responseId));
      frames.push(...partialArgChunks(geminiArgs(event.toolCall.arguments), true, responseId));
    }
  }
  // A call cut mid-arguments: in the streamed form, the leaves known so far, never finished.
  if (form === "partialArgs") {
    for (const block of blocks) {
      if (block.kind !== "toolCall" || block.ended) continue;
      frames.push(chunk([{ functionCall: { name: block.name, id: block.id, willContinue: true } }], responseId));
      frames.push(...partialArgChunks(geminiArgs(parsePartialJson(blockSoFar(block))), false, responseId));
    }
  }
  if (!terminal || terminal.reason === "aborted") return frames;
  if (terminal.reason === "error") {
    frames.push({ data: { error: { code: 500, message: terminal.errorMessage ?? "", status: "INTERNAL" } } });
    return frames;
  }
  frames.push(chunk([{ text: "" }], responseId, terminal.reason === "length" ? "MAX_TOKENS" : "STOP"));
  return frames;
}

function partialArgChunks(args: Record<string, unknown>, finished: boolean, responseId: string | undefined): GeminiStreamFrame[] {
  const entries: PartialArg[] = [];
  for (const { path, value } of jsonLeaves(args)) {
    const jsonPath = formatPartialArgsPath(path);
    if (typeof value === "string") {
      const pieces = value.length === 0 ? [""] : (value.match(new RegExp(`[\\s\\S]{1,${STRING_PIECE}}`, "g")) ?? [""]);
      pieces.forEach((piece, index) => entries.push({ jsonPath, stringValue: piece, ...(index < pieces.length - 1 ? { willContinue: true } : {}) }));
    } else if (typeof value === "number") entries.push({ jsonPath, numberValue: value });
    else if (typeof value === "boolean") entries.push({ jsonPath, boolValue: value });
    else entries.push({ jsonPath, nullValue: "NULL_VALUE" });
  }
  const frames = entries.map((entry, index) => {
    const call: FunctionCall = { partialArgs: [entry], willContinue: !finished || index < entries.length - 1 };
    return chunk([{ functionCall: call }], responseId);
  });
  if (finished && entries.length === 0) frames.push(chunk([{ functionCall: { willContinue: false } }], responseId));
  return frames;
}
