// OpenAI Chat Completions: the structural constraints of OpenAI's OpenAPI spec (openai/openai-openapi
// openapi.json 2.3.0, `#/components/schemas/<name>`; ../shared/specs/openai/openapi.json), each an
// error where the API was seen refusing the body (texts and sources in each rule), a warning where
// only the spec says so. They run in the same table as the pairing rules (rules.ts), so one lint
// reports a body's shape problems and its pairing problems together.
import { isRecord } from "../../json/is-record.ts";
import { pointer } from "../../json/json-locations.ts";
import { arrayAt, objectsIn } from "../shared/json-shape.ts";
import { OPENAI_EMPTY_STRING, OPENAI_MISSING_PARAMETER, OPENAI_MISSING_PARAMETER_SOURCES } from "../shared/openai-conventions.ts";
import type { Rule } from "../shared/rule.ts";
import { callsOf, messagesOf } from "./body-walk.ts";

/** Roles whose message the spec requires `content` of (ChatCompletionRequest{System,Developer,User,Tool}Message: required content). */
const CONTENT_REQUIRED = ["system", "developer", "user", "tool"];

/** ChatCompletionMessageToolCalls items and CreateChatCompletionRequest.tools items: a function or a custom tool. */
const TOOL_TYPES = ["function", "custom"];

export const chatShapeRules: Rule[] = [
  {
    id: "messages-not-empty",
    severity: "error",
    checks: "messages holds at least one message (CreateChatCompletionRequest.messages: minItems 1).",
    pointer: "/messages",
    providerError: "[] is too short - 'messages'",
    // Seen returned: https://github.com/run-llama/llama_index/issues/9373 ; https://github.com/sashabaranov/go-openai/issues/605
    source: "https://github.com/run-llama/llama_index/issues/9373 ; https://github.com/sashabaranov/go-openai/issues/605",
    fix: { en: "send at least the user's message", zh: "至少发送用户的消息" },
    check(body, report) {
      if (Array.isArray(body.messages) && body.messages.length === 0) report("/messages");
    },
  },
  {
    id: "content-present",
    severity: "error",
    checks: "A system, developer, user or tool message has content (ChatCompletionRequestUserMessage, …ToolMessage: required content).",
    pointer: "/messages/{i}",
    providerError: OPENAI_MISSING_PARAMETER,
    // The API's text for any required field left out (sources in openai-conventions.ts).
    source: OPENAI_MISSING_PARAMETER_SOURCES,
    fix: {
      en: 'give the message its text; a tool message with nothing to say still sends content (say, "(no output)")',
      zh: '给消息写上文字；没话可说的 tool 消息也要发送 content（比如 "(no output)"）',
    },
    check(body, report) {
      for (const [index, message] of messagesOf(body)) {
        if (CONTENT_REQUIRED.includes(String(message.role)) && (message.content === undefined || message.content === null))
          report(pointer("", "messages", index), { path: `messages[${index}].content` });
      }
    },
  },
  {
    id: "tool-call-type",
    severity: "error",
    checks: 'Every tool_calls[] entry has type "function" (or "custom") (ChatCompletionMessageToolCall: required type).',
    pointer: "/messages/{i}/tool_calls/{j}",
    providerError: OPENAI_MISSING_PARAMETER,
    message: "tool_calls[].type is {type}, not function",
    source: OPENAI_MISSING_PARAMETER_SOURCES,
    fix: { en: 'write "type": "function" on every call', zh: '在每个调用上写 "type": "function"' },
    check(body, report) {
      for (const { messageIndex: message, callIndex: call, call: value } of callsOf(body)) {
        if (value.type === undefined) report(pointer("", "messages", message, "tool_calls", call), { path: `messages[${message}].tool_calls[${call}].type` });
        else if (!TOOL_TYPES.includes(String(value.type)))
          report(pointer("", "messages", message, "tool_calls", call, "type"), { type: JSON.stringify(value.type) ?? "", noProviderText: 1 });
      }
    },
  },
  {
    id: "call-name",
    severity: "error",
    checks: "Every tool_calls[].function has a name, not empty (ChatCompletionMessageToolCall.function: required name).",
    pointer: "/messages/{i}/tool_calls/{j}/function/name",
    providerError: OPENAI_EMPTY_STRING,
    message: "function.name is missing: {path}",
    // Seen returned: https://github.com/continuedev/continue/issues/9784 ; https://github.com/continuedev/continue/issues/11645
    source: "https://github.com/continuedev/continue/issues/9784 ; https://github.com/continuedev/continue/issues/11645",
    fix: { en: "send the name of the tool the model called; a call without one cannot be answered", zh: "写上模型调用的工具名；没有名字的调用无法回答" },
    check(body, report) {
      for (const { messageIndex: message, callIndex: call, call: value } of callsOf(body)) {
        if (!isRecord(value.function)) continue;
        // The path and the pointer are spelled out only for a finding: nearly every call has its name.
        const { name } = value.function;
        if (name !== "" && name !== undefined) continue;
        const path = `messages[${message}].tool_calls[${call}].function.name`;
        if (name === "") report(pointer("", "messages", message, "tool_calls", call, "function", "name"), { path });
        else report(pointer("", "messages", message, "tool_calls", call, "function"), { path, noProviderText: 1 });
      }
    },
  },
  {
    id: "tool-type",
    severity: "error",
    checks: 'Every tools[] entry has type "function" (or "custom") (ChatCompletionTool: required type).',
    pointer: "/tools/{i}",
    providerError: OPENAI_MISSING_PARAMETER,
    message: "tools[].type is {type}, not function",
    source: OPENAI_MISSING_PARAMETER_SOURCES,
    fix: { en: 'write "type": "function" on every tool, its definition under "function"', zh: '在每个工具上写 "type": "function"，定义放在 "function" 下' },
    check(body, report) {
      for (const [index, tool] of objectsIn(arrayAt(body, "tools"))) {
        if (tool.type === undefined) report(pointer("", "tools", index), { path: `tools[${index}].type` });
        else if (!TOOL_TYPES.includes(String(tool.type)))
          report(pointer("", "tools", index, "type"), { type: JSON.stringify(tool.type) ?? "", noProviderText: 1 });
      }
    },
  },
];
