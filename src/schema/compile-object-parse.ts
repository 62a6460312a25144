// Compiles an objectSchema's parse into one specialised function, once (when the schema is made,
// or, for a declared schema of an imported log, once it has parsed COMPILE_AFTER_PARSES inputs):
// fixed property names, the built-in validators' checks inlined (nested objectValue fields too,
// so a nested failure returns its whole path at once; an arrayOf a single-value built-in element by
// element, its index in the path), any other validator called through a closure. The same idea as ajv, TypeBox and zod, for the same reason: the plain per-field loop
// pays for generic key lookups and a call per field on every model request.
//
// The generated function must behave exactly like `loopParse` in object-schema.ts: the same
// output, or FAILED with the same SchemaError (expected, received, path, message) waiting — a
// rejection is a plain return, never a throw; own keys only, fields read
// and checked in shape order, nothing undeclared copied, the input never touched. Keys reach the generated source only
// as JSON.stringify'd string literals, never as raw text. Where code generation is refused (a
// CSP-like policy, --disallow-code-generation-from-strings), the caller falls back to the loop.
// The one observable difference: a Proxy input sees `has` and `getPrototypeOf` traps where the loop
// asks `getOwnPropertyDescriptor`; a proxy whose traps agree with one another gets the same result.
import { type Expectation, expectation, FAILED, type Failed, fail, failWithin, type PathSegment, type SchemaError, takeFailure } from "./schema-error.ts";
import { type BuiltinCheck, builtinCheckOf, type Fields, type SafeCheck, safeCheckOf } from "./validator.ts";

/** The parsed object, or FAILED with the SchemaError waiting (takeFailure in schema-error.ts). */
export type ParseFunction = (input: unknown) => Record<string, unknown> | Failed;

const expectObject: Expectation = expectation({ kind: "object" });

/** The compiled parse and the two public entries around it, `parse` (throws the failure) and
 *  `safeParse` (returns it). The entries are written into the same generated source, so each schema
 *  has its own, calling its own parse: a tool's validation runs that tool's code alone, as the
 *  validation rows of `npm run bench` measure it, never a path shared with every other schema. */
export interface CompiledEntries {
  safe: ParseFunction;
  parse(input: unknown): Record<string, unknown>;
  safeParse(input: unknown): { success: true; value: Record<string, unknown> } | { success: false; error: SchemaError };
}

/** A specialised parse for these fields, or undefined when code generation is not allowed. */
export function compileObjectParse(fields: Fields): ParseFunction | undefined {
  return compileObjectEntries(fields)?.safe;
}

/** Numbers each schema's source, so that two schemas of one shape (many tools take
 *  `{ value: string }`) never share one compiled parse: like the entries above, each tool's
 *  validation is its own code, fed only that tool's inputs. */
let compiledSchemas = 0;

export function compileObjectEntries(fields: Fields): CompiledEntries | undefined {
  const source = new SourceBuilder();
  const { statements, output } = source.object(fields, "input", [], "  ");
  const code = [
    `"use strict"; // schema ${compiledSchemas++}`,
    source.preamble(),
    "const safe = function parse(input) {",
    '  if (typeof input !== "object" || input === null || isArray(input)) return fail(expectObject, input);',
    "  let proto;",
    statements,
    `  return ${output};`,
    "};",
    "return {",
    "  safe,",
    "  parse(input) {",
    "    const result = safe(input);",
    "    if (result === FAILED) throw takeFailure();",
    "    return result;",
    "  },",
    "  safeParse(input) {",
    "    const result = safe(input);",
    "    return result === FAILED ? { success: false, error: takeFailure() } : { success: true, value: result };",
    "  },",
    "};",
  ].join("\n");
  let factory: unknown;
  try {
    factory = new Function(
      "checks",
      "constants",
      "FAILED",
      "fail",
      "failWithin",
      "expectObject",
      "isArray",
      "getPrototypeOf",
      "ObjectPrototype",
      "hasOwn",
      "takeFailure",
      code,
    );
  } catch {
    return undefined;
  }
  if (typeof factory !== "function") return undefined;
  const made: unknown = factory(
    source.checks,
    source.constants,
    FAILED,
    fail,
    failWithin,
    expectObject,
    Array.isArray,
    Object.getPrototypeOf,
    Object.prototype,
    hasOwn,
    takeFailure,
  );
  return isGeneratedEntries(made) ? made : undefined;
}

