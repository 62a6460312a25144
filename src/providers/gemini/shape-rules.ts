// Gemini generateContent: the structural constraints of the v1beta protos (googleapis/googleapis
// google/ai/generativelanguage/v1beta/content.proto, as the JSON Schema of ../shared/specs/
// google/gemini-schemas.json has them: `$defs` google.ai.generativelanguage.v1beta.<Message>).
// An error where the API was seen refusing the body (the text and where it was seen are in each
// rule); a warning where only the proto says so.
import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { pointer } from "../../json/json-locations.ts";
import { perBody } from "../shared/json-shape.ts";
import type { Rule } from "../shared/rule.ts";
import { field, keyOf, repeated } from "./body-fields.ts";
import { contentsOf, fieldPointer, functionCalls, functionResponses, partsOf } from "./body-walk.ts";

/** The members of Part's `data` oneof (v1beta Part, `x-oneof` data); thought, thoughtSignature and metadata are not data. */
const DATA_FIELDS = ["text", "inlineData", "functionCall", "functionResponse", "fileData", "executableCode", "codeExecutionResult"] as const;

function dataFields(part: Record<string, unknown>): string[] {
  return DATA_FIELDS.filter((name) => {
    const key = keyOf(part, name);
    return key !== undefined && part[key] !== null;
  });
}

/** Each part with its data fields, worked out once per body for the two rules that read them. */
const partData = perBody((body: JsonObject) => partsOf(body).map(({ at, part }) => ({ at, fields: dataFields(part) })));

/** `contents[2].parts[0]`-style indexes of a part, as the API's messages name it. */
function partIndexes(at: string): { content: string; part: string } {
  const match = /^\/contents(?:\/(\d+))?\/parts(?:\/(\d+))?/.exec(at);
  return { content: match?.[1] ?? "0", part: match?.[2] ?? "0" };
}

function kind(value: unknown): string {
  if (value === undefined) return "missing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? JSON.stringify(value) : typeof value;
}

