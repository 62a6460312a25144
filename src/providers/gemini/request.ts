// Gemini generateContent: `systemInstruction`, `contents` with roles `user` and `model`, calls as
// `functionCall` parts, and the results of one turn as `functionResponse` parts of the next user
// content, where the error flag is the key itself: `response.output` or `response.error`. Images
// are `inlineData` parts (a result's go in `functionResponse.parts`); reasoning goes back as a
// `thought` part only with the signature Gemini issued.
import type { Content, FunctionDeclaration, FunctionResponse, Part, Tool } from "@google/genai";
import type { Context } from "../../protocol/types.ts";
import { endpointLine, type RenderedRequest } from "../shared/provider.ts";
import type { RoleTurn } from "../shared/role-turns.ts";
import { argumentsObject, type WireHead, type WireToolResult, wireSystemPrompt, wireTools } from "../shared/wire-history.ts";
import type { WireNote } from "../shared/wire-note.ts";
import { growingRenderer, type RequestShape, renderWhole, turnByTurn, type WireRenderer } from "../shared/wire-renderer.ts";
import { geminiEndpoints } from "./endpoints.ts";
import { geminiLimits } from "./limits.ts";

/**
 * The REST body. @google/genai exports no type for it: its GenerateContentParameters is the SDK
 * call `{ model, contents, config: { systemInstruction, tools, … } }`, which the SDK reshapes
 * before sending. On the wire the model is in the URL and the rest sits at the top level, so the
 * body is assembled here from the SDK's own Content and Tool types.
 */
export interface GeminiGenerateContentBody {
  contents: Content[];
  systemInstruction?: Content;
  tools?: Tool[];
}

const shape: RequestShape<"gemini", GeminiGenerateContentBody, Content> = {
  provider: "gemini",
  endpoint: endpointLine(geminiEndpoints, "request"),
  limits: geminiLimits,
  stage: () => turnByTurn(content),
  body(head, toolNames, contents) {
    const systemPrompt = wireSystemPrompt(head);
    // parametersJsonSchema takes a JSON Schema as is; `parameters` would want Google's OpenAPI subset.
    const functionDeclarations = wireTools(head, toolNames)?.map(
      (tool): FunctionDeclaration => ({ name: tool.name, description: tool.description, parametersJsonSchema: tool.parameters }),
    );
    return {
      ...(systemPrompt === undefined ? {} : { systemInstruction: { parts: [{ text: systemPrompt }] } }),
      contents,
      ...(functionDeclarations ? { tools: [{ functionDeclarations }] } : {}),
    };
  },
};

/** The request as its history grows (wire-renderer.ts); `renderGemini` is it fed a whole history. */
export function openGemini(head: WireHead): WireRenderer<"gemini", GeminiGenerateContentBody, Content> {
  return growingRenderer(shape, head);
}

export function renderGemini(context: Context): RenderedRequest<"gemini", GeminiGenerateContentBody> {
  return renderWhole(openGemini, context);
}

function content(turn: RoleTurn, notes: WireNote[]): Content {
  if (turn.role === "assistant") {
    const parts: Part[] = [];
    for (const block of turn.blocks) {
      if (block.type === "text") parts.push({ text: block.text });
      else if (block.type === "toolCall") parts.push({ functionCall: { name: block.name, args: argumentsObject(block, notes), id: block.id } });
      else if (block.thinkingSignature && !block.redacted) parts.push({ text: block.thinking, thought: true, thoughtSignature: block.thinkingSignature });
      else notes.push({ kind: "thinkingDropped", messageIndex: turn.messageIndex });
    }
    return { role: "model", parts };
  }
  const userParts = turn.parts.map((part): Part => (part.type === "text" ? { text: part.text } : { inlineData: { mimeType: part.mimeType, data: part.data } }));
  return { role: "user", parts: [...turn.results.map(functionResponsePart), ...userParts] };
}

function functionResponsePart(result: WireToolResult): Part {
  // @google/genai's FunctionResponse docs: the "output" key for output, the "error" key for an error.
  const response = result.isError ? { error: result.text } : { output: result.text };
  const functionResponse: FunctionResponse = { name: result.toolName, id: result.toolCallId, response };
  if (result.images.length > 0) functionResponse.parts = result.images.map((image) => ({ inlineData: { mimeType: image.mimeType, data: image.data } }));
  return { functionResponse };
}
