// OpenAI Responses: the structural constraints of OpenAI's OpenAPI spec (openai/openai-openapi
// openapi.json 2.3.0, `#/components/schemas/<name>`; ../shared/specs/openai/openapi.json) for the
// items a tool-calling history holds. An error where the API was seen refusing the body, a warning
// where only the spec says so (and the API was seen taking it: docs/specs.md).
import { pointer } from "../../json/json-locations.ts";
import { arrayAt, objectsIn } from "../shared/json-shape.ts";
import { OPENAI_EMPTY_STRING, OPENAI_MISSING_PARAMETER, OPENAI_MISSING_PARAMETER_SOURCES } from "../shared/openai-conventions.ts";
import type { Rule } from "../shared/rule.ts";
import { itemsOf } from "./body-walk.ts";

function itemsOfType(body: Record<string, unknown>, type: string): readonly [number, Record<string, unknown>][] {
  return itemsOf(body).filter(([, item]) => item.type === type);
}

export const responsesShapeRules: Rule[] = [
  {
    id: "output-present",
    severity: "error",
    checks: "Every function_call_output has an output, a string or a list of content parts (FunctionCallOutputItemParam: required output).",
    pointer: "/input/{i}",
    providerError: OPENAI_MISSING_PARAMETER,
    message: "function_call_output.output is {what}: the spec takes a string or a list",
    source: OPENAI_MISSING_PARAMETER_SOURCES,
    fix: { en: "send the tool's result as a string (JSON text for structured results)", zh: "把工具的结果作为字符串发送（结构化的结果用 JSON 文本）" },
    check(body, report) {
      for (const [index, item] of itemsOfType(body, "function_call_output")) {
        if (item.output === undefined) report(pointer("", "input", index), { path: `input[${index}].output` });
        else if (typeof item.output !== "string" && !Array.isArray(item.output))
          report(pointer("", "input", index, "output"), { what: item.output === null ? "null" : typeof item.output, noProviderText: 1 });
      }
    },
  },
  {
    id: "call-name",
    severity: "error",
    checks: "Every function_call has a name, not empty (FunctionToolCall: required name).",
    pointer: "/input/{i}/name",
    providerError: OPENAI_EMPTY_STRING,
    message: "function_call.name is missing: {path}",
    // Seen returned: https://github.com/kittors/CliRelay/issues/277 ("Invalid 'input[27].name': empty string. …")
    source: "https://github.com/kittors/CliRelay/issues/277",
    fix: { en: "send the name of the tool the model called; a call without one cannot be answered", zh: "写上模型调用的工具名；没有名字的调用无法回答" },
    check(body, report) {
      for (const [index, item] of itemsOfType(body, "function_call")) {
        if (item.name === "") report(pointer("", "input", index, "name"), { path: `input[${index}].name` });
        else if (item.name === undefined) report(pointer("", "input", index), { path: `input[${index}].name`, noProviderText: 1 });
      }
    },
  },
  {
    id: "tool-parameters",
    severity: "warning",
    checks: "Every function tool declares its parameters (FunctionTool: required parameters, nullable; the API was seen taking a tool without them).",
    pointer: "/tools/{i}",
    providerError: undefined,
    message: "tool {name} declares no parameters: the spec requires the key (null for none)",
    // The API answered a request whose tool was {"type":"function","name":"get_today"}:
    // https://github.com/BerriAI/litellm/issues/13420 (its reproduction's first call succeeds).
    source:
      "openapi.json #/components/schemas/FunctionTool (required: type, name, strict, parameters) ; https://github.com/BerriAI/litellm/issues/13420 (accepted without parameters); no public error text found.",
    fix: {
      en: 'declare "parameters" (an object schema, or null for a tool without arguments)',
      zh: '声明 "parameters"（一个 object schema；没有参数的工具用 null）',
    },
    check(body, report) {
      for (const [index, tool] of objectsIn(arrayAt(body, "tools"))) {
        if (tool.type === "function" && !Object.hasOwn(tool, "parameters")) report(pointer("", "tools", index), { name: JSON.stringify(tool.name) ?? "" });
      }
    },
  },
];
