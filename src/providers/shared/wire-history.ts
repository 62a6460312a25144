// The neutral history as every renderer receives it (history-builder.ts makes it): entries of
// paired calls and results with wire ids and names, and the helpers the renderers share to put a
// call, a tool list or an image in their API's shape. Renderers only translate shapes, never
// protocol rules.

import { cloneJson } from "../../json/clone-json.ts";
import { isRecord } from "../../json/is-record.ts";
import type { Context, ImageContent, TextContent, ThinkingContent, ToolCall, ToolDefinition } from "../../protocol/types.ts";
import type { ToolCallIdRule } from "./tool-call-ids.ts";
import type { WireNote } from "./wire-note.ts";

/** What Pi's transform-messages step puts in a result it has to make up. */
export const SYNTHETIC_RESULT_TEXT = "No result provided";

/** What stands in for a user message with no visible text: providers refuse a blank one. */
export const BLANK_USER_TEXT = "(empty message)";

/** What a provider accepts as a tool-call id and as a tool name. */
export interface WireLimits {
  id: ToolCallIdRule;
  toolName: ToolCallIdRule;
}

/** A tool result reduced to what crosses the wire: its text, its images, the flag, and its call. */
export interface WireToolResult {
  /** The wire id (after the provider's id plan): always its call's. */
  toolCallId: string;
  /** The wire name of the call it answers, which Gemini needs on the result as well. */
  toolName: string;
  text: string;
  images: ImageContent[];
  isError: boolean;
}

/** A call with its wire id and name; the originals stay alongside, for notes that match the transcript. */
export interface WireToolCall extends ToolCall {
  originalId: string;
  originalName: string;
}

export type WireUserPart = TextContent | ImageContent;
export type WireAssistantBlock = TextContent | ThinkingContent | WireToolCall;

export type WireEntry =
  | { role: "user"; parts: WireUserPart[] }
  /** `results` answer the calls in their order, one each. */
  | { role: "assistant"; messageIndex: number; blocks: WireAssistantBlock[]; results: WireToolResult[] };

export function isBlank(text: string): boolean {
  return text.trim().length === 0;
}

/** What a request carries beside its history; a renderer is made for one (wire-renderer.ts). */
export type WireHead = Omit<Context, "messages">;

/** Original tool name → the name on the wire. */
export interface ToolNames {
  wireValue(name: string): string | undefined;
}

/** The tool list with wire names; undefined when empty, because OpenAI rejects `tools: []`. */
export function wireTools(head: WireHead, toolNames: ToolNames): ToolDefinition[] | undefined {
  if (!head.tools || head.tools.length === 0) return undefined;
  return head.tools.map((tool) => ({ ...tool, name: toolNames.wireValue(tool.name) ?? tool.name, parameters: cloneJson(tool.parameters) }));
}

/** Pi sends no system prompt when it is empty; neither does the wire view (nor a blank one, which says nothing). */
export function wireSystemPrompt(context: WireHead): string | undefined {
  return context.systemPrompt && !isBlank(context.systemPrompt) ? context.systemPrompt : undefined;
}

/**
 * OpenAI carries arguments as a string holding a JSON object; a value that is not an object is
 * replaced by `{}` (with a note), as for the providers that carry an object.
 */
export function argumentsJson(call: WireToolCall, notes: WireNote[]): string {
  // Written as text, the arguments share nothing with the history: no copy is needed first.
  const value = isRecord(call.arguments) ? call.arguments : replacedArguments(call, notes);
  try {
    return JSON.stringify(value);
  } catch {
    // Nested deeper than JSON.stringify can go (~10,000 levels): no API would take it either.
    notes.push({ kind: "argumentsReplaced", toolCallId: call.originalId, original: "(nested too deep to serialise)" });
    return "{}";
  }
}

/** For providers whose calls carry an object: a copy of it (the body shares nothing with the
 *  history); anything else the model sent is replaced by `{}`, with a note. */
export function argumentsObject(call: WireToolCall, notes: WireNote[]): Record<string, unknown> {
  if (isRecord(call.arguments)) return cloneJson(call.arguments);
  return replacedArguments(call, notes);
}

/** `{}` in place of arguments that are not an object, and the note that says so (with a copy of what they were). */
function replacedArguments(call: WireToolCall, notes: WireNote[]): Record<string, unknown> {
  notes.push({ kind: "argumentsReplaced", toolCallId: call.originalId, original: cloneJson(call.arguments) });
  return {};
}

/** `data:image/png;base64,…`, the form OpenAI takes an inline image in. */
export function dataUrl(image: ImageContent): string {
  return `data:${image.mimeType};base64,${image.data}`;
}
