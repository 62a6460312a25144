// Anthropic Messages: `system` beside the messages, tools with `input_schema`, calls as `tool_use`
// blocks carrying an object, and results as `tool_result` blocks inside the NEXT user message —
// all results of one assistant turn together, first, before any user text — with `is_error`.
// Reasoning goes back as a `thinking` block only with the signature Anthropic issued (a redacted one
// as `redacted_thinking`); images travel as base64 `image` blocks, in user turns and in results.
import type {
  Base64ImageSource,
  ContentBlockParam,
  ImageBlockParam,
  MessageCreateParamsNonStreaming,
  MessageParam,
  TextBlockParam,
  Tool,
  ToolResultBlockParam,
} from "@anthropic-ai/sdk/resources/messages";
import type { Context, ImageContent } from "../../protocol/types.ts";
import { endpointLine, type RenderedRequest, WIRE_MODEL } from "../shared/provider.ts";
import type { RoleTurn } from "../shared/role-turns.ts";
import { argumentsObject, BLANK_USER_TEXT, isBlank, type WireHead, type WireToolResult, wireSystemPrompt, wireTools } from "../shared/wire-history.ts";
import type { WireNote } from "../shared/wire-note.ts";
import { growingRenderer, type RequestShape, renderWhole, turnByTurn, type WireRenderer } from "../shared/wire-renderer.ts";
import { anthropicEndpoints } from "./endpoints.ts";
import { anthropicLimits } from "./limits.ts";

/** Required by the API; the value does not matter for a view of the request's shape. */
export const WIRE_MAX_TOKENS = 1024;

/** Anthropic refuses an error result with no content, so a silent failure gets this text. */
export const EMPTY_ERROR_TEXT = "The tool failed without a message.";

const mediaTypes: readonly string[] = ["image/jpeg", "image/png", "image/gif", "image/webp"] satisfies Base64ImageSource["media_type"][];

type Body = MessageCreateParamsNonStreaming;

const shape: RequestShape<"anthropic", Body, MessageParam> = {
  provider: "anthropic",
  endpoint: endpointLine(anthropicEndpoints, "request"),
  limits: anthropicLimits,
  stage: () => turnByTurn(messageParam),
  body(head, toolNames, messages) {
    const system = wireSystemPrompt(head);
    const tools = wireTools(head, toolNames)?.map(
      (tool): Tool => ({ name: tool.name, description: tool.description, input_schema: inputSchema(tool.parameters) }),
    );
    return { model: WIRE_MODEL, max_tokens: WIRE_MAX_TOKENS, ...(system === undefined ? {} : { system }), messages, ...(tools ? { tools } : {}) };
  },
};

/** The request as its history grows (wire-renderer.ts); `renderAnthropic` is it fed a whole history. */
export function openAnthropic(head: WireHead): WireRenderer<"anthropic", Body, MessageParam> {
  return growingRenderer(shape, head);
}

export function renderAnthropic(context: Context): RenderedRequest<"anthropic", Body> {
  return renderWhole(openAnthropic, context);
}

function messageParam(turn: RoleTurn, notes: WireNote[]): MessageParam {
  if (turn.role === "assistant") {
    const content: ContentBlockParam[] = [];
    for (const block of turn.blocks) {
      if (block.type === "text") content.push({ type: "text", text: block.text });
      else if (block.type === "toolCall") content.push({ type: "tool_use", id: block.id, name: block.name, input: argumentsObject(block, notes) });
      else if (block.redacted && block.thinkingSignature) content.push({ type: "redacted_thinking", data: block.thinkingSignature });
      else if (block.thinkingSignature) content.push({ type: "thinking", thinking: block.thinking, signature: block.thinkingSignature });
      else notes.push({ kind: "thinkingDropped", messageIndex: turn.messageIndex });
    }
    return { role: "assistant", content };
  }
  const [only, ...more] = turn.parts;
  // A plain user message keeps the short string form; once results or images are in it, blocks are needed.
  if (turn.results.length === 0 && only?.type === "text" && more.length === 0) return { role: "user", content: only.text };
  const parts = turn.parts.flatMap((part): ContentBlockParam[] =>
    part.type === "text" ? [{ type: "text", text: part.text }] : imageBlocks(part, "user message", notes),
  );
  const content = [...turn.results.map((result) => toolResultBlock(result, notes)), ...parts];
  // A message whose only image the API cannot take (its imageDropped note says so) would be left
  // empty, which is refused (rule empty-content): it says that it is empty instead.
  return { role: "user", content: content.length > 0 ? content : [{ type: "text", text: BLANK_USER_TEXT }] };
}

function toolResultBlock(result: WireToolResult, notes: WireNote[]): ToolResultBlockParam {
  const images = result.images.flatMap((image) => imageBlocks(image, `result of ${result.toolCallId}`, notes));
  // A blank text is refused like an empty one; an error needs some content, so a silent failure gets a text.
  const text = isBlank(result.text) ? (result.isError && images.length === 0 ? EMPTY_ERROR_TEXT : "") : result.text;
  const textBlocks: TextBlockParam[] = text.length > 0 ? [{ type: "text", text }] : [];
  const content = images.length === 0 ? (text.length > 0 ? text : undefined) : [...textBlocks, ...images];
  // An empty success may simply leave content out, which the API accepts.
  return { type: "tool_result", tool_use_id: result.toolCallId, ...(content === undefined ? {} : { content }), is_error: result.isError };
}

/** A base64 image block, or nothing (with a note) for a media type Anthropic does not take. */
function imageBlocks(image: ImageContent, where: string, notes: WireNote[]): ImageBlockParam[] {
  const mediaType = mediaTypes.find((type): type is Base64ImageSource["media_type"] => type === image.mimeType);
  if (!mediaType) {
    notes.push({ kind: "imageDropped", mimeType: image.mimeType, where });
    return [];
  }
  return [{ type: "image", source: { type: "base64", media_type: mediaType, data: image.data } }];
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
  return (
    schema.type === "object" && (required === undefined || required === null || (Array.isArray(required) && required.every((name) => typeof name === "string")))
  );
}