/** The one typed boundary around generated code: `made` is the object written above, whose
 *  functions return only what CompiledEntries says (the parse: the object literal on its last
 *  line, or FAILED), so "these three are functions" is all there is to check. */
function isGeneratedEntries(made: unknown): made is CompiledEntries {
  return (
    typeof made === "object" &&
    made !== null &&
    "safe" in made &&
    typeof made.safe === "function" &&
    "parse" in made &&
    typeof made.parse === "function" &&
    "safeParse" in made &&
    typeof made.safeParse === "function"
  );
}

/** `Object.prototype.hasOwnProperty` uncurried once, so neither a later patch of `Object.hasOwn`
 *  nor one of `Function.prototype.call` changes what "own" means; as fast as a direct call. */
const hasOwn: (target: object, key: string) => boolean = Function.prototype.call.bind(Object.prototype.hasOwnProperty);

/** `"__proto__": v` in a literal would set the prototype; the computed form defines a property. */
function propertyKey(key: string): string {
  return key === "__proto__" ? `[${JSON.stringify(key)}]` : JSON.stringify(key);
}

class SourceBuilder {
  readonly checks: SafeCheck<unknown>[] = [];
  readonly constants: unknown[] = [];
  readonly #preamble: string[] = [];

  preamble(): string {
    return this.#preamble.join("\n");
  }

  #names = 0;

  /** Statements that read and check each field of the object in `input` (a variable already known
   *  to hold a non-array object), and the object literal of their values. Nested objectValue
   *  fields are written inline the same way, so a nested failure is one `return` with its whole path. */
  object(fields: Fields, input: string, path: readonly PathSegment[], indent: string): { statements: string; output: string } {
    const statements: string[] = [];
    const entries: string[] = [];
    for (const [key, check] of fields) {
      const id = this.#names++;
      statements.push(this.#field(key, check, input, `r${id}`, `v${id}`, [...path, key], indent));
      entries.push(`${propertyKey(key)}: v${id}`);
    }
    return { statements: statements.join("\n"), output: `{ ${entries.join(", ")} }` };
  }

  /**
   * Reads one field as `Object.hasOwn(input, key) ? input[key] : undefined` does, cheaply, and
   * decided at the moment of the read (a getter or a validator that ran before may have changed the
   * input). A key found nowhere on the chain is missing. A key that Object.prototype does not hold
   * right now (it may be polluted at any time), on an input whose prototype is Object.prototype
   * (every JSON.parse object) or null, can only be own: read it. Anything else asks `hasOwn`. The
   * `in` tests never run user code (no getter), and they let a plain JSON object, the usual
   * input, skip the `hasOwn` call: that saves about a third of calc's parse.
   */
  #field(key: string, check: Fields[number][1], input: string, raw: string, out: string, path: readonly PathSegment[], indent: string): string {
    const k = JSON.stringify(key);
    const direct = `!(${k} in ObjectPrototype) && ((proto = getPrototypeOf(${input})) === ObjectPrototype || proto === null)`;
    const read = `${indent}const ${raw} = !(${k} in ${input}) ? undefined : ${direct} ? ${input}[${k}] : hasOwn(${input}, ${k}) ? ${input}[${k}] : undefined;`;
    const spec = builtinCheckOf(check);
    if (spec) return `${read}\n${indent}let ${out};\n${this.#inline(spec, raw, out, path, indent)}`;
    // Any other validator runs as its safe form, its failure given the field's path as the loop does.
    const name = this.#bind("f", this.checks, safeCheckOf(check));
    const where = this.#bind("c", this.constants, Object.freeze([...path]));
    return `${read}\n${indent}const ${out} = ${name}(${raw});\n${indent}if (${out} === FAILED) return failWithin(${where});`;
  }

