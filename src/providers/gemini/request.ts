// Gemini generateContent: `systemInstruction`, `contents` with roles `user` and `model`, calls as
// `functionCall` parts, and the results of one turn as `functionResponse` parts of the next user
// content, where the error flag is the key itself: `response.output` or `response.error`.
import type { Content, FunctionDeclaration, Part, Tool } from "@google/genai";
import type { Context } from "../../types.ts";
import { argumentsObject, groupIntoRoleTurns, prepareWireHistory, wireSystemPrompt, wireTools, type RoleTurn, type WireToolResult } from "../../wire/wire-history.ts";
import { WIRE_MODEL, type WireNote, type WireRequest } from "../../wire/wire-request.ts";

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

/*
 * Ids: Gemini puts no rule on FunctionCall.id (it may even leave it out), so ids pass through
 * unchanged. Pi rewrites them only for non-Gemini models served through Google (Claude on Vertex),
 * whose rule is Anthropic's.
 */

export function renderGemini(context: Context): WireRequest<"gemini"> {
  const { entries, notes } = prepareWireHistory(context.messages, undefined);
  const systemPrompt = wireSystemPrompt(context);
  // parametersJsonSchema takes a JSON Schema as is; `parameters` would want Google's OpenAPI subset.
  const functionDeclarations = wireTools(context)?.map(
    (tool): FunctionDeclaration => ({ name: tool.name, description: tool.description, parametersJsonSchema: tool.parameters }),
  );
  const body: GeminiGenerateContentBody = {
    ...(systemPrompt === undefined ? {} : { systemInstruction: { parts: [{ text: systemPrompt }] } }),
    contents: groupIntoRoleTurns(entries).map((turn) => content(turn, notes)),
    ...(functionDeclarations ? { tools: [{ functionDeclarations }] } : {}),
  };
  return {
    provider: "gemini",
    endpoint: `POST https://generativelanguage.googleapis.com/v1beta/models/${WIRE_MODEL}:generateContent`,
    body,
    notes,
  };
}

function content(turn: RoleTurn, notes: WireNote[]): Content {
  if (turn.role === "assistant") {
    const parts = turn.blocks.map(
      (block): Part =>
        block.type === "text" ? { text: block.text } : { functionCall: { name: block.name, args: argumentsObject(block, notes), id: block.id } },
    );
    return { role: "model", parts };
  }
  return { role: "user", parts: [...turn.results.map(functionResponsePart), ...turn.texts.map((text): Part => ({ text }))] };
}

function functionResponsePart(result: WireToolResult): Part {
  const response = result.isError ? { error: result.text } : { output: result.text };
  return { functionResponse: { name: result.toolName, id: result.toolCallId, response } };
}
