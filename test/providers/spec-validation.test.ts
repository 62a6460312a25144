// Every request body the project renders, and every error body it serves, against the providers'
// published schemas: always against the project's own copy of what they require (spec-subset.ts,
// each part citing its spec path), and, where ../shared/specs is present, against the full specs
// too — OpenAI's openapi.json (CreateChatCompletionRequest, CreateResponse, ErrorResponse) and
// Gemini's v1beta protos (gemini-schemas.json GenerateContentRequest). The bodies: every request
// of every fixture and 300 random histories (the import round trip's generator), for each provider.
// Where a spec is provably looser or older than the API, docs/specs.md says so, with the evidence.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import fc from "fast-check";
import { projectRoot } from "../../scripts/goldens.ts";
import { loadAllParts, type ProviderId, providerIds } from "../../src/providers/registry.ts";
import type { ErrorKind } from "../../src/providers/shared/error-kind.ts";
import { renderWireRequest } from "../../src/wire.ts";
import { history } from "../import/import-histories.ts";
import { propertyRuns } from "../property-runs.ts";
import { fixtureSamples } from "./fixture-samples.ts";
import { errorSchemas, requestSchemas } from "./spec-subset.ts";

const partsOf = await loadAllParts();
const kinds: ErrorKind[] = ["invalid", "notFound", "tooLarge", "internal"];

const contexts = [...(await fixtureSamples()).map((sample) => ({ name: sample.name, context: sample.context }))];
fc.sample(history, { numRuns: propertyRuns(300), seed: 23 }).forEach((context, index) => contexts.push({ name: `random history ${index}`, context }));

/** Every distinct body rendered for `provider`. */
function bodies(provider: ProviderId): { name: string; body: unknown }[] {
  const seen = new Set<string>();
  const found: { name: string; body: unknown }[] = [];
  for (const { name, context } of contexts) {
    const text = JSON.stringify(renderWireRequest(provider, context).body);
    if (seen.has(text)) continue;
    seen.add(text);
    found.push({ name, body: JSON.parse(text) });
  }
  return found;
}

function failures(validate: ValidateFunction, items: { name: string; body: unknown }[]): string[] {
  return items.flatMap(({ name, body }) => (validate(body) ? [] : [`${name}: ${JSON.stringify(validate.errors?.slice(0, 3))}`]));
}

const ajv = new Ajv2020({ strict: false, allErrors: false });

for (const provider of providerIds) {
  test(`${provider}: every rendered request body keeps what the spec requires (project's own copy)`, () => {
    const items = bodies(provider);
    assert.ok(items.length > 100, `${items.length} bodies`);
    assert.deepEqual(failures(ajv.compile(requestSchemas[provider]), items), []);
  });
  test(`${provider}: every error body serve answers with keeps the documented shape (project's own copy)`, () => {
    const validate = ajv.compile(errorSchemas[provider]);
    assert.deepEqual(
      failures(
        validate,
        kinds.map((kind) => ({ name: kind, body: partsOf(provider).response.error(kind, "a message") })),
      ),
      [],
    );
  });
}

test("the project's copies are not vacuous: a body broken where the spec is strict is refused", () => {
  const broken: [ProviderId, unknown][] = [
    ["openai-chat", { model: "m", messages: [] }],
    ["openai-chat", { model: "m", messages: [{ role: "assistant", content: null, tool_calls: [{ id: "c", function: { name: "f", arguments: "{}" } }] }] }],
    ["openai-responses", { model: "m", input: [{ type: "function_call_output", call_id: "c".repeat(65), output: "1" }] }],
    ["openai-responses", { model: "m", tools: [{ type: "function", name: "f", parameters: {} }] }],
    ["gemini", { contents: [{ role: "user", parts: [{ text: "a", functionCall: { name: "f" } }] }] }],
    ["gemini", { contents: [{ role: "user", parts: [{ functionResponse: { name: "f" } }] }] }],
    ["gemini", { contents: [{ role: "user", parts: [{ text: "a" }], extra: 1 }] }],
    ["anthropic", { model: "m", messages: [{ role: "user", content: "a" }] }],
  ];
  for (const [provider, body] of broken) assert.equal(ajv.validate(requestSchemas[provider], body), false, `${provider} ${JSON.stringify(body)}`);
});

// The full specs, where ../shared/specs is present (sources and licences in its README).
const specs = `${projectRoot}/../shared/specs`;
const haveSpecs = existsSync(`${specs}/openai/openapi.json`) && existsSync(`${specs}/google/gemini-schemas.json`);

/**
 * openapi.json as plain JSON Schema: OpenAPI 3.0's `nullable` as a null branch; `discriminator`
 * left to the oneOf it annotates. One oneOf is read as anyOf, because the spec's own branches
 * overlap there (docs/specs.md): InputItem, where a message item with a content list is both an
 * EasyInputMessage and an InputMessage.
 */
function openapiComponents(): { schemas: Record<string, Record<string, unknown>> } {
  const document: { components: { schemas: Record<string, Record<string, unknown>> } } = JSON.parse(
    readFileSync(`${specs}/openai/openapi.json`, "utf8"),
    (_key, value: unknown) => {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
      const { nullable, discriminator: _discriminator, ...rest } = value as Record<string, unknown>;
      return nullable === true ? { anyOf: [rest, { type: "null" }] } : rest;
    },
  );
  const inputItem = document.components.schemas.InputItem;
  assert.ok(inputItem?.oneOf, "InputItem is a oneOf");
  inputItem.anyOf = inputItem.oneOf;
  delete inputItem.oneOf;
  return document.components;
}

test("against the full specs in ../shared/specs: every rendered request body and error body validates", {
  skip: !haveSpecs && "no ../shared/specs here",
}, () => {
  const full = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  full.addSchema({ $id: "openai", components: openapiComponents() });
  full.addSchema({ $id: "gemini", $defs: JSON.parse(readFileSync(`${specs}/google/gemini-schemas.json`, "utf8")).schemas.gemini.$defs });
  const schema = (ref: string): ValidateFunction => {
    const validate = full.getSchema(ref);
    assert.ok(validate, ref);
    return validate;
  };
  const requests: [ProviderId, string][] = [
    ["openai-chat", "openai#/components/schemas/CreateChatCompletionRequest"],
    ["openai-responses", "openai#/components/schemas/CreateResponse"],
    ["gemini", "gemini#/$defs/google.ai.generativelanguage.v1beta.GenerateContentRequest"],
  ];
  for (const [provider, ref] of requests) assert.deepEqual(failures(schema(ref), bodies(provider)), [], provider);
  const openaiError = schema("openai#/components/schemas/ErrorResponse");
  for (const provider of ["openai-chat", "openai-responses"] as const) {
    assert.deepEqual(
      failures(
        openaiError,
        kinds.map((kind) => ({ name: kind, body: partsOf(provider).response.error(kind, "a message") })),
      ),
      [],
      provider,
    );
  }
});
