// OpenAI Chat Completions: the rules a request body must keep, each with the error text the API
// returns when it does not (as seen returned in public; sources in each rule) and a fix. Run by
// `tool-call-playground lint`; the Chat renderer (request.ts) is built to keep every one.

import { isRecord } from "../../json/is-record.ts";
import { pointer } from "../../json/json-locations.ts";
import { argumentsSchemaUnchecked } from "../shared/arguments-schema.ts";
import { arrayAt, objectsIn, stringAt } from "../shared/json-shape.ts";
import { OPENAI_NAME_PATTERN } from "../shared/openai-conventions.ts";
import { type Rule, type RuleTable, reportRepeated } from "../shared/rule.ts";
import { callsOf, messagesOf } from "./body-walk.ts";
import { OPENAI_CALL_ID_MAX } from "./limits.ts";
import { chatShapeRules } from "./shape-rules.ts";

/** The roles ChatCompletionMessageParam allows (openai/resources/chat/completions/completions.d.ts). */
const ROLES = ["system", "developer", "user", "assistant", "tool", "function"];

const NONE: ReadonlySet<string> = new Set();
const NO_CALLS: readonly unknown[] = [];

const rules: Rule[] = [
  {
    id: "tool-call-unanswered",
    severity: "error",
    checks: "Every tool_calls[].id of an assistant message is answered by a role:tool message among the messages right after it.",
    pointer: "/messages/{i}/tool_calls/{j}",
    providerError:
      "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: {id}",
    // Seen returned: https://github.com/aliasrobotics/cai/issues/111 ,
    // https://github.com/langchain-ai/open_deep_research/issues/164 (openai.BadRequestError 400)
    source: "https://github.com/aliasrobotics/cai/issues/111 ; https://github.com/langchain-ai/open_deep_research/issues/164",
    fix: {
      en: "append one role:tool message per call (tool_call_id = the call's id) before any other message; answer a call you did not run with an error text",
      zh: "在任何其他消息之前，为每个调用追加一条 role:tool 消息（tool_call_id 等于调用的 id）；没有执行的调用也要用一段错误文字回答",
    },
    check(body, report) {
      const list = arrayAt(body, "messages");
      for (const [index, message] of messagesOf(body)) {
        if (message.role !== "assistant" || arrayAt(message, "tool_calls").length === 0) continue;
        const answered = new Set<string>();
        for (let next = index + 1; next < list.length; next++) {
          const tool = list[next];
          if (!isRecord(tool) || tool.role !== "tool") break;
          const id = stringAt(tool, "tool_call_id");
          if (id !== undefined) answered.add(id);
        }
        const calls = arrayAt(message, "tool_calls");
        for (let callIndex = 0; callIndex < calls.length; callIndex++) {
          const call = calls[callIndex];
          if (!isRecord(call)) continue;
          const id = stringAt(call, "id") ?? "";
          if (!answered.has(id)) report(pointer("", "messages", index, "tool_calls", callIndex), { id });
        }
      }
    },
  },
  {
    id: "tool-message-without-call",
    severity: "error",
    checks: "A role:tool message answers a tool_calls[].id of the assistant message that its run of tool messages follows.",
    pointer: "/messages/{i}",
    providerError: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
    // Seen returned (param messages.[4].role): https://github.com/smarter-sh/smarter/issues/264 ;
    // https://github.com/TheR1D/shell_gpt/issues/717
    source: "https://github.com/smarter-sh/smarter/issues/264 ; https://github.com/TheR1D/shell_gpt/issues/717",
    fix: {
      en: "drop the result, or move it right after the assistant message whose call it answers",
      zh: "删掉这个结果，或者把它移到它所回答的调用所在的 assistant 消息后面",
    },
    check(body, report) {
      let open: ReadonlySet<string> = NONE;
      // A plain loop, and each reply's ids gathered straight into its set: a long body has a reply a turn.
      for (const [index, message] of messagesOf(body)) {
        if (message.role === "tool") {
          const id = stringAt(message, "tool_call_id") ?? "";
          if (!open.has(id)) report(pointer("", "messages", index), { id });
          continue;
        }
        const calls = message.role === "assistant" ? arrayAt(message, "tool_calls") : NO_CALLS;
        if (calls.length === 0) {
          open = NONE;
          continue;
        }
        const ids = new Set<string>();
        for (const call of calls) {
          const id = isRecord(call) ? stringAt(call, "id") : undefined;
          if (id !== undefined) ids.add(id);
        }
        open = ids;
      }
    },
  },
  {
    id: "call-id-too-long",
    severity: "error",
    checks: `A tool_calls[].id is at most ${OPENAI_CALL_ID_MAX} characters.`,
    pointer: "/messages/{i}/tool_calls/{j}/id",
    providerError:
      "Invalid 'messages[{message}].tool_calls[{call}].id': string too long. Expected a string with maximum length 40, but got a string with length {length} instead.",
    // Seen returned: https://github.com/vercel/ai/issues/8132 ; https://github.com/anomalyco/opencode/issues/12653
    source: "https://github.com/vercel/ai/issues/8132 ; https://github.com/anomalyco/opencode/issues/12653",
    fix: {
      en: "rewrite long ids (from another provider) to 40 characters or fewer, the same way in the call and its tool message",
      zh: "把（来自其他提供商的）长 id 改写到 40 个字符以内，调用和它的 tool 消息里用同样的改法",
    },
    check(body, report) {
      for (const { messageIndex, callIndex, id } of callsOf(body)) {
        if (id !== undefined && id.length > OPENAI_CALL_ID_MAX)
          report(pointer("", "messages", messageIndex, "tool_calls", callIndex, "id"), { message: messageIndex, call: callIndex, length: id.length });
      }
    },
  },
  {
    id: "duplicate-call-id",
    severity: "warning",
    checks: "No two tool calls in the request share an id.",
    pointer: "/messages/{i}/tool_calls/{j}/id",
    providerError: undefined,
    message: "tool call id {id} is used again: its results cannot be told apart",
    source: "None found for OpenAI (no public report of the API refusing it); Anthropic refuses it, so a portable harness keeps ids unique.",
    fix: { en: "give the repeated call a fresh id and its tool message the same one", zh: "给重复的调用换一个新的 id，它的 tool 消息用同一个" },
    check(body, report) {
      // Each pointer is spelled out only for a repeat: a long body has one call a turn, and all but a few are unique.
      reportRepeated(
        callsOf(body),
        ({ id }) => id,
        ({ messageIndex, callIndex }) => pointer("", "messages", messageIndex, "tool_calls", callIndex, "id"),
        report,
      );
    },
  },
  {
    id: "tool-name",
    severity: "error",
    checks: "Tool names (tools[].function.name and tool_calls[].function.name) match ^[a-zA-Z0-9_-]+$.",
    pointer: "/tools/{i}/function/name",
    providerError: "Invalid '{path}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
    // Seen returned for tools[0].function.name: https://github.com/brekkylab/ailoy/pull/109 ; for
    // messages[9].tool_calls[0].function.name: https://github.com/mcp-use/mcp-use/issues/90
    source: "https://github.com/brekkylab/ailoy/pull/109 ; https://github.com/mcp-use/mcp-use/issues/90",
    fix: {
      en: "replace characters outside [a-zA-Z0-9_-] (say, with _) in the definition and in every call of that tool",
      zh: "把 [a-zA-Z0-9_-] 以外的字符换掉（比如换成 _），定义和这个工具的每个调用里都要换",
    },
    check(body, report) {
      for (const [index, tool] of objectsIn(arrayAt(body, "tools"))) {
        const fn = tool.function;
        const name = isRecord(fn) ? fn.name : undefined;
        if (typeof name === "string" && !OPENAI_NAME_PATTERN.test(name))
          report(pointer("", "tools", index, "function", "name"), { path: `tools[${index}].function.name` });
      }
      for (const { messageIndex, callIndex, call } of callsOf(body)) {
        const name = isRecord(call.function) ? call.function.name : undefined;
        // An empty name is rule call-name's: the API answers it with its own text.
        if (typeof name === "string" && name !== "" && !OPENAI_NAME_PATTERN.test(name)) {
          report(pointer("", "messages", messageIndex, "tool_calls", callIndex, "function", "name"), {
            path: `messages[${messageIndex}].tool_calls[${callIndex}].function.name`,
          });
        }
      }
    },
  },
  {
    id: "arguments-not-string",
    severity: "error",
    checks: "tool_calls[].function.arguments is a string (JSON text), not an object.",
    pointer: "/messages/{i}/tool_calls/{j}/function/arguments",
    providerError: "Invalid type for 'messages[{message}].tool_calls[{call}].function.arguments': expected a string, but got an object instead.",
    // Seen returned: https://github.com/aaif-goose/goose-mobile/pull/20
    source: "https://github.com/aaif-goose/goose-mobile/pull/20",
    fix: { en: "send JSON.stringify(arguments)", zh: "发送 JSON.stringify(arguments)" },
    check(body, report) {
      for (const { messageIndex, callIndex, call } of callsOf(body)) {
        const fn = call.function;
        if (isRecord(fn) && "arguments" in fn && typeof fn.arguments !== "string") {
          report(pointer("", "messages", messageIndex, "tool_calls", callIndex, "function", "arguments"), { message: messageIndex, call: callIndex });
        }
      }
    },
  },
  {
    id: "arguments-not-object",
    severity: "warning",
    checks: "The arguments string holds a JSON object.",
    pointer: "/messages/{i}/tool_calls/{j}/function/arguments",
    providerError: undefined,
    message: "arguments is not a JSON object (it is {what})",
    source: "openai/resources/shared.d.ts (FunctionDefinition.parameters: a JSON Schema object); no public report of the API refusing other JSON.",
    fix: {
      en: "send an object (`{}` when the model sent something else), and answer the call with an isError result",
      zh: "发送一个对象（模型发来别的东西时用 `{}`），并用一个 isError 结果回答这个调用",
    },
    check(body, report) {
      for (const { messageIndex, callIndex, call, parsed: value } of callsOf(body)) {
        const fn = call.function;
        if (!isRecord(fn) || typeof fn.arguments !== "string") continue;
        if (!isRecord(value))
          report(pointer("", "messages", messageIndex, "tool_calls", callIndex, "function", "arguments"), {
            what: value === undefined ? "not JSON" : Array.isArray(value) ? "an array" : typeof value,
          });
      }
    },
  },
  {
    id: "role",
    severity: "error",
    checks: `messages[].role is one of ${ROLES.join(", ")}.`,
    pointer: "/messages/{i}/role",
    providerError: undefined,
    message: "role {role} is not a Chat Completions role",
    source: "openai/resources/chat/completions/completions.d.ts (ChatCompletionMessageParam); no public error text found.",
    fix: { en: 'use "assistant" for the model and "tool" for results', zh: '模型用 "assistant"，结果用 "tool"' },
    check(body, report) {
      for (const [index, message] of messagesOf(body)) {
        const role = message.role;
        if (typeof role !== "string" || !ROLES.includes(role)) report(pointer("", "messages", index, "role"), { role: JSON.stringify(role) ?? "undefined" });
      }
    },
  },
];

// arguments-schema is left out: a tool result carries no error flag here, so the body cannot show
// whether the harness ran a mismatching call or refused it (docs/lint.md's table says so).
export const openaiChatRuleTable: RuleTable = {
  provider: "openai-chat",
  // The spec's structural constraints (shape-rules.ts) in the same run: shape and pairing problems together.
  rules: [...rules, ...chatShapeRules],
  unchecked: [
    argumentsSchemaUnchecked(
      `a role:"tool" message (openai/resources/chat/completions/completions.d.ts ChatCompletionToolMessageParam: content and tool_call_id only)`,
    ),
  ],
};
