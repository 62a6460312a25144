// The warning every table shares: a call's arguments checked against the parameters schema the
// same request declares for that tool. Providers accept such a call (they do not validate
// history), but a harness that sends one has let unchecked model output through. The checker
// covers the JSON Schema keywords tool schemas use (type, enum, const, required, properties,
// additionalProperties, items, min/max, minLength/maxLength) and walks with an explicit stack, so
// arguments nested thousands deep cannot overflow it.
import { isObject, type JsonObject } from "./json-shape.ts";
import type { Report, Rule } from "./rule.ts";

export interface DeclaredCall {
  /** Pointer of the arguments value in the body. */
  pointer: string;
  name: string;
  /** Parsed arguments; `undefined` when a string form did not parse (another rule reports that). */
  arguments: unknown;
}

export interface SchemaAccess {
  /** Tool name → its declared parameters schema. */
  schemas(body: JsonObject): Map<string, unknown>;
  calls(body: JsonObject): DeclaredCall[];
}

export function argumentsSchemaRule(access: SchemaAccess, where: string): Rule {
  return {
    id: "arguments-schema",
    severity: "warning",
    checks: "A call's arguments match the parameters schema the request declares for that tool.",
    pointer: where,
    providerError: undefined,
    message: "arguments do not match the declared schema of {tool}: {problem}",
    source: "None needed: providers accept it (they do not validate history); a harness validates arguments before running a tool (course chapter 3.4).",
    fix: "validate arguments with the tool's schema before running it, and answer a mismatch with an isError result",
    check(body: JsonObject, report: Report) {
      const schemas = access.schemas(body);
      for (const call of access.calls(body)) {
        const schema = schemas.get(call.name);
        // Arguments that are not an object at all are another rule's finding (arguments-not-object and the like).
        if (schema === undefined || !isObject(call.arguments)) continue;
        const problem = firstMismatch(call.arguments, schema);
        if (problem) report(call.pointer, { tool: call.name, problem });
      }
    },
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
    if (!isObject(next.schema)) continue;
    const problem = localMismatch(next.value, next.schema);
    if (problem) return `${next.path || "(arguments)"}: ${problem}`;
    pushChildren(next, next.schema, stack);
  }
  return undefined;
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
  if (isObject(value) && Array.isArray(schema.required)) {
    const missing = schema.required.find((key) => typeof key === "string" && !Object.hasOwn(value, key));
    if (typeof missing === "string") return `missing required property ${JSON.stringify(missing)}`;
  }
  if (isObject(value) && schema.additionalProperties === false) {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const extra = Object.keys(value).find((key) => !Object.hasOwn(properties, key));
    if (extra !== undefined) return `unexpected property ${JSON.stringify(extra)}`;
  }
  return undefined;
}

function pushChildren(pending: Pending, schema: JsonObject, stack: Pending[]): void {
  const { value, path } = pending;
  if (isObject(value)) {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const keys = Object.keys(value);
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index] ?? "";
      const child = Object.hasOwn(properties, key) ? properties[key] : isObject(schema.additionalProperties) ? schema.additionalProperties : undefined;
      if (child !== undefined) stack.push({ value: value[key], schema: child, path: `${path}/${key}` });
    }
  } else if (Array.isArray(value) && isObject(schema.items)) {
    for (let index = value.length - 1; index >= 0; index--) stack.push({ value: value[index], schema: schema.items, path: `${path}/${index}` });
  }
}

function hasType(value: unknown, type: unknown): boolean {
  switch (type) {
    case "object":
      return isObject(value);
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
