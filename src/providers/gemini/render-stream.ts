// A reply's neutral events as Gemini's streamGenerateContent chunks, in two forms. Classic: text
// parts as they arrive, and each call as one whole `functionCall` part once its arguments are
// complete — a call cut off before then is never sent. Streamed arguments (Vertex AI): the call
// opens with its name and id, then one `partialArgs` entry per leaf of the arguments (a long
// string in pieces, `willContinue` on all but the last), the call's `willContinue` false on its
// last chunk; calls go one after another, and a cut one sends the leaves it had. Gemini's args are always an object: anything else goes as `{}`.
// A reply's signed thinking blocks (which the events do not carry) go at their place, each a
// chunk of one whole thought part (response.ts says which blocks Gemini carries).
import type { FunctionCall, Part, PartialArg } from "@google/genai";
import { parsePartialJson } from "../../json/partial-json.ts";
import type { AssistantStreamEvent } from "../../protocol/stream-events.ts";
import type { ThinkingContent } from "../../protocol/types.ts";
import { WIRE_MODEL } from "../shared/provider.ts";
import type { ServedMeta } from "../shared/served-reply.ts";
import { blockSoFar, groupStream, type ThinkingAt } from "../shared/stream-blocks.ts";
import { formatPartialArgsPath, jsonLeaves } from "./partial-args-path.ts";
import type { GeminiStreamChunk, GeminiStreamFrame, GeminiUsageMetadata } from "./stream-events.ts";

export type GeminiStreamForm = "classic" | "partialArgs";

/** How many UTF-16 units of a string leaf one partialArgs entry carries. */
const STRING_PIECE = 8;

/** What every chunk repeats: the responseId serve gives (the wire view none) and the model. */
interface ChunkIds {
  responseId: string | undefined;
  model: string;
}

function chunk(
  parts: Part[],
  ids: ChunkIds,
  last?: { finishReason: GeminiStreamChunk["candidates"][number]["finishReason"]; usage?: GeminiUsageMetadata },
): GeminiStreamFrame {
  return {
    data: {
      candidates: [{ content: { role: "model", parts }, ...(last?.finishReason ? { finishReason: last.finishReason } : {}), index: 0 }],
      ...(last?.usage ? { usageMetadata: last.usage } : {}),
      modelVersion: ids.model,
      ...(ids.responseId === undefined ? {} : { responseId: ids.responseId }),
    },
  };
}

/** The counts as Gemini writes them (https://ai.google.dev/api/generate-content#UsageMetadata). */
export function geminiUsage(meta: ServedMeta): GeminiUsageMetadata {
  return { promptTokenCount: meta.usage.input, candidatesTokenCount: meta.usage.output, totalTokenCount: meta.usage.input + meta.usage.output };
}

export function geminiArgs(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? { ...value } : {};
}

/** `responseId`: what every chunk carries (serve passes its own; the wire view none). `meta`: what
 *  serve answers with (the model asked for, the usage on the last chunk). */
export function renderGeminiStream(
  events: readonly AssistantStreamEvent[],
  form: GeminiStreamForm = "classic",
  responseId?: string,
  meta?: ServedMeta,
  thinking: readonly ThinkingAt[] = [],
): GeminiStreamFrame[] {
  const { blocks, terminal } = groupStream(events);
  const ids: ChunkIds = { responseId, model: meta?.model ?? WIRE_MODEL };
  const frames: GeminiStreamFrame[] = [];
  const thoughts = thinking.filter((at) => servesThought(at.block));
  let nextThought = 0;
  /** The thought parts placed before content index `index`. */
  const thoughtsBefore = (index: number) => {
    for (; nextThought < thoughts.length && (thoughts[nextThought]?.index ?? index) < index; nextThought++) {
      const at = thoughts[nextThought];
      if (at) frames.push(chunk([thoughtPart(at.block)], ids));
    }
  };
  for (const event of events) {
    if ("contentIndex" in event) thoughtsBefore(event.contentIndex);
    if (event.type === "text_delta") frames.push(chunk([{ text: event.delta }], ids));
    else if (form === "classic" && event.type === "toolcall_end") {
      frames.push(chunk([{ functionCall: { name: event.toolCall.name, args: geminiArgs(event.toolCall.arguments), id: event.toolCall.id } }], ids));
    } else if (form === "partialArgs" && event.type === "toolcall_end") {
      // One call at a time: Gemini's chunks have no index to tell two streamed calls apart.
      frames.push(chunk([{ functionCall: { name: event.toolCall.name, id: event.toolCall.id, willContinue: true } }], ids));
      frames.push(...partialArgChunks(geminiArgs(event.toolCall.arguments), true, ids));
    }
  }
  // A call cut mid-arguments: in the streamed form, the leaves known so far, never finished.
  if (form === "partialArgs") {
    for (const block of blocks) {
      if (block.kind !== "toolCall" || block.ended) continue;
      frames.push(chunk([{ functionCall: { name: block.name, id: block.id, willContinue: true } }], ids));
      frames.push(...partialArgChunks(geminiArgs(parsePartialJson(blockSoFar(block))), false, ids));
    }
  }
  if (!terminal || terminal.reason === "aborted") return frames;
  if (terminal.reason === "error") {
    frames.push({ data: { error: { code: 500, message: terminal.errorMessage ?? "", status: "INTERNAL" } } });
    return frames;
  }
  thoughtsBefore(Number.POSITIVE_INFINITY);
  frames.push(
    chunk([{ text: "" }], ids, { finishReason: terminal.reason === "length" ? "MAX_TOKENS" : "STOP", ...(meta ? { usage: geminiUsage(meta) } : {}) }),
  );
  return frames;
}

function partialArgChunks(args: Record<string, unknown>, finished: boolean, ids: ChunkIds): GeminiStreamFrame[] {
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
    return chunk([{ functionCall: call }], ids);
  });
  if (finished && entries.length === 0) frames.push(chunk([{ functionCall: { willContinue: false } }], ids));
  return frames;
}

/** Whether Gemini's answer carries this thinking block: only a signed one that is not redacted. */
export function servesThought(block: ThinkingContent): boolean {
  return block.thinkingSignature !== undefined && block.thinkingSignature !== "" && block.redacted !== true;
}

/** A thinking block as Gemini's thought part. */
export function thoughtPart(block: ThinkingContent): Part {
  return { text: block.thinking, thought: true, thoughtSignature: block.thinkingSignature ?? "" };
}
