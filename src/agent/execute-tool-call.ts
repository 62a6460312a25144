// The executor: lookup → parse → execute → result, for one call. Every ending — success, unknown
// tool, bad arguments, a throwing tool — is a ToolResultMessage with the call's id and name; the
// promise never rejects, so a caller only ever has one channel to handle.

import { type ContractTexts, chapterTexts, text } from "../protocol/text.ts";
import type { Coercion, TextContent, ToolCall, ToolContext, ToolOutput, ToolResultContent, ToolResultMessage, ValidationPolicy } from "../protocol/types.ts";
import { expectationMessage, formatFieldPath, SchemaError } from "../schema/schema-error.ts";
import type { ToolRegistry } from "./tool-registry.ts";

/** Where a call ended, for a narrator or a UI that wants more than the result message. `C` is what
 *  the registry's tools return (text, or text and images). */
export type ToolCallOutcome<C extends ToolResultContent = ToolResultContent> =
  | { stage: "lookup"; error: Error }
  | { stage: "parse"; error: unknown; conversions: Conversions }
  | { stage: "execute"; parsedArguments: unknown; conversions: Conversions; error: unknown }
  | { stage: "done"; parsedArguments: unknown; conversions: Conversions; output: ToolOutput<unknown, C> }
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

/** A failure's result is text whatever the tools return, so a result holds `TextContent | C`. */
export interface ToolCallTrace<C extends ToolResultContent = ToolResultContent> {
  result: ToolResultMessage<unknown, TextContent | C>;
  outcome: ToolCallOutcome<C>;
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

export async function executeToolCall<C extends ToolResultContent>(
  call: ToolCall,
  registry: ToolRegistry<C>,
  context: Omit<ToolContext, "callId"> = {},
  options: ExecuteOptions = {},
): Promise<ToolResultMessage<unknown, TextContent | C>> {
  return (await traceToolCall(call, registry, context, options)).result;
}

/** `executeToolCall`, also telling which stage the call reached: the walkthrough narrates it. */
export async function traceToolCall<C extends ToolResultContent>(
  call: ToolCall,
  registry: ToolRegistry<C>,
  context: Omit<ToolContext, "callId"> = {},
  { now = Date.now, validation = "strict", toolErrors = "brief", onValidated }: ExecuteOptions = {},
): Promise<ToolCallTrace<C>> {
  const texts = registry.texts;

  // 1. lookup: only a tool this run's registry holds can run.
  const tool = registry.get(call.name);
  if (!tool) {
    // The result keeps the requested name: rewriting it would hide what the model asked for.
    const error = new Error(texts.unknownTool);
    return { result: failedToolResult(call, error, now(), texts), outcome: { stage: "lookup", error } };
  }

  // 2. parse: the model's arguments are untrusted; the schema checks them before the tool sees them.
  let parsedArguments: unknown;
  let conversions: Conversions = [];
  try {
    let input: unknown = call.arguments;
    if (validation === "coerce" && tool.schema.coerce) {
      ({ value: input, conversions } = tool.schema.coerce(input));
    }
    parsedArguments = tool.schema.parse(input);
  } catch (error) {
    const told = toolErrors === "detailed" && error instanceof SchemaError ? new Error(detailedMessage(error, texts)) : error;
    return { result: failedToolResult(call, told, now(), texts), outcome: { stage: "parse", error, conversions } };
  }
  onValidated?.(parsedArguments, conversions);

  // 3. execute: callId is written last, so a caller's context cannot answer for another call.
  let output: ToolOutput<unknown, C>;
  try {
    output = await tool.execute(parsedArguments, { ...context, callId: call.id });
    // A tool is code from anywhere too (plain JavaScript, a cast): what it hands back must have a
    // ToolOutput's shape before it is a result; its declared type says which blocks it holds.
    const problem = toolOutputProblem(output, texts);
    if (problem !== undefined) throw new Error(texts.toolOutput.wrapper(problem));
  } catch (error) {
    return { result: failedToolResult(call, error, now(), texts), outcome: { stage: "execute", parsedArguments, conversions, error } };
  }

  // 4. result: the output becomes the message that answers the call, with the call's id and name.
  const result: ToolResultMessage<unknown, TextContent | C> = {
    role: "toolResult",
    toolCallId: call.id,
    toolName: call.name,
    content: output.content,
    details: output.details,
    isError: output.isError ?? false,
    timestamp: now(),
  };
  return { result, outcome: { stage: "done", parsedArguments, conversions, output } };
}

/** The one shape of every failure; the stack stays out (the message is what the model can use).
 *  Its text is contract (src/protocol/text.ts): the same under every --lang. */
export function failedToolResult(
  call: ToolCall,
  error: unknown,
  timestamp: number,
  texts: ContractTexts = chapterTexts,
): ToolResultMessage<{ error: string }, TextContent> {
  const message = errorMessage(error, texts);
  return {
    role: "toolResult",
    toolCallId: call.id,
    toolName: call.name,
    content: [text(texts.failedResult(call.name, message))],
    details: { error: message },
    isError: true,
    timestamp,
  };
}

/** `a: 必须是 number (received "128")`: the contract message, with where and what it was about. */
export function detailedMessage(error: SchemaError, texts: ContractTexts = chapterTexts): string {
  const path = error.path.length === 0 ? texts.detailed.wholeArguments : formatFieldPath(error.path);
  return texts.detailed.message(
    path,
    expectationMessage(error.expected, texts.schema),
    error.received === undefined ? undefined : receivedText(error.received, texts),
  );
}

/** The offending value as JSON, kept short: it goes back to the model inside one line of text. */
function receivedText(value: unknown, texts: ContractTexts): string {
  try {
    const shown = JSON.stringify(value) ?? String(value);
    return shown.length <= 200 ? shown : `${shown.slice(0, 200)}…`;
  } catch {
    return texts.detailed.tooDeep(Array.isArray(value));
  }
}

/** Tools may throw anything, even a value whose toString throws; the executor still answers. A
 *  schema's failure is worded in the registry's language from what it expected. */
function errorMessage(error: unknown, texts: ContractTexts): string {
  try {
    if (error instanceof SchemaError) return expectationMessage(error.expected, texts.schema);
    if (error instanceof Error) return String(error.message);
    return typeof error === "string" ? error : String(error);
  } catch {
    return texts.unprintable;
  }
}

/** Why a tool's return value does not have a ToolOutput's shape, or undefined when it has. */
function toolOutputProblem(value: unknown, texts: ContractTexts): string | undefined {
  if (typeof value !== "object" || value === null) return texts.toolOutput.notAnObject;
  const content: unknown = Reflect.get(value, "content");
  if (!Array.isArray(content)) return texts.toolOutput.contentNotArray;
  const badBlock = content.findIndex((block: unknown) => !isTextBlock(block) && !isImageBlock(block));
  if (badBlock !== -1) return texts.toolOutput.badBlock(badBlock);
  const isError: unknown = Reflect.get(value, "isError");
  if (isError !== undefined && typeof isError !== "boolean") return texts.toolOutput.isErrorNotBoolean;
  return undefined;
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
