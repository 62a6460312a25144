// The executor: lookup → parse → execute → result, for one call. Every ending — success, unknown
// tool, bad arguments, a throwing tool — is a ToolResultMessage with the call's id and name; the
// promise never rejects, so a caller only ever has one channel to handle.

import { detailedText, failedResultText, text, toolOutputText, UNKNOWN_TOOL, UNPRINTABLE_ERROR } from "../protocol/text.ts";
import type { Coercion, ToolCall, ToolContext, ToolOutput, ToolResultMessage, ValidationPolicy } from "../protocol/types.ts";
import { formatFieldPath, SchemaError } from "../schema/schema-error.ts";
import type { ToolRegistry } from "./tool-registry.ts";

/** Where a call ended, for a narrator or a UI that wants more than the result message. */
export type ToolCallOutcome =
  | { stage: "lookup"; error: Error }
  | { stage: "parse"; error: unknown; conversions: Conversions }
  | { stage: "execute"; parsedArguments: unknown; conversions: Conversions; error: unknown }
  | { stage: "done"; parsedArguments: unknown; conversions: Conversions; output: ToolOutput }
  /** Never handed to the executor: the loop refused it (see SkipReason) or the run was aborted. */
  | { stage: "skipped"; reason: SkipReason; error: Error };

/** Why the loop answered a call without running it. */
export type SkipReason = "duplicateId" | "truncated" | "modelError" | "notStarted" | "aborted";

type Conversions = Coercion["conversions"];

/** What a failed validation tells the model. "brief" is chapter 06's contract: the schema's own
 *  message (`Tool calc failed: 必须是 number`), which names no field. "detailed" adds, from the same
 *  SchemaError, the field's path and the value received, as Pi's validateToolArguments does
 *  (badlogic/pi-mono packages/ai/src/utils/validation.ts: "path: message" plus the arguments). */
export type ToolErrorDetail = "brief" | "detailed";

export interface ToolCallTrace {
  result: ToolResultMessage;
  outcome: ToolCallOutcome;
}

export interface ExecuteOptions {
  /** The clock for `timestamp`; a replay that must be byte-stable passes a fixed one. */
  now?: () => number;
  /** "strict" by default; "coerce" first applies whatever conversions the schema defines. */
  validation?: ValidationPolicy;
  /** "brief" by default. */
  toolErrors?: ToolErrorDetail;
  /** Called once the arguments passed validation, just before the tool runs. */
  onValidated?: (parsedArguments: unknown, conversions: Conversions) => void;
}

export async function executeToolCall(
  call: ToolCall,
  registry: ToolRegistry,
  context: Omit<ToolContext, "callId"> = {},
  options: ExecuteOptions = {},
): Promise<ToolResultMessage> {
  return (await traceToolCall(call, registry, context, options)).result;
}

/** `executeToolCall`, also telling which stage the call reached: the walkthrough narrates it. */
export async function traceToolCall(
  call: ToolCall,
  registry: ToolRegistry,
  context: Omit<ToolContext, "callId"> = {},
  { now = Date.now, validation = "strict", toolErrors = "brief", onValidated }: ExecuteOptions = {},
): Promise<ToolCallTrace> {
  const tool = registry.get(call.name);
  if (!tool) {
    // The result keeps the requested name: rewriting it would hide what the model asked for.
    const error = new Error(UNKNOWN_TOOL);
    return { result: failedToolResult(call, error, now()), outcome: { stage: "lookup", error } };
  }

  let parsedArguments: unknown;
  let conversions: Conversions = [];
  try {
    let input: unknown = call.arguments;
    if (validation === "coerce" && tool.schema.coerce) {
      ({ value: input, conversions } = tool.schema.coerce(input));
    }
    parsedArguments = tool.schema.parse(input);
  } catch (error) {
    const told = toolErrors === "detailed" && error instanceof SchemaError ? new Error(detailedMessage(error)) : error;
    return { result: failedToolResult(call, told, now()), outcome: { stage: "parse", error, conversions } };
  }

  onValidated?.(parsedArguments, conversions);
  try {
    // callId is written last so a caller's context cannot answer for another call.
    const returned: unknown = await tool.execute(parsedArguments, { ...context, callId: call.id });
    // A tool is code from anywhere too: what it hands back must be a ToolOutput before it is a result.
    if (!isToolOutput(returned)) throw new Error(toolOutputText.wrapper(toolOutputProblem(returned)));
    const output = returned;
    const result: ToolResultMessage = {
      role: "toolResult",
      toolCallId: call.id,
      toolName: call.name,
      content: output.content,
      details: output.details,
      isError: output.isError ?? false,
      timestamp: now(),
    };
    return { result, outcome: { stage: "done", parsedArguments, conversions, output } };
  } catch (error) {
    return { result: failedToolResult(call, error, now()), outcome: { stage: "execute", parsedArguments, conversions, error } };
  }
}

/** The one shape of every failure; the stack stays out (the message is what the model can use).
 *  Its text is contract (src/protocol/text.ts): the same under every --lang. */
export function failedToolResult(call: ToolCall, error: unknown, timestamp: number): ToolResultMessage<{ error: string }> {
  const message = errorMessage(error);
  return {
    role: "toolResult",
    toolCallId: call.id,
    toolName: call.name,
    content: [text(failedResultText(call.name, message))],
    details: { error: message },
    isError: true,
    timestamp,
  };
}

/** `a: 必须是 number (received "128")`: the contract message, with where and what it was about. */
export function detailedMessage(error: SchemaError): string {
  const path = error.path.length === 0 ? detailedText.wholeArguments : formatFieldPath(error.path);
  return detailedText.message(path, error.message, error.received === undefined ? undefined : receivedText(error.received));
}

/** The offending value as JSON, kept short: it goes back to the model inside one line of text. */
function receivedText(value: unknown): string {
  try {
    const shown = JSON.stringify(value) ?? String(value);
    return shown.length <= 200 ? shown : `${shown.slice(0, 200)}…`;
  } catch {
    return detailedText.tooDeep(Array.isArray(value));
  }
}

/** Tools may throw anything, even a value whose toString throws; the executor still answers. */
function errorMessage(error: unknown): string {
  try {
    if (error instanceof Error) return String(error.message);
    return typeof error === "string" ? error : String(error);
  } catch {
    return UNPRINTABLE_ERROR;
  }
}

/** Why a tool's return value is not a ToolOutput, or undefined when it is one. */
function toolOutputProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return toolOutputText.notAnObject;
  const content: unknown = Reflect.get(value, "content");
  if (!Array.isArray(content)) return toolOutputText.contentNotArray;
  const badBlock = content.findIndex((block: unknown) => !isTextBlock(block) && !isImageBlock(block));
  if (badBlock !== -1) return toolOutputText.badBlock(badBlock);
  const isError: unknown = Reflect.get(value, "isError");
  if (isError !== undefined && typeof isError !== "boolean") return toolOutputText.isErrorNotBoolean;
  return undefined;
}

function isToolOutput(value: unknown): value is ToolOutput {
  return toolOutputProblem(value) === undefined;
}

function isTextBlock(block: unknown): boolean {
  return typeof block === "object" && block !== null && Reflect.get(block, "type") === "text" && typeof Reflect.get(block, "text") === "string";
}

function isImageBlock(block: unknown): boolean {
  return (
    typeof block === "object" &&
    block !== null &&
    Reflect.get(block, "type") === "image" &&
    typeof Reflect.get(block, "data") === "string" &&
    typeof Reflect.get(block, "mimeType") === "string"
  );
}
