// The protocol's texts: `text()`, the one helper every tool and fixture uses to write a text
// content block, and below it the tool-call contract's own texts.
import type { TextContent } from "./types.ts";

export function text(value: string): TextContent {
  return { type: "text", text: value };
}

// The tool-call contract's own texts: what a failed call's result tells the model, what the
// schema says is wrong, what the registry throws at a programmer. Chapter 06 of the course fixes
// them exactly ("Tool echo failed: 必须是 string", "Tool missing failed: 未知工具", "Tool 已存在：
// echo"), and a result is data the model acts on and a harness may match, so they are CONTRACT,
// NOT NARRATION: no narration catalog holds them, and the library's default is always chapter 06's
// exact text (`chapterTexts`). A run under --lang en hands its registry `englishTexts` instead (the
// bottom of this file), so an English run's model reads English — the same shape, word for word
// the same meaning. The narration explains them to a reader and quotes them as they are. Kept in
// one place so that a translation pass of the narration cannot reach them by accident.
//
// (A tool's own output — calc's "除数不能为 0", slow's progress — is that tool's words, written in
// src/tools beside it, in both languages the same way.)

/** The executor's one result text for every failure (chapter 06: `Tool ${name} failed: ${message}`). */
export function failedResultText(toolName: string, message: string): string {
  return `Tool ${toolName} failed: ${message}`;
}

/** The lookup found no tool of the requested name (chapter 06). */
export const UNKNOWN_TOOL = "未知工具";

/** ToolRegistry.register with a name already taken (chapter 06). */
export function toolAlreadyRegistered(name: string): string {
  return `Tool 已存在：${name}`;
}

/** A tool returned something that is not a ToolOutput: the error its result reports. */
export const toolOutputText = {
  wrapper: (problem: string | undefined) => `工具返回的结果格式不对：${problem}`,
  notAnObject: "应为 { content, details?, isError? } 对象",
  contentNotArray: "content 必须是数组",
  badBlock: (index: number) => `content[${index}] 必须是 { type: "text", text: string } 或 { type: "image", data: string, mimeType: string }`,
  isErrorNotBoolean: "isError 必须是 boolean",
} as const;

/** --tool-errors detailed: `a: 必须是 number (received "128")`, as Pi's validateToolArguments words it. */
export const detailedText = {
  message: (path: string, message: string, received: string | undefined) =>
    `${path}: ${message} (${received === undefined ? "missing" : `received ${received}`})`,
  /** The path of a failure at the arguments object itself. */
  wholeArguments: "arguments",
  tooDeep: (isArray: boolean) => (isArray ? "an array too deep to show" : "a value too deep to show"),
} as const;

/** A thrown value whose message cannot even be read. */
export const UNPRINTABLE_ERROR = "unprintable error";

/** The schema's message per expectation, in the style chapter 06 fixes ("必须是 string"). */
export const schemaText = {
  mustBe: (kind: string) => `必须是 ${kind}`,
  positiveInteger: "必须是正整数",
  nonNegativeInteger: "必须是非负整数",
  minItems: (count: number) => `至少需要 ${count} 项`,
  oneOf: (values: readonly string[]) => `必须是 ${values.join(" | ")} 之一`,
  any: "必须有值",
} as const;

/** Why the loop answered a call without running it: the error inside its paired result. */
export const skipText = {
  truncated: "回复被截断（stopReason=length），参数可能不完整，这次调用没有执行",
  modelError: (stopReason: string) => `模型回复以 stopReason=${stopReason} 结束，这次调用没有执行`,
  duplicateId: (callId: string) => `调用 id 重复：${callId} 已被同一条消息里更早的调用使用，这次调用没有执行`,
  notStarted: (abortReason: string) => `运行已中止（${abortReason}），这次调用没有开始`,
  aborted: (abortReason: string) => `运行已中止（${abortReason}）`,
} as const;

