// Type-level test: the project's Message holds a real Pi conversation, and the project's messages
// are Pi's once Pi's required fields are filled. The Pi side is a local description of the shapes
// in badlogic/pi-mono packages/ai/src/types.ts (read, not copied): the fields and their types as
// Pi declares them, trimmed to what a message carries. tsc checks the assignments; the run checks
// how the narrator shows the blocks the playground itself never scripts.
import assert from "node:assert/strict";
import { test } from "node:test";
import { foldedThinking, summarizeMessage } from "../../src/narration/display-text.ts";
import type { Message } from "../../src/protocol/types.ts";

/** Pi's shapes, described. Pi types tool arguments as Record<string, any> and details as any. */
declare namespace Pi {
  interface TextContent {
    type: "text";
    text: string;
    textSignature?: string;
  }
  interface ThinkingContent {
    type: "thinking";
    thinking: string;
    thinkingSignature?: string;
    redacted?: boolean;
  }
  interface ImageContent {
    type: "image";
    data: string;
    mimeType: string;
  }
  interface ToolCall {
    type: "toolCall";
    id: string;
    name: string;
    /** Pi declares Record<string, any>; `unknown` values are as wide for these assignments. */
    arguments: Record<string, unknown>;
    thoughtSignature?: string;
  }
  interface Usage {
    input: number;
    output: number;
    cacheRead: number;
    cacheWrite: number;
    totalTokens: number;
    cost: { input: number; output: number; cacheRead: number; cacheWrite: number; total: number };
  }
  type StopReason = "stop" | "length" | "toolUse" | "error" | "aborted";
  interface UserMessage {
    role: "user";
    content: string | (TextContent | ImageContent)[];
    timestamp: number;
  }
  interface AssistantMessage {
    role: "assistant";
    content: (TextContent | ThinkingContent | ToolCall)[];
    /** Pi: `Api`, a known name or any string. */
    api: string;
    /** Pi: `Provider`, a known name or any string. */
    provider: string;
    model: string;
    usage: Usage;
    stopReason: StopReason;
    errorMessage?: string;
    timestamp: number;
    /** Carried by some Pi versions (0.73, which issue 11 compared against). */
    responseId?: string;
  }
  interface ToolResultMessage {
    role: "toolResult";
    toolCallId: string;
    toolName: string;
    content: (TextContent | ImageContent)[];
    details?: unknown;
    isError: boolean;
    timestamp: number;
  }
  type Message = UserMessage | AssistantMessage | ToolResultMessage;
}

/** The project's messages with Pi's required assistant fields filled and arguments parsed to an object. */
type PiReady<M> = M extends { role: "assistant"; content: (infer B)[] }
  ? Omit<M, "content" | "api" | "provider" | "model" | "usage"> & {
      content: (B extends { type: "toolCall" } ? Omit<B, "arguments"> & { arguments: Record<string, unknown> } : B)[];
      api: string;
      provider: string;
      model: string;
      usage: Pi.Usage;
    }
  : M;

/** True only when A is assignable to B; `false` fails `tsc`. */
type Assignable<A, B> = [A] extends [B] ? true : false;
function assertType<T extends true>(_proof?: T): void {}

// A Pi conversation is a project history...
assertType<Assignable<Pi.Message[], Message[]>>();
// ...and the project's messages are Pi's once Pi's required fields are there. (The project types
// arguments `unknown` on purpose: a model can send anything, and the schema narrows it.)
assertType<Assignable<PiReady<Message>[], Pi.Message[]>>();

const usage: Pi.Usage = {
  input: 10,
  output: 5,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 15,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};
const piHistory: Pi.Message[] = [
  {
    role: "user",
    content: [
      { type: "text", text: "What is in this picture?" },
      { type: "image", data: "iVBORw0KGgoAAAANSUhEUg==", mimeType: "image/png" },
    ],
    timestamp: 1,
  },
  {
    role: "assistant",
    content: [
      { type: "thinking", thinking: "The user sent an image.\nI should describe it.", thinkingSignature: "sig" },
      { type: "text", text: "A cat.", textSignature: "t1" },
    ],
    api: "anthropic-messages",
    provider: "anthropic",
    model: "claude-sonnet-4-5",
    usage,
    stopReason: "stop",
    timestamp: 2,
  },
];

test("a Pi conversation is a project history, and the narrator shows thinking folded and images as placeholders", () => {
  const [question, answer]: Message[] = piHistory;
  assert.ok(question && answer);
  assert.equal(summarizeMessage(question), "What is in this picture?[image image/png 16 B]");
  assert.equal(summarizeMessage(answer), 'thinking(The user sent an image. …(+1 lines)) + text("A cat.")  stopReason=stop');
  assert.equal(foldedThinking({ type: "thinking", thinking: "secret", redacted: true }), "(redacted)");
});
