// Gemini generateContent: the rules a request body must keep, each with the error text the API
// returns when it does not (as seen returned in public, or documented in @google/genai's types;
// sources in each rule) and a fix. Run by `tool-call-playground lint`; the Gemini renderer
// (request.ts) is built to keep every one. `functionResponse.response.error` tells a refused call
// from a run one, so the arguments-schema warning is here.

import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { pointer } from "../../json/json-locations.ts";
import { argumentsSchemaRule, type DeclaredCall } from "../shared/arguments-schema.ts";
import { arrayAt, objectsIn, perBody, stringAt } from "../shared/json-shape.ts";
import { type Rule, type RuleTable, reportRepeatedIds } from "../shared/rule.ts";
import { GEMINI_NAME_PATTERN } from "./limits.ts";

/** Ids: the character set the other providers accept; Gemini documents none (rule "call-id-charset"). */
const PORTABLE_ID = /^[a-zA-Z0-9_-]{1,64}$/;

interface PartAt {
  contentIndex: number;
  partIndex: number;
  part: JsonObject;
}

const contents = perBody((body: JsonObject): readonly [number, JsonObject][] => {
  return objectsIn(arrayAt(body, "contents"));
});

const partsOf = perBody((body: JsonObject): PartAt[] => {
  const found: PartAt[] = [];
  for (const [contentIndex, content] of contents(body))
    for (const [partIndex, part] of objectsIn(arrayAt(content, "parts"))) found.push({ contentIndex, partIndex, part });
  return found;
});

function count(content: unknown, key: "functionCall" | "functionResponse"): number {
  if (!isRecord(content)) return 0;
  let found = 0;
  for (const part of arrayAt(content, "parts")) if (isRecord(part) && isRecord(part[key])) found++;
  return found;
}

const functionCalls = perBody((body: JsonObject): (PartAt & { call: JsonObject })[] =>
  partsOf(body).flatMap((at) => (isRecord(at.part.functionCall) ? [{ ...at, call: at.part.functionCall }] : [])),
);

/** The functionResponse parts of the user content after a call turn: where a call's answer is. */
class ResponsesOfTurn {
  readonly #all: JsonObject[] = [];
  readonly #byId = new Map<string, JsonObject>();
  #byName: Map<string, JsonObject[]> | undefined;
  /** How many id-less calls of each name this turn has paired so far. */
  readonly #paired = new Map<string, number>();