  /** Statements that check `raw` the way the built-in would and assign its return value to `out`.
   *  `index`: `raw` is an array's element, and the variable of its index ends the path. */
  #inline(spec: BuiltinCheck, raw: string, out: string, path: readonly PathSegment[], indent: string, index?: string): string {
    const segments = path.map((segment) => JSON.stringify(segment));
    if (index !== undefined) segments.push(index);
    const literalPath = `[${segments.join(", ")}]`;
    const reject = (expected: Expectation) => `return fail(${this.#bind("c", this.constants, expectation(expected))}, ${raw}, ${literalPath});`;
    switch (spec.kind) {
      case "unknown":
        return `${indent}if (${raw} === undefined) ${reject({ kind: "any" })}\n${indent}${out} = ${raw};`;
      case "string":
      case "boolean":
        return `${indent}if (typeof ${raw} !== "${spec.kind}") ${reject({ kind: spec.kind })}\n${indent}${out} = ${raw};`;
      case "number":
        return `${indent}if (typeof ${raw} !== "number" || !Number.isFinite(${raw})) ${reject({ kind: "number" })}\n${indent}${out} = ${raw};`;
      case "optionalPositiveInteger":
        return (
          `${indent}if (${raw} !== undefined && (typeof ${raw} !== "number" || !Number.isInteger(${raw}) || ${raw} < 1)) ` +
          `${reject({ kind: "positiveInteger" })}\n${indent}${out} = ${raw};`
        );
      case "enum": {
        // Short lists of strings become comparisons (=== and the Set's SameValueZero agree on
        // strings); anything else asks a Set built from the same snapshot.
        const inlined = spec.allowed.length <= 16 && spec.allowed.every((value) => typeof value === "string");
        const test = inlined
          ? spec.allowed.length === 0
            ? "true"
            : spec.allowed.map((value) => `${raw} !== ${JSON.stringify(value)}`).join(" && ")
          : `!${this.#bind("c", this.constants, new Set(spec.allowed))}.has(${raw})`;
        return `${indent}if (${test}) ${reject({ kind: "oneOf", values: spec.values })}\n${indent}${out} = ${raw};`;
      }
      case "literal": {
        const literal = this.#bind("c", this.constants, spec.literal);
        // The literal, not the input, is returned: for 0 the input may have been -0.
        return `${indent}if (${raw} !== ${literal}) ${reject({ kind: "oneOf", values: [spec.literal] })}\n${indent}${out} = ${literal};`;
      }
      case "optional":
        return `${indent}if (${raw} === undefined) ${out} = undefined;\n${indent}else {\n${this.#inline(spec.inner, raw, out, path, `${indent}  `)}\n${indent}}`;
      case "array": {
        // As arrayOf's loop reads the array: its length (also against minItems), then each
        // element in order, into a new array made at that length.
        const id = this.#names++;
        const [at, element, item] = [`i${id}`, `e${id}`, `o${id}`];
        return [
          `${indent}if (!isArray(${raw})) ${reject({ kind: "array" })}`,
          `${indent}if (${raw}.length < ${spec.minItems}) ${reject({ kind: "minItems", count: spec.minItems })}`,
          `${indent}${out} = new Array(${raw}.length);`,
          `${indent}for (let ${at} = 0; ${at} < ${raw}.length; ${at}++) {`,
          `${indent}  const ${element} = ${raw}[${at}];`,
          `${indent}  let ${item};`,
          this.#inline(spec.item, element, item, path, `${indent}  `, at),
          `${indent}  ${out}[${at}] = ${item};`,
          `${indent}}`,
        ].join("\n");
      }
      case "object": {
        const inner = this.object(spec.fields, raw, path, `${indent}  `);
        return (
          `${indent}if (typeof ${raw} !== "object" || ${raw} === null || isArray(${raw})) return fail(expectObject, ${raw}, ${literalPath});\n` +
          `${indent}{\n${inner.statements}\n${indent}  ${out} = ${inner.output};\n${indent}}`
        );
      }
    }
  }

  /** A closure constant, named by position only: nothing from the schema is spliced as code. */
  #bind<T>(prefix: string, list: T[], value: T): string {
    const name = `${prefix}${list.length}`;
    this.#preamble.push(`const ${name} = ${prefix === "f" ? "checks" : "constants"}[${list.length}];`);
    list.push(value);
    return name;
  }
}