/** An abort's reason as the results of the calls it stopped quote it. */
export const abortText = {
  timeout: (ms: number | undefined) => `超时：${ms} ms`,
  interrupted: "被用户中断",
  /** A signal aborted without a reason. */
  noReason: "aborted",
} as const;

/** The words of a call the loop answered without running it (`skipText` is the chapter's). */
export interface SkipWords {
  truncated: string;
  modelError(stopReason: string): string;
  duplicateId(callId: string): string;
  notStarted(abortReason: string): string;
  aborted(abortReason: string): string;
}

/** An abort's reason as a skipped call's result quotes it (`abortText` is the chapter's). */
export interface AbortWords {
  timeout(ms: number | undefined): string;
  interrupted: string;
  noReason: string;
}

/** The words of a schema failure per expectation, as src/schema/schema-error.ts words them. */
export interface SchemaWords {
  mustBe(kind: string): string;
  positiveInteger: string;
  nonNegativeInteger: string;
  minItems(count: number): string;
  oneOf(values: readonly string[]): string;
  any: string;
}

/** What a result says when a tool hands back something that is not a ToolOutput. */
export interface ToolOutputWords {
  wrapper(problem: string | undefined): string;
  notAnObject: string;
  contentNotArray: string;
  badBlock(index: number): string;
  isErrorNotBoolean: string;
}

/**
 * Every contract text the executor writes into a result, in one language. The library's default
 * is chapter 06's exact texts (`chapterTexts`, the constants above); a run under `--lang en` gives
 * its registry `englishTexts`, so the model of an English run reads English (README: "One language
 * per run"). The shape is the same: a harness that matches on these matches per language.
 */
export interface ContractTexts {
  failedResult(toolName: string, message: string): string;
  /** Why the loop answered a call without running it, and how an abort's reason is quoted there. */
  skip: SkipWords;
  abort: AbortWords;
  unknownTool: string;
  schema: SchemaWords;
  detailed: typeof detailedText;
  toolOutput: ToolOutputWords;
  unprintable: string;
}

export const chapterTexts: ContractTexts = {
  failedResult: failedResultText,
  skip: skipText,
  abort: abortText,
  unknownTool: UNKNOWN_TOOL,
  schema: schemaText,
  detailed: detailedText,
  toolOutput: toolOutputText,
  unprintable: UNPRINTABLE_ERROR,
};

export const englishTexts: ContractTexts = {
  failedResult: failedResultText,
  skip: {
    truncated: "the reply was cut off (stopReason=length): its arguments may be incomplete, so this call did not run",
    modelError: (stopReason: string) => `the model's reply ended with stopReason=${stopReason}, so this call did not run`,
    duplicateId: (callId: string) => `duplicate call id: an earlier call in the same message already uses ${callId}, so this call did not run`,
    notStarted: (abortReason: string) => `the run was aborted (${abortReason}); this call never started`,
    aborted: (abortReason: string) => `the run was aborted (${abortReason})`,
  },
  abort: { timeout: (ms: number | undefined) => `timed out: ${ms} ms`, interrupted: "interrupted by the user", noReason: "aborted" },
  unknownTool: "unknown tool",
  schema: {
    mustBe: (kind: string) => `must be ${kind}`,
    positiveInteger: "must be a positive integer",
    nonNegativeInteger: "must be a non-negative integer",
    minItems: (count: number) => `needs at least ${count} item${count === 1 ? "" : "s"}`,
    oneOf: (values: readonly string[]) => `must be one of ${values.join(" | ")}`,
    any: "must have a value",
  },
  detailed: detailedText,
  toolOutput: {
    wrapper: (problem: string | undefined) => `the tool returned a malformed result: ${problem}`,
    notAnObject: "expected a { content, details?, isError? } object",
    contentNotArray: "content must be an array",
    badBlock: (index: number) => `content[${index}] must be { type: "text", text: string } or { type: "image", data: string, mimeType: string }`,
    isErrorNotBoolean: "isError must be a boolean",
  },
  unprintable: UNPRINTABLE_ERROR,
};
