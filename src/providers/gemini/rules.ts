// Gemini generateContent: the rules a request body must keep, each with the error text the API
// returns when it does not (as seen returned in public, or documented in @google/genai's types;
// sources in each rule) and a fix. Run by `tool-call-playground lint`; the Gemini renderer
// (request.ts) is built to keep every one. `functionResponse.response.error` tells a refused call
// from a run one, so the arguments-schema warning is here.

import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { pointer } from "../../json/json-locations.ts";
import { argumentsSchemaRule, type DeclaredCall } from "../shared/arguments-schema.ts";
import { stringAt } from "../shared/json-shape.ts";
import { type Rule, type RuleTable, reportRepeatedIds } from "../shared/rule.ts";
import { field, repeated } from "./body-fields.ts";
import { contentsList, contentsOf, fieldPointer, functionCalls, partsOf, turnCounts } from "./body-walk.ts";
import { GEMINI_ACCEPTED_NAME_PATTERN } from "./limits.ts";
import { ResponsesOfTurn } from "./responses-of-turn.ts";
import { geminiShapeRules } from "./shape-rules.ts";

interface DeclarationAt {
  at: string;
  tool: number;
  index: number;
  declaration: JsonObject;
}

/** Every function declaration of the body, with its pointer. */
function declarations(body: JsonObject): DeclarationAt[] {
  const found: DeclarationAt[] = [];
  repeated(body, "tools", "").forEach(({ at, value: tool }, toolIndex) => {
    if (!isRecord(tool)) return;
    repeated(tool, "functionDeclarations", at).forEach(({ at: declarationAt, value }, index) => {
      if (isRecord(value)) found.push({ at: declarationAt, tool: toolIndex, index, declaration: value });
    });
  });
  return found;
}

/** Ids: the character set the other providers accept; Gemini documents none (rule "call-id-charset"). */
const PORTABLE_ID = /^[a-zA-Z0-9_-]{1,64}$/;

