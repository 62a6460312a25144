// Every body and stream event serve answers with, against the providers' published schemas: the
// reply of every scripted turn of every fixture, plain and as its stream (the reply's own plan),
// and every error body, rendered by the same provider parts serve calls. The project's own checks
// below hold on a fresh clone; each states a constraint of the spec it cites. Where the specs are
// at hand (../shared/specs/, beside the project), the whole of each body is validated against them
// as well: OpenAI's openapi.json (openai/openai-openapi 2.3.0) for Chat and Responses, the Gemini
// v1beta schemas derived from Google's protos for generateContent. Anthropic publishes no spec
// that may be kept here, and Google's error body (google.rpc.Status) is not among the protos the
// schemas were derived from; those answers are checked by the SDK-driven tests.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { FakeModel } from "../../src/agent/fake-model.ts";
import { streamSteps } from "../../src/agent/stream-plan.ts";
import { scriptReplies } from "../../src/fixture/conversation-format.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import { isRecord } from "../../src/json/is-record.ts";
import type { AssistantStreamEvent } from "../../src/protocol/stream-events.ts";
import { loadAllParts, type ProviderId } from "../../src/providers/registry.ts";
import type { ErrorKind } from "../../src/providers/shared/error-kind.ts";
import type { ServedMeta } from "../../src/providers/shared/served-reply.ts";
import { textReplyEvents } from "./text-reply-events.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const specs = join(root, "..", "shared", "specs");
const meta: ServedMeta = { model: "gpt-4o", usage: { input: 30, output: 7 }, includeUsage: true, requestId: "req_1" };

interface Served {
  provider: ProviderId;
  /** "response", "chunk" (a stream event's data) or "error". */
  kind: "response" | "chunk" | "error";
  where: string;
  data: unknown;
}

/** Everything serve would answer for every fixture's scripted replies. */
async function servedBodies(): Promise<Served[]> {
  const partsOf = await loadAllParts();
  const providers: ProviderId[] = ["openai-chat", "openai-responses", "anthropic", "gemini"];
  const served: Served[] = [];
  const files = readdirSync(join(root, "fixtures")).filter((name) => name.endsWith(".json"));
  for (const file of files) {
    const fixture = await loadFixture(join(root, "fixtures", file));
    for (const [episode, { script }] of fixture.episodes.entries()) {
      for (const [index, reply] of scriptReplies(script).entries()) {
        // A one-reply FakeModel gives the reply its stop reason, as serve's exchange does.
        const message = await new FakeModel([reply], { now: () => 0, recordRequests: false }).complete({ messages: [] });
        const events = streamSteps(message, reply.stream).flatMap((step): AssistantStreamEvent[] => (step.kind === "event" ? [step.event] : []));
        const at = { conversation: 1, turn: index + 1 };
        for (const provider of providers) {
          const parts = partsOf(provider);
          const where = `${file} episode ${episode + 1} reply ${index + 1}`;
          served.push({ provider, kind: "response", where, data: parts.response.render(message, at, meta) });
          for (const [number, frame] of parts.stream.serve(events, at, meta).entries())
            served.push({ provider, kind: "chunk", where: `${where} event ${number + 1}`, data: frame.data });
        }
      }
    }
  }
  for (const provider of providers) {
    for (const kind of ["invalid", "notFound", "tooLarge", "internal"] satisfies ErrorKind[]) {
      served.push({ provider, kind: "error", where: `error ${kind}`, data: partsOf(provider).response.error(kind, "a message", "req_1") });
    }
  }
  return served;
}

const bodies = await servedBodies();
const of = (provider: ProviderId, kind: Served["kind"]) => bodies.filter((body) => body.provider === provider && body.kind === kind);

/** Every `output_text` part anywhere in a Responses body or event. */
function outputTextParts(value: unknown, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const item of value) outputTextParts(item, found);
  else if (isRecord(value)) {
    if (value.type === "output_text") found.push(value);
    for (const field of Object.values(value)) outputTextParts(field, found);
  }
  return found;
}

