// Anthropic Messages: `system` beside the messages, tools with `input_schema`, calls as `tool_use`
// blocks carrying an object, and results as `tool_result` blocks inside the NEXT user message —
// all results of one assistant turn together, first, before any user text — with `is_error`.
import type {
  ContentBlockParam,
  MessageCreateParamsNonStreaming,
  MessageParam,
  Tool,
  ToolResultBlockParam,
} from "@anthropic-ai/sdk/resources/messages";
import type { Context } from "../../types.ts";
import { safeIdRule } from "../../wire/tool-call-ids.ts";
import { argumentsObject, groupIntoRoleTurns, prepareWireHistory, wireSystemPrompt, wireTools, type RoleTurn, type WireToolResult } from "../../wire/wire-history.ts";
import { WIRE_MODEL, type WireNote, type WireRequest } from "../../wire/wire-request.ts";

/** Anthropic documents `tool_use.id` as `^[a-zA-Z0-9_-]+$`; 64 characters is the limit Pi keeps too. */
export const anthropicIdRule = safeIdRule(64);

/** Required by the API; the value does not matter for a view of the request's shape. */
export const WIRE_MAX_TOKENS = 1024;

/** Anthropic refuses an error result with no content, so a silent failure gets this text. */
export const EMPTY_ERROR_TEXT = "The tool failed without a message.";

export function renderAnthropic(context: Context): WireRequest<"anthropic"> {
  const { entries, notes } = prepareWireHistory(context.messages, anthropicIdRule);
  const system = wireSystemPrompt(context);
  const tools = wireTools(context)?.map((tool): Tool => ({ name: tool.name, description: tool.description, input_schema: inputSchema(tool.parameters) }));
  const body: MessageCreateParamsNonStreaming = {
    model: WIRE_MODEL,
    max_tokens: WIRE_MAX_TOKENS,
    ...(system === undefined ? {} : { system }),
    messages: groupIntoRoleTurns(entries).map((turn) => messageParam(turn, notes)),
    ...(tools ? { tools } : {}),
  };
  return { provider: "anthropic", endpoint: "POST https://api.anthropic.com/v1/messages", body, notes };
}

function messageParam(turn: RoleTurn, notes: WireNote[]): MessageParam {
  if (turn.role === "assistant") {
    const content = turn.blocks.map(
      (block): ContentBlockParam =>
        block.type === "text"
          ? { type: "text", text: block.text }
          : { type: "tool_use", id: block.id, name: block.name, input: argumentsObject(block, notes) },
    );
    return { role: "assistant", content };
  }
  const [only, ...more] = turn.texts;
  // A plain user message keeps the short string form; once results are in it, blocks are needed.
  if (turn.results.length === 0 && only !== undefined && more.length === 0) return { role: "user", content: only };
  const content: ContentBlockParam[] = [...turn.results.map(toolResultBlock), ...turn.texts.map((text) => ({ type: "text" as const, text }))];
  return { role: "user", content };
}

function toolResultBlock(result: WireToolResult): ToolResultBlockParam {
  const text = result.isError && result.text.length === 0 ? EMPTY_ERROR_TEXT : result.text;
  // An empty success may simply leave content out, which the API accepts.
  return { type: "tool_result", tool_use_id: result.toolCallId, ...(text.length > 0 ? { content: text } : {}), is_error: result.isError };
}

/**
 * `input_schema` must be an object schema. ToolDefinition.parameters is loosely typed, so the guard
 * proves it; a definition that is not one (this project's registry never makes one) is sent as an
 * object schema with its other keywords kept.
 */
function inputSchema(parameters: Record<string, unknown>): Tool.InputSchema {
  if (isInputSchema(parameters)) return parameters;
  const { type: _type, required: _required, ...keywords } = parameters;
  return { ...keywords, type: "object" };
}

function isInputSchema(schema: Record<string, unknown>): schema is Tool.InputSchema {
  const { required } = schema;
  return schema.type === "object" && (required === undefined || required === null || (Array.isArray(required) && required.every((name) => typeof name === "string")));
}
