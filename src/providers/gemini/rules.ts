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
    fix: "answer every functionCall of the model turn with one functionResponse part (same name and id) in the next user content",
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
    fix: "drop the response, or put it in the user content right after the model turn that made the call",
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
    fix: "merge consecutive model turns into one, and start the contents with a user turn",
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
    fix: "rename the function (say, leading digits and other characters to _) in the declaration and in every call and response",
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
    fix: "send an object (`{}` when the model sent something else), and answer the call with an error response",
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
    fix: "leave empty text parts out",
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
    fix: "leave whitespace-only text parts out",
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
    fix: 'use "model" for the model; function responses go in a "user" content',
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
    fix: "give the repeated call a fresh id and its response the same one",
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
    fix: "rewrite ids to [a-zA-Z0-9_-], the same way in the call and its response",
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