const rules: Rule[] = [
  {
    id: "call-response-count",
    severity: "error",
    checks: "A model content with function calls is followed by a user content with exactly as many function responses.",
    pointer: "/contents/{i}",
    providerError: "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.",
    // Seen returned: https://github.com/google-gemini/gemini-cli/issues/4217 ; https://github.com/google-gemini/gemini-cli/issues/16415
    source: "https://github.com/google-gemini/gemini-cli/issues/4217 ; https://github.com/google-gemini/gemini-cli/issues/16415",
    fix: {
      en: "answer every functionCall of the model turn with one functionResponse part (same name and id) in the next user content",
      zh: "在下一条 user content 里，为模型这一轮的每个 functionCall 回一个 functionResponse part（name 和 id 相同）",
    },
    check(body, report) {
      const counts = turnCounts(body);
      for (const { index, at } of contentsOf(body)) {
        const calls = counts[index]?.calls ?? 0;
        if (calls > 0 && (counts[index + 1]?.responses ?? 0) !== calls) report(at, { calls });
      }
    },
  },
  {
    id: "response-without-call",
    severity: "error",
    checks: "A content with function responses comes right after a model content with function calls.",
    pointer: "/contents/{i}",
    providerError: "Please ensure that function response turn comes immediately after a function call turn.",
    // Seen returned: https://github.com/langchain-ai/langchain/issues/27799 ; https://github.com/GoogleCloudPlatform/generative-ai/pull/368
    source: "https://github.com/langchain-ai/langchain/issues/27799 ; https://github.com/GoogleCloudPlatform/generative-ai/pull/368",
    fix: {
      en: "drop the response, or put it in the user content right after the model turn that made the call",
      zh: "删掉这个 response，或者把它放进紧跟在发出该调用的 model 轮次之后的 user content",
    },
    check(body, report) {
      const counts = turnCounts(body);
      for (const { index, at } of contentsOf(body)) {
        if ((counts[index]?.responses ?? 0) > 0 && (counts[index - 1]?.calls ?? 0) === 0) report(at);
      }
    },
  },
  {
    id: "call-turn-position",
    severity: "error",
    checks: "A model content with function calls comes right after a user content (a prompt or function responses).",
    pointer: "/contents/{i}",
    providerError: "Please ensure that function call turn comes immediately after a user turn or after a function response turn.",
    // Seen returned (also when the history starts with a function call): https://github.com/google-gemini/gemini-cli/issues/11814 ;
    // https://github.com/google-gemini/gemini-cli/issues/26486
    source: "https://github.com/google-gemini/gemini-cli/issues/11814 ; https://github.com/google-gemini/gemini-cli/issues/26486",
    fix: {
      en: "merge consecutive model turns into one, and start the contents with a user turn",
      zh: "把相邻的 model 轮次合并成一个，并让 contents 以 user 轮次开头",
    },
    check(body, report) {
      const list = contentsList(body);
      const counts = turnCounts(body);
      for (const { index, at } of contentsOf(body)) {
        if ((counts[index]?.calls ?? 0) === 0) continue;
        const before = list[index - 1]?.value;
        if (!isRecord(before) || before.role === "model") report(at);
      }
    },
  },
  {
    id: "function-name",
    severity: "error",
    checks: "functionDeclarations[].name starts with a letter or _, then letters, digits, _ . : - ; at most 64 characters.",
    pointer: "/tools/{i}/functionDeclarations/{j}/name",
    providerError:
      "GenerateContentRequest.tools[{tool}].function_declarations[{declaration}].name: Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 64.",
    // Seen returned with colons allowed: https://github.com/lbjlaq/Antigravity-Manager/issues/1440 ;
    // https://github.com/kaitranntt/ccs/issues/25 (older text without colons:
    // https://github.com/google-gemini/gemini-cli/issues/2966). The v1beta proto comment on
    // FunctionDeclaration.name allows "underscores, colons, dots, and dashes, with a maximum length of 64".
    source:
      "https://github.com/lbjlaq/Antigravity-Manager/issues/1440 ; https://github.com/kaitranntt/ccs/issues/25 ; googleapis google/ai/generativelanguage/v1beta/content.proto FunctionDeclaration.name",
    fix: {
      en: "rename the function (say, leading digits and other characters to _) in the declaration and in every call and response",
      zh: "给函数改名（比如把开头的数字和其他字符换成 _），声明、每个调用和每个 response 里都要改",
    },
    check(body, report) {
      for (const { at, tool, index, declaration } of declarations(body)) {
        const name = stringAt(declaration, "name");
        if (name !== undefined && !GEMINI_ACCEPTED_NAME_PATTERN.test(name)) report(pointer(at, "name"), { tool, declaration: index });
      }
    },
  },
  {
    id: "args-not-object",
    severity: "error",
    checks: "functionCall.args is a JSON object.",
    pointer: "/contents/{i}/parts/{j}/functionCall/args",
    providerError: undefined,
    message: "functionCall.args is {what}, not an object",
    source: '@google/genai FunctionCall.args ("The function parameters and values in JSON object format", a protobuf Struct); no public error text found.',
    fix: {
      en: "send an object (`{}` when the model sent something else), and answer the call with an error response",
      zh: "发送一个对象（模型发来别的东西时用 `{}`），并用一个错误 response 回答这个调用",
    },
    check(body, report) {
      for (const { value: call, valueAt } of functionCalls(body)) {
        if ("args" in call && !isRecord(call.args)) {
          report(pointer(valueAt, "args"), { what: Array.isArray(call.args) ? "an array" : call.args === null ? "null" : typeof call.args });
        }
      }
    },
  },
  {
    id: "empty-text",
    severity: "error",
    checks: "No text part is empty.",
    pointer: "/contents/{i}/parts/{j}/text",
    providerError: "Unable to submit request because it has an empty text parameter. Add a value to the parameter and try again.",
    // Seen returned: https://github.com/zuisong/gemini-openai-proxy/issues/83 ; https://github.com/google-gemini/deprecated-generative-ai-python/issues/697
    source: "https://github.com/zuisong/gemini-openai-proxy/issues/83 ; https://github.com/google-gemini/deprecated-generative-ai-python/issues/697",
    fix: { en: "leave empty text parts out", zh: "去掉空的 text part" },
    check(body, report) {
      for (const { at, part } of partsOf(body)) if (part.text === "") report(pointer(at, "text"));
    },
  },
  {
    id: "blank-text",
    severity: "warning",
    checks: "No text part is whitespace only.",
    pointer: "/contents/{i}/parts/{j}/text",
    providerError: undefined,
    message: "a text part holds only whitespace",
    source: "None found for whitespace (only for empty text, rule empty-text); Anthropic refuses it, so a portable harness leaves it out.",
    fix: { en: "leave whitespace-only text parts out", zh: "去掉只有空白的 text part" },
    check(body, report) {
      for (const { at, part } of partsOf(body)) {
        if (typeof part.text === "string" && part.text.length > 0 && part.text.trim().length === 0) report(pointer(at, "text"));
      }
    },
  },
  {
    id: "role",
    severity: "error",
    checks: 'contents[].role is "user" or "model" (or "function" for function responses, which the API still takes).',
    pointer: "/contents/{i}/role",
    providerError: undefined,
    message: "role {role} is not a Gemini role",
    // "function": Google's cookbook sends function responses in a role "function" content and its
    // saved outputs show 200 answers (google-gemini/cookbook quickstarts/rest/Function_calling_REST.ipynb).
    source:
      "@google/genai Content.role (\"Must be either 'user' or 'model'\") ; google-gemini/cookbook quickstarts/rest/Function_calling_REST.ipynb (role \"function\" answered 200); no public error text found.",
    fix: { en: 'use "model" for the model; function responses go in a "user" content', zh: '模型用 "model"；function response 放进 "user" content' },
    check(body, report) {
      for (const { at, content } of contentsOf(body)) {
        if ("role" in content && content.role !== "user" && content.role !== "model" && content.role !== "function")
          report(pointer(at, "role"), { role: JSON.stringify(content.role) ?? "undefined" });
      }
    },
  },
  {
    id: "duplicate-call-id",
    severity: "warning",
    checks: "No two function calls in the request share an id.",
    pointer: "/contents/{i}/parts/{j}/functionCall/id",
    providerError: undefined,
    message: "function call id {id} is used again: its responses cannot be told apart",
    source: "None found for Gemini; Anthropic refuses it, so a portable harness keeps ids unique.",
    fix: { en: "give the repeated call a fresh id and its response the same one", zh: "给重复的调用换一个新的 id，它的 response 用同一个" },
    check(body, report) {
      const ids = functionCalls(body).map(({ value: call, valueAt }) => ({ id: stringAt(call, "id"), pointer: pointer(valueAt, "id") }));
      reportRepeatedIds(ids, report);
    },
  },
  {
    id: "call-id-charset",
    severity: "warning",
    checks: "Function call ids use only [a-zA-Z0-9_-], at most 64 characters.",
    pointer: "/contents/{i}/parts/{j}/functionCall/id",
    providerError: undefined,
    message: "function call id {id} uses characters or a length other providers refuse",
    source: "None found: Gemini documents no id rule (@google/genai FunctionCall.id). The wire view keeps ids to the set every provider accepts.",
    fix: {
      en: "rewrite ids to [a-zA-Z0-9_-], the same way in the call and its response",
      zh: "把 id 改写成 [a-zA-Z0-9_-]，调用和它的 response 里用同样的改法",
    },
    check(body, report) {
      for (const { at, part } of partsOf(body)) {
        for (const name of ["functionCall", "functionResponse"] as const) {
          const value = field(part, name);
          const id = isRecord(value) ? stringAt(value, "id") : undefined;
          if (id !== undefined && !PORTABLE_ID.test(id)) report(pointer(fieldPointer(part, at, name), "id"), { id: JSON.stringify(id) });
        }
      }
    },
  },
  argumentsSchemaRule(
    {
      schemas(body) {
        const schemas = new Map<string, unknown>();
        for (const { declaration } of declarations(body)) {
          if (typeof declaration.name === "string") schemas.set(declaration.name, field(declaration, "parametersJsonSchema") ?? declaration.parameters);
        }
        return schemas;
      },
      calls(body) {
        const list = contentsList(body);
        const found: DeclaredCall[] = [];
        // Calls come in content order: one turn's answers are read once, when its first call is.
        let turn = -1;
        let answers: ResponsesOfTurn | undefined;
        for (const { content, value: call, valueAt } of functionCalls(body)) {
          if (typeof call.name !== "string") continue;
          if (!answers || content.index !== turn) {
            turn = content.index;
            answers = new ResponsesOfTurn(list[content.index + 1]?.value);
          }
          const answer = answers.answer(call.name, stringAt(call, "id"));
          const ran = isRecord(answer) && isRecord(answer.response) && !Object.hasOwn(answer.response, "error");
          found.push({ pointer: pointer(valueAt, "args"), name: call.name, arguments: call.args ?? {}, ran });
        }
        return found;
      },
    },
    "/contents/{i}/parts/{j}/functionCall/args",
    // "Use "output" key to specify function output and "error" key to specify error details".
    "@google/genai FunctionResponse.response ; https://ai.google.dev/api/caching#FunctionResponse",
  ),
];

// The spec's structural constraints (shape-rules.ts) run in the same table, so a body's shape
// problems and its pairing problems come out of one run, together.
export const geminiRuleTable: RuleTable = { provider: "gemini", rules: [...rules, ...geminiShapeRules] };