  constructor(content: unknown) {
    if (!isRecord(content)) return;
    for (const part of arrayAt(content, "parts")) {
      const response = isRecord(part) ? part.functionResponse : undefined;
      if (!isRecord(response)) continue;
      this.#all.push(response);
      const id = stringAt(response, "id");
      if (id !== undefined && !this.#byId.has(id)) this.#byId.set(id, response);
    }
  }

  /** The response answering a call: by id, or (a call without one) the next response of its name. */
  answer(name: string, id: string | undefined): JsonObject | undefined {
    if (id !== undefined) return this.#byId.get(id);
    const nth = this.#paired.get(name) ?? 0;
    this.#paired.set(name, nth + 1);
    return this.#responsesNamed(name)[nth];
  }

  #responsesNamed(name: string): JsonObject[] {
    if (!this.#byName) {
      this.#byName = new Map();
      for (const response of this.#all) {
        const key = stringAt(response, "name");
        if (key === undefined) continue;
        const named = this.#byName.get(key);
        if (named) named.push(response);
        else this.#byName.set(key, [response]);
      }
    }
    return this.#byName.get(name) ?? [];
  }
}

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
      const list = arrayAt(body, "contents");
      for (const [index, content] of contents(body)) {
        const calls = count(content, "functionCall");
        if (calls > 0 && count(list[index + 1], "functionResponse") !== calls) report(pointer("", "contents", index), { calls });
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
      const list = arrayAt(body, "contents");
      for (const [index, content] of contents(body)) {
        if (count(content, "functionResponse") > 0 && count(list[index - 1], "functionCall") === 0) report(pointer("", "contents", index));
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
      const list = arrayAt(body, "contents");
      for (const [index, content] of contents(body)) {
        if (count(content, "functionCall") === 0) continue;
        const before = list[index - 1];
        if (!isRecord(before) || before.role === "model") report(pointer("", "contents", index));
      }
    },
  },
  {
    id: "function-name",
    severity: "error",
    checks: "functionDeclarations[].name starts with a letter or _, then letters, digits, _ . - ; at most 64 characters.",
    pointer: "/tools/{i}/functionDeclarations/{j}/name",
    providerError:
      "GenerateContentRequest.tools[{tool}].function_declarations[{declaration}].name: Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.) or dashes (-), with a maximum length of 64.",
    // Seen returned: https://github.com/google-gemini/gemini-cli/issues/2966 ; documented in
    // node_modules/@google/genai/dist/genai.d.ts (FunctionDeclaration.name).
    source: "https://github.com/google-gemini/gemini-cli/issues/2966 ; @google/genai FunctionDeclaration.name",
    fix: "rename the function (say, leading digits and other characters to _) in the declaration and in every call and response",
    check(body, report) {
      for (const [toolIndex, tool] of objectsIn(arrayAt(body, "tools"))) {
        for (const [index, declaration] of objectsIn(arrayAt(tool, "functionDeclarations"))) {
          const name = stringAt(declaration, "name");
          if (name !== undefined && !GEMINI_NAME_PATTERN.test(name))
            report(pointer("", "tools", toolIndex, "functionDeclarations", index, "name"), { tool: toolIndex, declaration: index });
        }
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
      for (const { contentIndex, partIndex, call } of functionCalls(body)) {
        if ("args" in call && !isRecord(call.args)) {
          report(pointer("", "contents", contentIndex, "parts", partIndex, "functionCall", "args"), {
            what: Array.isArray(call.args) ? "an array" : call.args === null ? "null" : typeof call.args,
          });
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
      for (const { contentIndex, partIndex, part } of partsOf(body))
        if (part.text === "") report(pointer("", "contents", contentIndex, "parts", partIndex, "text"));
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
      for (const { contentIndex, partIndex, part } of partsOf(body)) {
        if (typeof part.text === "string" && part.text.length > 0 && part.text.trim().length === 0)
          report(pointer("", "contents", contentIndex, "parts", partIndex, "text"));
      }
    },
  },
  {
    id: "role",
    severity: "error",
    checks: 'contents[].role is "user" or "model".',
    pointer: "/contents/{i}/role",
    providerError: undefined,
    message: "role {role} is not a Gemini role",
    source: "@google/genai Content.role (\"Must be either 'user' or 'model'\"); no public error text found.",
    fix: 'use "model" for the model; function responses go in a "user" content',
    check(body, report) {
      for (const [index, content] of contents(body)) {
        if ("role" in content && content.role !== "user" && content.role !== "model")
          report(pointer("", "contents", index, "role"), { role: JSON.stringify(content.role) ?? "undefined" });
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
      const ids = functionCalls(body).map(({ contentIndex, partIndex, call }) => ({
        id: stringAt(call, "id"),
        pointer: pointer("", "contents", contentIndex, "parts", partIndex, "functionCall", "id"),
      }));
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
      for (const { contentIndex, partIndex, part } of partsOf(body)) {
        for (const key of ["functionCall", "functionResponse"] as const) {
          const value = part[key];
          const id = isRecord(value) ? stringAt(value, "id") : undefined;
          if (id !== undefined && !PORTABLE_ID.test(id))
            report(pointer("", "contents", contentIndex, "parts", partIndex, key, "id"), { id: JSON.stringify(id) });
        }
      }
    },
  },
  argumentsSchemaRule(
    {
      schemas(body) {
        const schemas = new Map<string, unknown>();
        for (const [, tool] of objectsIn(arrayAt(body, "tools"))) {
          for (const [, declaration] of objectsIn(arrayAt(tool, "functionDeclarations"))) {
            if (typeof declaration.name === "string") schemas.set(declaration.name, declaration.parametersJsonSchema ?? declaration.parameters);
          }
        }
        return schemas;
      },
      calls(body) {
        const list = arrayAt(body, "contents");
        const found: DeclaredCall[] = [];
        // Calls come in content order: one turn's answers are read once, when its first call is.
        let turn = -1;
        let answers: ResponsesOfTurn | undefined;
        for (const { contentIndex, partIndex, call } of functionCalls(body)) {
          if (typeof call.name !== "string") continue;
          if (!answers || contentIndex !== turn) {
            turn = contentIndex;
            answers = new ResponsesOfTurn(list[contentIndex + 1]);
          }
          const answer = answers.answer(call.name, stringAt(call, "id"));
          const ran = isRecord(answer) && isRecord(answer.response) && !Object.hasOwn(answer.response, "error");
          found.push({
            pointer: pointer("", "contents", contentIndex, "parts", partIndex, "functionCall", "args"),
            name: call.name,
            arguments: call.args ?? {},
            ran,
          });
        }
        return found;
      },
    },
    "/contents/{i}/parts/{j}/functionCall/args",
    // "Use "output" key to specify function output and "error" key to specify error details".
    "@google/genai FunctionResponse.response ; https://ai.google.dev/api/caching#FunctionResponse",
  ),
];

export const geminiRuleTable: RuleTable = { provider: "gemini", rules };