test("Responses: every output_text part carries type, text, annotations and logprobs; no body carries the SDK-only output_text", () => {
  // openapi.json components.schemas.OutputTextContent.required: ["type","text","annotations","logprobs"];
  // components.schemas.Response.properties.output_text: "SDK-only convenience property".
  const responses = [...of("openai-responses", "response"), ...of("openai-responses", "chunk")];
  let parts = 0;
  for (const { where, data } of responses) {
    for (const part of outputTextParts(data)) {
      parts++;
      for (const key of ["type", "text", "annotations", "logprobs"]) assert.ok(key in part, `${where}: output_text without ${key}`);
    }
    const response = isRecord(data) && data.object === "response" ? data : isRecord(data) && isRecord(data.response) ? data.response : undefined;
    if (response) assert.ok(!("output_text" in response), `${where}: output_text in the response object`);
  }
  assert.ok(parts > 0);
});

test("usage is in every answer, in each provider's shape, with counts", () => {
  // openapi.json CreateChatCompletionResponse.usage (CompletionUsage: prompt_tokens, completion_tokens,
  // total_tokens required); Response.usage (ResponseUsage); Gemini GenerateContentResponse.usageMetadata.
  for (const { where, data } of of("openai-chat", "response")) assert.ok(isRecord(data) && isRecord(data.usage) && data.usage.total_tokens === 37, where);
  for (const { where, data } of of("openai-responses", "response")) assert.ok(isRecord(data) && isRecord(data.usage) && data.usage.total_tokens === 37, where);
  for (const { where, data } of of("anthropic", "response")) assert.ok(isRecord(data) && isRecord(data.usage) && data.usage.output_tokens === 7, where);
  for (const { where, data } of of("gemini", "response"))
    assert.ok(isRecord(data) && isRecord(data.usageMetadata) && data.usageMetadata.totalTokenCount === 37, where);
  // Streams: Chat's last chunk before [DONE] (include_usage), Responses' completed event, Gemini's last chunk.
  const chatUsage = of("openai-chat", "chunk").filter(({ data }) => isRecord(data) && isRecord(data.usage));
  assert.ok(chatUsage.length > 0 && chatUsage.every(({ data }) => isRecord(data) && Array.isArray(data.choices) && data.choices.length === 0));
  const completed = of("openai-responses", "chunk").filter(({ data }) => isRecord(data) && data.type === "response.completed");
  assert.ok(completed.length > 0 && completed.every(({ data }) => isRecord(data) && isRecord(data.response) && isRecord(data.response.usage)));
  assert.ok(of("gemini", "chunk").some(({ data }) => isRecord(data) && isRecord(data.usageMetadata)));
});

test("Chat streams its usage chunk only when stream_options.include_usage asks for it", async () => {
  // https://platform.openai.com/docs/api-reference/chat/create, stream_options.include_usage: "an
  // additional chunk will be streamed before the data: [DONE] message" — none without it.
  const chat = (await loadAllParts())("openai-chat");
  const events = textReplyEvents("hi");
  const at = { conversation: 1, turn: 1 };
  const without = chat.stream.serve(events, at, { ...meta, includeUsage: false });
  assert.ok(
    without.every(({ data }) => !isRecord(data) || !("usage" in data)),
    JSON.stringify(without),
  );
  const asked = chat.stream.serve(events, at, meta);
  assert.equal(asked.length, without.length + 1);
  assert.deepEqual(asked.at(-2)?.data, {
    id: "chatcmpl-0000000000000000000000000c1t1",
    object: "chat.completion.chunk",
    created: 0,
    model: "gpt-4o",
    choices: [],
    usage: { prompt_tokens: 30, completion_tokens: 7, total_tokens: 37 },
  });
});

