// OpenAI Responses: the rules an `input` list must keep, each with the error text the API returns
// when it does not (as seen returned in public; sources in each rule) and a fix. Run by
// `tool-call-playground lint`; the Responses renderer (request.ts) is built to keep every one.

import { isRecord } from "../../json/is-record.ts";
import { pointer } from "../../json/json-locations.ts";
import { argumentsSchemaUnchecked } from "../shared/arguments-schema.ts";
import { arrayAt, objectsIn, stringAt } from "../shared/json-shape.ts";
import { OPENAI_NAME_PATTERN } from "../shared/openai-conventions.ts";
import { type Rule, type RuleTable, reportRepeatedIds } from "../shared/rule.ts";
import { callsOf, itemsOf } from "./body-walk.ts";
import { RESPONSES_CALL_ID_MAX } from "./limits.ts";
import { responsesShapeRules } from "./shape-rules.ts";

/** Message roles of an input item (openai/resources/responses/responses.d.ts, EasyInputMessage and ResponseInputItem.Message). */
const ROLES = ["user", "assistant", "system", "developer"];

const rules: Rule[] = [
  {
    id: "call-without-output",
    severity: "error",
    checks: "Every function_call item has a function_call_output with its call_id later in the input.",
    pointer: "/input/{i}",
    providerError: "No tool output found for function call {id}.",
    // Seen returned (param "input"): https://github.com/router-for-me/CLIProxyAPI/issues/2368 ; https://github.com/openai/codex/issues/620
    source: "https://github.com/router-for-me/CLIProxyAPI/issues/2368 ; https://github.com/openai/codex/issues/620",
    fix: {
      en: "add a function_call_output item with the same call_id right after the call's items; answer a call you did not run with an error text",
      zh: "在调用的条目后面紧接着加一条 call_id 相同的 function_call_output；没有执行的调用也要用一段错误文字回答",
    },
    check(body, report) {
      const list = itemsOf(body);
      const outputsAfter = new Set<string>();
      // Walk backwards so "an output later in the input" is one set lookup.
      for (let position = list.length - 1; position >= 0; position--) {
        const entry = list[position];
        if (!entry) continue;
        const [index, item] = entry;
        const id = stringAt(item, "call_id") ?? "";
        if (item.type === "function_call_output") outputsAfter.add(id);
        else if (item.type === "function_call" && !outputsAfter.has(id)) report(pointer("", "input", index), { id });
      }
    },
  },
  {
    id: "output-without-call",
    severity: "error",
    checks: "Every function_call_output answers a function_call with its call_id earlier in the input.",
    pointer: "/input/{i}",
    providerError: "No tool call found for function call output with call_id {id}.",
    // Seen returned (param "input"): https://github.com/microsoft/vscode/issues/320060 ; https://github.com/continuedev/continue/issues/10092
    source: "https://github.com/microsoft/vscode/issues/320060 ; https://github.com/continuedev/continue/issues/10092",
    fix: {
      en: "drop the output, or keep the function_call item it answers in the input",
      zh: "删掉这条 output，或者把它回答的 function_call 条目留在 input 里",
    },
    check(body, report) {
      const called = new Set<string>();
      for (const [index, item] of itemsOf(body)) {
        const id = stringAt(item, "call_id") ?? "";
        if (item.type === "function_call") called.add(id);
        else if (item.type === "function_call_output" && !called.has(id)) report(pointer("", "input", index), { id });
      }
    },
  },
  {
    id: "item-between-call-and-output",
    severity: "error",
    checks: "Nothing but other calls and outputs stands between a function_call and its function_call_output.",
    pointer: "/input/{i}",
    providerError: "No tool output found for function call {id}.",
    // Seen returned for a message item (even an empty one) between a call and its output: the case
    // table in https://github.com/ranxianglei/billion-context/issues/766 (cases A01, A02).
    source: "https://github.com/ranxianglei/billion-context/issues/766",
    fix: {
      en: "put the reply's message items before its function_call items, and the outputs right after the calls",
      zh: "把回复的 message 条目放在它的 function_call 条目之前，output 紧跟在调用之后",
    },
    check(body, report) {
      const waiting = new Set<string>();
      for (const [index, item] of itemsOf(body)) {
        const id = stringAt(item, "call_id") ?? "";
        if (item.type === "function_call") waiting.add(id);
        else if (item.type === "function_call_output") waiting.delete(id);
        else if (waiting.size > 0 && item.type !== "reasoning") {
          report(pointer("", "input", index), { id: [...waiting][0] ?? "" });
          // One finding per intruding item; the calls stay open for the outputs that follow.
        }
      }
    },
  },
  {
    id: "call-id-too-long",
    severity: "error",
    checks: `A call_id is at most ${RESPONSES_CALL_ID_MAX} characters.`,
    pointer: "/input/{i}/call_id",
    providerError: "Invalid 'input[{item}].call_id': string too long. Expected a string with maximum length 64, but got a string with length {length} instead.",
    // Seen returned: https://github.com/AnswerDotAI/fastllm/issues/45
    source: "https://github.com/AnswerDotAI/fastllm/issues/45",
    fix: {
      en: "rewrite long ids (from another provider) to 64 characters or fewer, the same way in the call and its output",
      zh: "把（来自其他提供商的）长 id 改写到 64 个字符以内，调用和它的 output 里用同样的改法",
    },
    check(body, report) {
      for (const [index, item] of itemsOf(body)) {
        const id = stringAt(item, "call_id");
        if ((item.type === "function_call" || item.type === "function_call_output") && id !== undefined && id.length > RESPONSES_CALL_ID_MAX) {
          report(pointer("", "input", index, "call_id"), { item: index, length: id.length });
        }
      }
    },
  },
  {
    id: "duplicate-call-id",
    severity: "warning",
    checks: "No two function_call items share a call_id.",
    pointer: "/input/{i}/call_id",
    providerError: undefined,
    message: "call_id {id} is used again: its outputs cannot be told apart",
    source: "None found for OpenAI (no public report of the API refusing it); Anthropic refuses it, so a portable harness keeps ids unique.",
    fix: { en: "give the repeated call a fresh call_id and its output the same one", zh: "给重复的调用换一个新的 call_id，它的 output 用同一个" },
    check(body, report) {
      const ids = [...callsOf(body)].map(([index, item]) => ({ id: stringAt(item, "call_id"), pointer: pointer("", "input", index, "call_id") }));
      reportRepeatedIds(ids, report);
    },
  },
  {
    id: "tool-name",
    severity: "error",
    checks: "Tool names (tools[].name) match ^[a-zA-Z0-9_-]+$.",
    pointer: "/tools/{i}/name",
    providerError: "Invalid 'tools[{tool}].name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
    // Seen returned: https://github.com/justrach/codegraff/issues/930 ; stated for Responses in https://github.com/openai/codex/pull/8694
    source: "https://github.com/justrach/codegraff/issues/930 ; https://github.com/openai/codex/pull/8694",
    fix: {
      en: "replace characters outside [a-zA-Z0-9_-] (say, with _) in the definition and in every call of that tool",
      zh: "把 [a-zA-Z0-9_-] 以外的字符换掉（比如换成 _），定义和这个工具的每个调用里都要换",
    },
    check(body, report) {
      for (const [index, tool] of objectsIn(arrayAt(body, "tools"))) {
        const name = stringAt(tool, "name");
        if (tool.type === "function" && name !== undefined && !OPENAI_NAME_PATTERN.test(name)) report(pointer("", "tools", index, "name"), { tool: index });
      }
    },
  },
  {
    id: "arguments-not-string",
    severity: "error",
    checks: "A function_call's arguments is a string (JSON text).",
    pointer: "/input/{i}/arguments",
    providerError: undefined,
    message: "arguments is {what}, not a string",
    source:
      "openai/resources/responses/responses.d.ts (ResponseFunctionToolCall.arguments: string); no public error text found for Responses (Chat's: https://github.com/aaif-goose/goose-mobile/pull/20).",
    fix: { en: "send JSON.stringify(arguments)", zh: "发送 JSON.stringify(arguments)" },
    check(body, report) {
      for (const [index, item] of callsOf(body)) {
        if (typeof item.arguments !== "string")
          report(pointer("", "input", index, "arguments"), {
            what: Array.isArray(item.arguments) ? "an array" : item.arguments === null ? "null" : typeof item.arguments,
          });
      }
    },
  },
  {
    id: "arguments-not-object",
    severity: "warning",
    checks: "The arguments string holds a JSON object.",
    pointer: "/input/{i}/arguments",
    providerError: undefined,
    message: "arguments is not a JSON object (it is {what})",
    source: "openai/resources/responses/responses.d.ts (FunctionTool.parameters: a JSON Schema object); no public report of the API refusing other JSON.",
    fix: {
      en: "send an object (`{}` when the model sent something else), and answer the call with an isError result",
      zh: "发送一个对象（模型发来别的东西时用 `{}`），并用一个 isError 结果回答这个调用",
    },
    check(body, report) {
      for (const [index, item, value] of callsOf(body)) {
        if (typeof item.arguments !== "string") continue;
        if (!isRecord(value))
          report(pointer("", "input", index, "arguments"), { what: value === undefined ? "not JSON" : Array.isArray(value) ? "an array" : typeof value });
      }
    },
  },
  {
    id: "role",
    severity: "error",
    checks: `A message item's role is one of ${ROLES.join(", ")}.`,
    pointer: "/input/{i}/role",
    providerError: undefined,
    message: "role {role} is not a Responses message role",
    source: "openai/resources/responses/responses.d.ts (EasyInputMessage.role); no public error text found.",
    fix: {
      en: 'use "assistant" for the model; results are function_call_output items, not messages',
      zh: '模型用 "assistant"；结果是 function_call_output 条目，不是消息',
    },
    check(body, report) {
      for (const [index, item] of itemsOf(body)) {
        const isMessage = item.type === "message" || (item.type === undefined && "role" in item);
        if (isMessage && (typeof item.role !== "string" || !ROLES.includes(item.role)))
          report(pointer("", "input", index, "role"), { role: JSON.stringify(item.role) ?? "undefined" });
      }
    },
  },
];

// arguments-schema is left out: a tool result carries no error flag here, so the body cannot show
// whether the harness ran a mismatching call or refused it (docs/lint.md's table says so).
export const openaiResponsesRuleTable: RuleTable = {
  provider: "openai-responses",
  // The spec's structural constraints (shape-rules.ts) in the same run: shape and pairing problems together.
  rules: [...rules, ...responsesShapeRules],
  unchecked: [
    argumentsSchemaUnchecked(
      "a function_call_output item (openai/resources/responses/responses.d.ts ResponseInputItem.FunctionCallOutput: call_id and output; its status is set by the API, not an error flag)",
    ),
  ],
};
