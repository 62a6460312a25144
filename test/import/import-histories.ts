// The import round-trip test's generator of random neutral histories: several user turns (text,
// text parts, images, blank ones), replies mixing text, thinking and parallel calls, results with
// errors and images, unanswered calls, stray results, repeated and unsafe ids. Calls name declared
// tools with arguments their schemas accept, so a replay can answer every one from the record; the
// renderer's repairs (synthetic results, renamed ids, dropped blanks) are part of the body it makes.
import fc from "fast-check";
import type { AssistantMessage, Context, ImageContent, Message, TextContent, ToolCall, ToolDefinition, ToolResultMessage } from "../../src/protocol/types.ts";

export const declaredTools: ToolDefinition[] = [
  {
    name: "calc",
    description: "Arithmetic on two numbers.",
    parameters: {
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" }, op: { type: "string", enum: ["add", "sub", "mul", "div"] } },
      required: ["a", "b", "op"],
    },
  },
  {
    name: "search",
    description: "Search the notes.",
    parameters: {
      type: "object",
      properties: {
        query: { type: "string" },
        limit: { type: "integer" },
        tags: { type: "array", items: { type: "string" } },
        filter: { type: "object", properties: { lang: { type: "string" } } },
      },
      required: ["query"],
      additionalProperties: false,
    },
  },
  { name: "now", description: "", parameters: { type: "object", properties: {} } },
];

const text = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("", " ", "\n", "ok", '引号"与\\反斜杠'));
const textBlock: fc.Arbitrary<TextContent> = text.map((value) => ({ type: "text", text: value }));
const image: fc.Arbitrary<ImageContent> = fc.record({
  type: fc.constant("image" as const),
  data: fc.constantFrom("iVBORw0KGgo=", "R0lGODlhAQABAAAAACw="),
  mimeType: fc.constantFrom("image/png", "image/gif"),
});
const id = fc.oneof(fc.constantFrom("call_1", "call_2", "toolu_01", "c|fc_A+/=", "x".repeat(70), "id with spaces"), fc.stringMatching(/^[a-zA-Z0-9_-]{1,12}$/));
const number = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).filter((value) => !Object.is(value, -0)),
);

const callArguments: fc.Arbitrary<{ name: string; arguments: Record<string, unknown> }> = fc.oneof(
  fc.record({ a: number, b: number, op: fc.constantFrom("add", "sub", "mul", "div") }).map((args) => ({ name: "calc", arguments: args })),
  fc
    .record(
      {
        query: fc.string({ maxLength: 8 }),
        limit: fc.integer({ min: 0, max: 50 }),
        tags: fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
        filter: fc.record({ lang: fc.constantFrom("en", "zh") }, { requiredKeys: [] }),
      },
      { requiredKeys: ["query"] },
    )
    .map((args) => ({ name: "search", arguments: args })),
  fc.constant({ name: "now", arguments: {} }),
);

const call: fc.Arbitrary<ToolCall> = fc
  .tuple(id, callArguments)
  .map(([callId, args]) => ({ type: "toolCall", id: callId, name: args.name, arguments: args.arguments }));
const thinking = fc.record({
  type: fc.constant("thinking" as const),
  thinking: fc.string({ maxLength: 10 }),
  thinkingSignature: fc.constantFrom("sig_abc", "EqQBCkgIAhABGAIiQL"),
});

const reply = fc.tuple(
  fc.array(fc.oneof({ weight: 3, arbitrary: textBlock }, { weight: 1, arbitrary: thinking }), { maxLength: 2 }),
  fc.array(call, { maxLength: 3 }),
  fc.boolean(),
);
const userContent = fc.oneof(text, fc.array(fc.oneof({ weight: 3, arbitrary: textBlock }, { weight: 1, arbitrary: image }), { minLength: 1, maxLength: 3 }));
const resultShape = fc.record({
  text,
  isError: fc.boolean(),
  images: fc.array(image, { maxLength: 1 }),
  answered: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
});

/** A user turn followed by one to three replies, each with its (mostly answered) results. */
const exchange = fc.tuple(userContent, fc.array(fc.tuple(reply, fc.array(resultShape, { minLength: 3, maxLength: 3 })), { minLength: 1, maxLength: 3 }));

export const history: fc.Arbitrary<Context> = fc
  .record({
    systemPrompt: fc.option(text, { nil: undefined }),
    exchanges: fc.array(exchange, { minLength: 1, maxLength: 4 }),
    tools: fc.boolean(),
    stray: fc.boolean(),
  })
  .map(({ systemPrompt, exchanges, tools, stray }) => {
    const messages: Message[] = [];
    for (const [user, replies] of exchanges) {
      messages.push({ role: "user", content: user, timestamp: 0 });
      for (const [[blocks, calls, callsFirst], results] of replies) {
        const content: AssistantMessage["content"] = callsFirst ? [...calls, ...blocks] : [...blocks, ...calls];
        messages.push({ role: "assistant", content, stopReason: calls.length > 0 ? "toolUse" : "stop", timestamp: 0 });
        calls.forEach((toolCall, index) => {
          const shape = results[index];
          if (!shape?.answered) return;
          const result: ToolResultMessage = {
            role: "toolResult",
            toolCallId: toolCall.id,
            toolName: toolCall.name,
            content: [{ type: "text", text: shape.text }, ...shape.images],
            isError: shape.isError,
            timestamp: 0,
          };
          messages.push(result);
        });
      }
    }
    if (stray)
      messages.push({ role: "toolResult", toolCallId: "nobody", toolName: "calc", content: [{ type: "text", text: "stray" }], isError: false, timestamp: 0 });
    return { ...(systemPrompt === undefined ? {} : { systemPrompt }), messages, tools: tools ? declaredTools : [] };
  });