test("the model the request named is echoed; Anthropic text blocks carry no citations; its error bodies name the request", () => {
  for (const provider of ["openai-chat", "openai-responses", "anthropic"] as const) {
    for (const { where, data } of of(provider, "response")) assert.equal(isRecord(data) && data.model, "gpt-4o", where);
  }
  for (const { where, data } of of("gemini", "response")) assert.equal(isRecord(data) && data.modelVersion, "gpt-4o", where);
  for (const { where, data } of of("anthropic", "response")) {
    const content = isRecord(data) && Array.isArray(data.content) ? data.content : [];
    for (const block of content) if (isRecord(block) && block.type === "text") assert.ok(!("citations" in block), where);
  }
  for (const { where, data } of of("anthropic", "error")) assert.equal(isRecord(data) && data.request_id, "req_1", where);
});

// OpenAI's document says OpenAPI 3.1.0 but marks nullable fields with 3.0's `nullable: true`
// (e.g. CreateChatCompletionStreamResponse choices[].finish_reason, which the API streams as null
// until the last chunk): read as 3.0 reads it, a type that also admits null.
function openAPINullable(_key: string, value: unknown): unknown {
  if (!isRecord(value) || !("nullable" in value)) return value;
  const { nullable, ...rest } = value;
  if (nullable !== true) return rest;
  if (typeof rest.type === "string") return { ...rest, type: [rest.type, "null"], ...(Array.isArray(rest.enum) ? { enum: [...rest.enum, null] } : {}) };
  return { anyOf: [rest, { type: "null" }] };
}

test("with ../shared/specs: every Chat, Responses and Gemini body and event validates against the published schema", {
  skip: !existsSync(specs) && "../shared/specs is not here",
}, () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema({ ...JSON.parse(readFileSync(join(specs, "openai", "openapi.json"), "utf8"), openAPINullable), $id: "openai" });
  const gemini: unknown = JSON.parse(readFileSync(join(specs, "google", "gemini-schemas.json"), "utf8"));
  assert.ok(isRecord(gemini) && isRecord(gemini.schemas) && isRecord(gemini.schemas.gemini));
  ajv.addSchema({ $id: "gemini", $defs: gemini.schemas.gemini.$defs });
  const schema = (ref: string) => {
    const validate = ajv.getSchema(ref);
    assert.ok(validate, ref);
    return validate;
  };
  const checks: [ProviderId, Served["kind"], string, (data: unknown) => boolean][] = [
    ["openai-chat", "response", "openai#/components/schemas/CreateChatCompletionResponse", () => true],
    // The stream's `[DONE]` is not JSON, and an error mid-stream is an error body, not a chunk.
    ["openai-chat", "chunk", "openai#/components/schemas/CreateChatCompletionStreamResponse", (data) => isRecord(data) && !("error" in data)],
    ["openai-chat", "error", "openai#/components/schemas/ErrorResponse", () => true],
    ["openai-responses", "response", "openai#/components/schemas/Response", () => true],
    ["openai-responses", "chunk", "openai#/components/schemas/ResponseStreamEvent", () => true],
    ["openai-responses", "error", "openai#/components/schemas/ErrorResponse", () => true],
    ["gemini", "response", "gemini#/$defs/google.ai.generativelanguage.v1beta.GenerateContentResponse", () => true],
    ["gemini", "chunk", "gemini#/$defs/google.ai.generativelanguage.v1beta.GenerateContentResponse", (data) => isRecord(data) && !("error" in data)],
  ];
  for (const [provider, kind, ref, applies] of checks) {
    const validate = schema(ref);
    const checked = of(provider, kind).filter(({ data }) => applies(data));
    assert.ok(checked.length > 0, `${provider} ${kind}: nothing to check`);
    for (const { where, data } of checked) assert.ok(validate(data), `${provider} ${kind} ${where}: ${ajv.errorsText(validate.errors)}`);
  }
});