export const geminiShapeRules: Rule[] = [
  {
    id: "call-name",
    severity: "error",
    checks: "Every functionCall has a name that is not empty (FunctionCall.name is REQUIRED).",
    pointer: "/contents/{i}/parts/{j}/functionCall/name",
    providerError: undefined,
    message: "functionCall.name is {what}",
    // The API's check on the sibling field is seen refusing an empty name ("function_response.name:
    // Name cannot be empty", rule response-name); for function_call.name no public text was found.
    source:
      "gemini-schemas.json $defs google.ai.generativelanguage.v1beta.FunctionCall (required: name) ; https://github.com/langflow-ai/langflow/issues/9437 (the same REQUIRED check on function_response.name); no public error text found for function_call.name.",
    fix: {
      en: "give the call the name of the declared function the model called; a call without one cannot be answered",
      zh: "给调用写上模型调用的那个已声明函数的名字；没有名字的调用无法回答",
    },
    check(body, report) {
      for (const { value: call, valueAt } of functionCalls(body)) {
        if (typeof call.name !== "string" || call.name === "") report(pointer(valueAt, "name"), { what: kind(call.name) });
      }
    },
  },
  {
    id: "response-name",
    severity: "error",
    checks: "Every functionResponse has a name that is not empty (FunctionResponse.name is REQUIRED).",
    pointer: "/contents/{i}/parts/{j}/functionResponse/name",
    providerError: "GenerateContentRequest.contents[{content}].parts[{part}].function_response.name: Name cannot be empty.",
    // Seen returned: https://github.com/langflow-ai/langflow/issues/9437 ; https://github.com/ollama/ollama/issues/14214 ;
    // https://github.com/router-for-me/CLIProxyAPI/issues/2104
    source:
      "https://github.com/langflow-ai/langflow/issues/9437 ; https://github.com/ollama/ollama/issues/14214 ; https://github.com/router-for-me/CLIProxyAPI/issues/2104",
    fix: { en: "send the name of the call it answers (the functionCall's name)", zh: "写上它所回答的调用的名字（functionCall 的 name）" },
    check(body, report) {
      for (const { at, value: response, valueAt } of functionResponses(body)) {
        if (typeof response.name !== "string" || response.name === "") report(pointer(valueAt, "name"), partIndexes(at));
      }
    },
  },
  {
    id: "response-value",
    severity: "error",
    checks: "Every functionResponse has a response, and it is a JSON object (FunctionResponse.response is a REQUIRED Struct).",
    pointer: "/contents/{i}/parts/{j}/functionResponse/response",
    providerError: undefined,
    message: "functionResponse.response is {what}, not an object",
    source:
      'gemini-schemas.json $defs google.ai.generativelanguage.v1beta.FunctionResponse (required: response; a google.protobuf.Struct) ; @google/genai FunctionResponse.response ("Use "output" key to specify function output and "error" key to specify error details"); no public error text found.',
    fix: {
      en: 'wrap the result in an object: {"output": …} for a result, {"error": …} for a failure',
      zh: '把结果包进一个对象：成功用 {"output": …}，失败用 {"error": …}',
    },
    check(body, report) {
      for (const { value: response, valueAt } of functionResponses(body)) {
        if (!isRecord(response.response)) report(fieldPointer(response, valueAt, "response"), { what: kind(response.response) });
      }
    },
  },
  {
    id: "part-without-data",
    severity: "error",
    checks: "Every part carries one of the data fields (text, inlineData, functionCall, functionResponse, fileData, executableCode, codeExecutionResult).",
    pointer: "/contents/{i}/parts/{j}",
    providerError: "GenerateContentRequest.contents[{content}].parts[{part}].data: required oneof field 'data' must have one initialized field",
    // Seen returned: https://github.com/QuantumNous/new-api/issues/632 ; https://github.com/boldsoftware/sketch/issues/68 ;
    // https://github.com/router-for-me/CLIProxyAPI/issues/1292
    source:
      "https://github.com/QuantumNous/new-api/issues/632 ; https://github.com/boldsoftware/sketch/issues/68 ; https://github.com/router-for-me/CLIProxyAPI/issues/1292",
    fix: {
      en: "leave out a part that carries nothing (an empty text, a bare thought signature)",
      zh: "去掉什么都不带的 part（空 text、单独的 thought signature）",
    },
    check(body, report) {
      for (const { at, fields } of partData(body)) if (fields.length === 0) report(at, partIndexes(at));
    },
  },
  {
    id: "part-one-data",
    severity: "warning",
    checks: "No part carries two data fields: they are one oneof (Part.data), one field a part.",
    pointer: "/contents/{i}/parts/{j}",
    providerError: undefined,
    message: "a part carries {fields}: the data oneof holds one of them",
    source: "gemini-schemas.json $defs google.ai.generativelanguage.v1beta.Part (x-oneof data); no public error text found.",
    fix: { en: "split the part into one part per field", zh: "把这个 part 拆成每个字段一个 part" },
    check(body, report) {
      for (const { at, fields } of partData(body)) if (fields.length > 1) report(at, { fields: fields.join(" and ") });
    },
  },
  {
    id: "empty-parts",
    severity: "error",
    checks: "No content has an empty parts list.",
    pointer: "/contents/{i}/parts",
    providerError: "GenerateContentRequest.contents[{content}].parts: contents.parts must not be empty.",
    // Seen returned: https://github.com/langchain-ai/langchain-google/issues/691 ; https://github.com/vercel/ai/issues/3775
    source: "https://github.com/langchain-ai/langchain-google/issues/691 ; https://github.com/vercel/ai/issues/3775",
    fix: { en: "leave out a content that has nothing to say", zh: "去掉没有内容的 content" },
    check(body, report) {
      for (const { at, content } of contentsOf(body)) {
        if (repeated(content, "parts", at).length === 0) report(fieldPointer(content, at, "parts"), { content: partIndexes(`${at}/parts`).content });
      }
    },
  },
  {
    id: "inline-data-mime-type",
    severity: "warning",
    checks: "Every inlineData carries a mimeType.",
    pointer: "/contents/{i}/parts/{j}/inlineData",
    providerError: undefined,
    message: "inlineData has no mimeType: the API cannot tell what the bytes are",
    source:
      "@google/genai Blob.mimeType ; https://github.com/EvanZhouDev/gemini-ai/issues/3 (the API checks inline_data.mime_type against the types it takes); no public error text found for a missing one.",
    fix: { en: 'add the IANA type of the bytes, e.g. "mimeType": "image/png"', zh: '加上这些字节的 IANA 类型，例如 "mimeType": "image/png"' },
    check(body, report) {
      for (const { at, part } of partsOf(body)) {
        const data = field(part, "inlineData");
        if (isRecord(data) && typeof field(data, "mimeType") !== "string") report(fieldPointer(part, at, "inlineData"));
      }
    },
  },
];
