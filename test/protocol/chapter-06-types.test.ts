// Type-level test (issue 21): chapter 06's declarations, written here as the chapter writes them,
// and the library's exports accept each other in both directions — so the chapter's own code,
// which declares TextContent[] for a tool's content and its progress, compiles against the library
// unchanged. A tool result in the history stays Pi's wider type (text and images): a recorded
// tool replays a real one's image, and that is checked at run time below. tsc does the checking;
// `npm test` runs tsc over this file.
import assert from "node:assert/strict";
import { test } from "node:test";
import { executeToolCall } from "../../src/agent/execute-tool-call.ts";
import { ToolRegistry } from "../../src/agent/tool-registry.ts";
import { text } from "../../src/protocol/text.ts";
import type {
  ImageContent,
  Schema,
  TextContent,
  Tool,
  ToolCall,
  ToolContext,
  ToolOutput,
  ToolResultContent,
  ToolResultMessage,
} from "../../src/protocol/types.ts";
import { objectSchema } from "../../src/schema/object-schema.ts";
import { stringValue, type Validator } from "../../src/schema/validator.ts";
import { recordedTools } from "../../src/tools/recorded.ts";

/** Chapter 06's declarations, verbatim (the chapter's own names, in a namespace of their own). */
declare namespace Chapter {
  interface ToolContext {
    callId: string;
    signal?: AbortSignal;
    reportProgress?(content: TextContent[]): void;
  }

  interface ToolOutput<D = unknown> {
    content: TextContent[];
    details?: D;
    isError?: boolean;
  }

  interface Tool<P, D = unknown> {
    name: string;
    description: string;
    schema: Schema<P>;
    execute(parameters: P, context: ToolContext): Promise<ToolOutput<D>>;
  }

  interface Schema<T> {
    parse(value: unknown): T;
    jsonSchema?: Record<string, unknown>;
  }

  type Validator<T> = ((value: unknown) => T) & {
    jsonSchema?: Record<string, unknown>;
    optional?: boolean;
  };

  function objectSchema<TShape extends Record<string, Validator<unknown>>>(shape: TShape): Schema<{ [TKey in keyof TShape]: ReturnType<TShape[TKey]> }>;

  function executeToolCall(call: ToolCall, registry: ToolRegistry, context?: Omit<ToolContext, "callId">): Promise<ToolResultMessage>;
}

/** Each accepts the other: a value of one type is a value of the other. */
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Details = { source: string };

const bothWays: [
  Mutual<Chapter.ToolContext, ToolContext>,
  Mutual<Chapter.ToolOutput<Details>, ToolOutput<Details>>,
  Mutual<Chapter.ToolOutput, ToolOutput>,
  Mutual<Chapter.Tool<{ value: string }, Details>, Tool<{ value: string }, Details>>,
  Mutual<Chapter.Schema<{ value: string }>, Schema<{ value: string }>>,
  Mutual<Chapter.Validator<string>, Validator<string>>,
  // A tool output is text: an image is not (the wider type is its own, named one).
  Mutual<ToolOutput["content"][number], TextContent>,
  Mutual<ToolResultContent, TextContent | ImageContent>,
] = [true, true, true, true, true, true, true, true];

// The library's functions fit where the chapter's declarations are expected.
const chapterObjectSchema: typeof Chapter.objectSchema = objectSchema;
const chapterExecute: typeof Chapter.executeToolCall = executeToolCall;

test("chapter 06's code runs against the exports unchanged: the echo tool, its registry, and a result read as text", async () => {
  assert.deepEqual(bothWays, [true, true, true, true, true, true, true, true]);
  assert.equal(typeof chapterObjectSchema, "function");
  assert.equal(typeof chapterExecute, "function");

  // From here on, chapter 06's own code.
  const echoSchema = objectSchema({
    value: stringValue,
  });
  const echo: Tool<{ value: string }, { source: string }> = {
    name: "echo",
    description: "Echo one value",
    schema: echoSchema,
    async execute({ value }) {
      return {
        content: [text(value)],
        details: { source: "echo" },
      };
    },
  };
  const tools = new ToolRegistry([echo]);
  const echoCall: ToolCall = { type: "toolCall", id: "call-1", name: "echo", arguments: { value: "Pi", ignored: "drop me" } };
  const result = await executeToolCall(echoCall, tools);
  // A registry of chapter 06's tools gives results whose content is text: `.text` type-checks.
  const texts: string[] = result.content.map((block) => block.text);
  assert.deepEqual(texts, ["Pi"]);
  const progress: TextContent[][] = [];
  const context: Omit<ToolContext, "callId"> = { reportProgress: (content: TextContent[]) => void progress.push(content) };
  await executeToolCall(echoCall, tools, context);
});

test("a recorded tool keeps a real result's image: the registry of a replay holds Pi's wider content", async () => {
  const image: ImageContent = { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" };
  const recorded = recordedTools(
    [{ name: "screenshot", description: "", parameters: { type: "object" } }],
    [],
    [{ toolCallId: "c1", content: [text("here it is"), image], isError: false }],
  );
  const registry = new ToolRegistry<ToolResultContent>(recorded.declared);
  const result: ToolResultMessage = await executeToolCall({ type: "toolCall", id: "c1", name: "screenshot", arguments: {} }, registry);
  assert.deepEqual(result.content, [text("here it is"), image]);
});
