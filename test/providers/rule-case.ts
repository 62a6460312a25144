// What every rule test shares: a body of each provider that keeps every rule (typed by the
// provider's SDK), a way to break it in one place, and the tests "this rule alone, at exactly
// these pointers" and "nothing at all". lint-rules.test.ts registers the pairing rules' cases and
// shape-rule-cases.ts the spec's structural constraints; `tested` lets one test check that no rule
// of any table goes without its case.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { MessageCreateParamsNonStreaming } from "@anthropic-ai/sdk/resources/messages";
import type { ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import type { ResponseCreateParamsNonStreaming } from "openai/resources/responses/responses";
import { loadAllParts, type ProviderId, providerIds } from "../../src/providers/registry.ts";
import { lintBody } from "../../src/providers/shared/lint-body.ts";
import type { GeminiGenerateContentBody } from "../../src/wire.ts";

export const partsOf = await loadAllParts();

export type Json = Record<string, unknown>;
const schema = { type: "object" as const, properties: { a: { type: "number" } }, required: ["a"] };

// The valid bodies are typed by the providers' SDKs (the same oracle as test/providers/wire-types.test.ts):
// tsc proves each is a request the SDK would build, before the rules call it clean.
const chat: ChatCompletionCreateParamsNonStreaming = {
  model: "m",
  messages: [
    { role: "system", content: "Be brief." },
    { role: "user", content: "1?" },
    { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "calc", arguments: '{"a":1}' } }] },
    { role: "tool", tool_call_id: "call_1", content: "1" },
  ],
  tools: [{ type: "function", function: { name: "calc", description: "d", parameters: schema } }],
};
const responses: ResponseCreateParamsNonStreaming = {
  model: "m",
  instructions: "Be brief.",
  input: [
    { type: "message", role: "user", content: "1?" },
    { type: "function_call", call_id: "call_1", name: "calc", arguments: '{"a":1}' },
    { type: "function_call_output", call_id: "call_1", output: "1" },
  ],
  tools: [{ type: "function", name: "calc", description: "d", parameters: schema, strict: false }],
};
const anthropic: MessageCreateParamsNonStreaming = {
  model: "m",
  max_tokens: 1024,
  system: "Be brief.",
  messages: [
    { role: "user", content: "1?" },
    {
      role: "assistant",
      content: [
        { type: "text", text: "Checking." },
        { type: "tool_use", id: "call_1", name: "calc", input: { a: 1 } },
      ],
    },
    {
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "call_1", content: "1", is_error: false },
        { type: "text", text: "And now?" },
      ],
    },
  ],
  tools: [{ name: "calc", description: "d", input_schema: schema }],
};
const gemini: GeminiGenerateContentBody = {
  systemInstruction: { parts: [{ text: "Be brief." }] },
  contents: [
    { role: "user", parts: [{ text: "1?" }] },
    { role: "model", parts: [{ text: "Checking." }, { functionCall: { name: "calc", args: { a: 1 }, id: "call_1" } }] },
    { role: "user", parts: [{ functionResponse: { name: "calc", id: "call_1", response: { output: "1" } } }] },
  ],
  tools: [{ functionDeclarations: [{ name: "calc", description: "d", parametersJsonSchema: schema }] }],
};

export const valid: { [P in ProviderId]: unknown } = { "openai-chat": chat, "openai-responses": responses, anthropic, gemini };

/** A deep copy of the provider's valid body, changed by `change` (which gets loosely typed access). */
// biome-ignore lint/suspicious/noExplicitAny: a test breaks a body by writing into it at any depth; typing each write would take a cast per line.
export type Writable = any;

export function broken(provider: ProviderId, change: (body: Writable) => void): Json {
  const body = JSON.parse(JSON.stringify(valid[provider]));
  change(body);
  return body;
}

export const tested = new Map<ProviderId, Set<string>>(providerIds.map((provider) => [provider, new Set()]));

/** One test: `rule` alone, at exactly `pointers`. */
export function ruleTest(provider: ProviderId, rule: string, change: (body: Writable) => void, pointers: string[]): void {
  tested.get(provider)?.add(rule);
  test(`${provider}/${rule}`, () => {
    const findings = lintBody(broken(provider, change), partsOf(provider).rules);
    assert.deepEqual(
      findings.map((finding) => [finding.rule, finding.pointer]),
      pointers.map((pointer) => [rule, pointer]),
    );
  });
}

/** One test: `change` breaks a rule's letter but not what it guards; nothing is reported. */
export function cleanTest(provider: ProviderId, name: string, change: (body: Writable) => void): void {
  test(`${provider}/${name}`, () => assert.deepEqual(lintBody(broken(provider, change), partsOf(provider).rules), []));
}
