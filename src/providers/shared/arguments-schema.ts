// The warning the Anthropic and Gemini tables share: a call the body shows was *run* — answered by
// a result not flagged as an error — although its arguments do not match the parameters schema the
// same request declares for that tool. Providers accept such a call (they do not validate history),
// but a harness that ran it let unchecked model output through. A mismatching call answered by an
// error result is what a harness should do (refuse it, say why), so it is not reported; neither is
// an unanswered call (the table's own error rule reports that).
//
// The check is lenient where the body cannot show what the tool received: a value the "coerce"
// policy converts ("128" for a number, as Pi's ajv and this project's coerce policy do) counts as
// matching, and so does an undeclared key (the course's parse drops it before the tool runs). It
// covers the JSON Schema keywords tool schemas use (type, enum, const, required, properties, a
// schema for additionalProperties, items, min/max, minLength/maxLength) and walks with an explicit
// stack, so arguments nested thousands deep cannot overflow it.
//
// OpenAI Chat (a role:"tool" message: content and tool_call_id) and Responses (a
// function_call_output item: call_id and output) carry no error flag, so a refused call and a run
// one look the same there: those tables leave this rule out and say why (argumentsSchemaUnchecked).

import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { toBoolean, toNumber, toText } from "../../schema/validator.ts";
import type { Report, Rule, UncheckedRule } from "./rule.ts";

export interface DeclaredCall {
  /** Pointer of the arguments value in the body. */
  pointer: string;
  name: string;
  /** Parsed arguments; `undefined` when a string form did not parse (another rule reports that). */
  arguments: unknown;
  /** Whether the body answers the call with a result not flagged as an error: the harness ran it. */
  ran: boolean;
}

export interface SchemaAccess {
  /** Tool name → its declared parameters schema. */
  schemas(body: JsonObject): Map<string, unknown>;
  calls(body: JsonObject): DeclaredCall[];
}

const ID = "arguments-schema";
const CHECKS =
  'A call the body shows was run (answered by a result not flagged as an error) has arguments that match the parameters schema the request declares for that tool, leniently: "128" passes for a number (the coerce policy converts it) and an undeclared key passes (parse drops it).';

/** `errorFlagSources`: where the provider documents its result error flag (" ; "-separated, as `source` is). */
export function argumentsSchemaRule(access: SchemaAccess, where: string, errorFlagSources: string): Rule {
  return {
    id: ID,
    severity: "warning",
    checks: CHECKS,
    pointer: where,
    providerError: undefined,
    message: "arguments do not match the declared schema of {tool}, yet the call was answered by a result not flagged as an error: {problem}",
    source: `None needed for the text: providers accept it (they do not validate history); a harness validates arguments before running a tool and answers a mismatch with an error result (course chapter 3.4). The result's error flag: ; ${errorFlagSources}`,
    fix: {
      en: "validate arguments with the tool's schema before running it, and answer a mismatch with an error result instead of running the tool",
      zh: "执行前先用工具的 schema 校验参数；不符合时不执行工具，而是用一个错误结果回答",
    },
    check(body: JsonObject, report: Report) {
      const schemas = access.schemas(body);
      for (const call of access.calls(body)) {
        if (!call.ran) continue;
        const schema = schemas.get(call.name);
        // Arguments that are not an object at all are another rule's finding (arguments-not-object and the like).
        if (schema === undefined || !isRecord(call.arguments)) continue;
        const problem = firstMismatch(call.arguments, schema);
        if (problem) report(call.pointer, { tool: call.name, problem });
      }
    },
  };
}

/**
 * The entry a table without a result error flag carries instead of the rule (the docs/lint.md rule
 * table prints it). `result` names the provider's result shape, with its SDK type as the source.
 */
export function argumentsSchemaUnchecked(result: string): UncheckedRule {
  return {
    id: ID,
    checks: CHECKS,
    why: `not checked: ${result} carries no error flag, so a call the harness refused and one it ran look the same, and lint cannot say which`,
  };
}

interface Pending {
  value: unknown;
  schema: unknown;
  path: string;
}

/** The first place `value` breaks `schema`, as `path: what`, or undefined. */
export function firstMismatch(value: unknown, schema: unknown): string | undefined {
  const stack: Pending[] = [{ value, schema, path: "" }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (!isRecord(next.schema)) continue;
    next.value = converted(next.value, next.schema);
    const problem = localMismatch(next.value, next.schema);
    if (problem) return `${next.path || "(arguments)"}: ${problem}`;
    pushChildren(next, next.schema, stack);
  }
  return undefined;
}

/**
 * The value as the lenient policy would convert it for this schema (src/schema/validator.ts, the
 * loop's own conversions): a scalar of the wrong type becomes one of the declared type when it
 * reads as one; a number or boolean becomes the enum/const string it spells. Otherwise unchanged.
 */
function converted(value: unknown, schema: JsonObject): unknown {
  if (typeof value === "object") return value;
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => sameJson(option, value))) {
    const text = toText(value);
    return schema.enum.includes(text) ? text : value;
  }
  if ("const" in schema && !sameJson(schema.const, value)) return toText(value) === schema.const ? schema.const : value;
  const types = typeof schema.type === "string" ? [schema.type] : Array.isArray(schema.type) ? schema.type : [];
  if (types.some((type) => hasType(value, type))) return value;
  for (const type of types) {
    const to: unknown =
      type === "number" || type === "integer" ? toNumber(value) : type === "boolean" ? toBoolean(value) : type === "string" ? toText(value) : value;
    if (to !== value && hasType(to, type)) return to;
  }
  return value;
}

function localMismatch(value: unknown, schema: JsonObject): string | undefined {
  const types = typeof schema.type === "string" ? [schema.type] : Array.isArray(schema.type) ? schema.type : undefined;
  if (types && !types.some((type) => hasType(value, type))) return `expected ${types.join(" or ")}, got ${typeName(value)}`;
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => sameJson(option, value))) return `expected one of ${JSON.stringify(schema.enum)}`;
  if ("const" in schema && !sameJson(schema.const, value)) return `expected ${JSON.stringify(schema.const)}`;
  if (typeof value === "number") {
    if (typeof schema.minimum === "number" && value < schema.minimum) return `expected at least ${schema.minimum}`;
    if (typeof schema.maximum === "number" && value > schema.maximum) return `expected at most ${schema.maximum}`;
  }
  if (typeof value === "string") {
    const length = [...value].length;
    if (typeof schema.minLength === "number" && length < schema.minLength) return `expected at least ${schema.minLength} characters`;
    if (typeof schema.maxLength === "number" && length > schema.maxLength) return `expected at most ${schema.maxLength} characters`;
  }
  if (isRecord(value) && Array.isArray(schema.required)) {
    const missing = schema.required.find((key) => typeof key === "string" && !Object.hasOwn(value, key));
    if (typeof missing === "string") return `missing required property ${JSON.stringify(missing)}`;
  }
  // `additionalProperties: false` is not checked: an undeclared key proves nothing about the run.
  // The course's parse keeps only the declared fields, so `ignored` never reaches echo although the
  // request declares additionalProperties: false (seeds, the echo chapter; walkthrough [7]).
  return undefined;
}

function pushChildren(pending: Pending, schema: JsonObject, stack: Pending[]): void {
  const { value, path } = pending;
  if (isRecord(value)) {
    const properties = isRecord(schema.properties) ? schema.properties : {};
    const keys = Object.keys(value);
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index] ?? "";
      const child = Object.hasOwn(properties, key) ? properties[key] : isRecord(schema.additionalProperties) ? schema.additionalProperties : undefined;
      if (child !== undefined) stack.push({ value: value[key], schema: child, path: `${path}/${key}` });
    }
  } else if (Array.isArray(value) && isRecord(schema.items)) {
    for (let index = value.length - 1; index >= 0; index--) stack.push({ value: value[index], schema: schema.items, path: `${path}/${index}` });
  }
}

function hasType(value: unknown, type: unknown): boolean {
  switch (type) {
    case "object":
      return isRecord(value);
    case "array":
      return Array.isArray(value);
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "null":
      return value === null;
    case "string":
    case "number":
    case "boolean":
      return typeof value === type;
    default:
      return true;
  }
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** Equality for enum/const on the scalars tool schemas use; objects compare by their JSON. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}
