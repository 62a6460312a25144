// One case per structural rule (each provider's shape-rules.ts): the valid body of rule-case.ts,
// broken in one place, is reported by exactly that rule at exactly that pointer. Imported by
// lint-rules.test.ts, whose last test checks that every rule of every table has its case.
import assert from "node:assert/strict";
import { test } from "node:test";
import { lintBody } from "../../src/providers/shared/lint-body.ts";
import { broken, cleanTest, partsOf, ruleTest } from "./rule-case.ts";

// OpenAI Chat (openapi.json #/components/schemas/…)
ruleTest("openai-chat", "messages-not-empty", (body) => (body.messages = []), ["/messages"]);
ruleTest("openai-chat", "content-present", (body) => delete body.messages[3].content, ["/messages/3"]);
ruleTest("openai-chat", "tool-call-type", (body) => delete body.messages[2].tool_calls[0].type, ["/messages/2/tool_calls/0"]);
ruleTest("openai-chat", "tool-call-type", (body) => (body.messages[2].tool_calls[0].type = "fn"), ["/messages/2/tool_calls/0/type"]);
ruleTest("openai-chat", "call-name", (body) => (body.messages[2].tool_calls[0].function.name = ""), ["/messages/2/tool_calls/0/function/name"]);
ruleTest("openai-chat", "call-name", (body) => delete body.messages[2].tool_calls[0].function.name, ["/messages/2/tool_calls/0/function"]);
ruleTest("openai-chat", "tool-type", (body) => delete body.tools[0].type, ["/tools/0"]);

// OpenAI Responses
ruleTest("openai-responses", "output-present", (body) => delete body.input[2].output, ["/input/2"]);
ruleTest("openai-responses", "output-present", (body) => (body.input[2].output = { value: 1 }), ["/input/2/output"]);
ruleTest("openai-responses", "call-name", (body) => (body.input[1].name = ""), ["/input/1/name"]);
ruleTest("openai-responses", "tool-parameters", (body) => delete body.tools[0].parameters, ["/tools/0"]);

// Anthropic
ruleTest("anthropic", "max-tokens", (body) => delete body.max_tokens, [""]);
ruleTest("anthropic", "messages-not-empty", (body) => (body.messages = []), ["/messages"]);
ruleTest("anthropic", "empty-content", (body) => body.messages.splice(1, 2, { role: "assistant", content: [] }, { role: "user", content: "Go on." }), [
  "/messages/1/content",
]);
// The last assistant message may be an empty prefill: the API's own text excepts it.
cleanTest("anthropic", "empty-content: a final empty assistant message (a prefill)", (body) => body.messages.push({ role: "assistant", content: [] }));
ruleTest("anthropic", "tool-use-name", (body) => (body.messages[1].content[1].name = ""), ["/messages/1/content/1/name"]);
ruleTest("anthropic", "tool-use-name", (body) => (body.messages[1].content[1].name = "calc tool"), ["/messages/1/content/1/name"]);
ruleTest("anthropic", "input-schema-type", (body) => delete body.tools[0].input_schema.type, ["/tools/0/input_schema"]);
ruleTest("anthropic", "tool-result-content-type", (body) => (body.messages[2].content[0].content = [{ type: "tool_use", id: "x", name: "calc", input: {} }]), [
  "/messages/2/content/0/content/0",
]);
ruleTest(
  "anthropic",
  "image-media-type",
  (body) => body.messages[2].content.push({ type: "image", source: { type: "base64", media_type: "image/jpg", data: "AAAA" } }),
  ["/messages/2/content/2/source/media_type"],
);

// Gemini (gemini-schemas.json $defs google.ai.generativelanguage.v1beta.…)
ruleTest("gemini", "call-name", (body) => (body.contents[1].parts[1].functionCall.name = ""), ["/contents/1/parts/1/functionCall/name"]);
ruleTest("gemini", "response-name", (body) => (body.contents[2].parts[0].functionResponse.name = ""), ["/contents/2/parts/0/functionResponse/name"]);
ruleTest("gemini", "response-value", (body) => delete body.contents[2].parts[0].functionResponse.response, ["/contents/2/parts/0/functionResponse/response"]);
ruleTest("gemini", "response-value", (body) => (body.contents[2].parts[0].functionResponse.response = "1"), ["/contents/2/parts/0/functionResponse/response"]);
ruleTest("gemini", "part-without-data", (body) => (body.contents[1].parts[0] = { thought: true }), ["/contents/1/parts/0"]);
ruleTest("gemini", "part-one-data", (body) => (body.contents[0].parts[0].inlineData = { mimeType: "image/png", data: "AAAA" }), ["/contents/0/parts/0"]);
ruleTest("gemini", "empty-parts", (body) => (body.contents[0].parts = []), ["/contents/0/parts"]);
ruleTest("gemini", "inline-data-mime-type", (body) => body.contents[0].parts.push({ inlineData: { data: "AAAA" } }), ["/contents/0/parts/1/inlineData"]);

// Shape and pairing problems of one body come out of one run, each at its pointer.
test("a body's shape problems and its pairing problems are reported together", () => {
  const body = broken("anthropic", (value) => {
    value.messages[1].content[1].name = "";
    value.messages[2].content.shift();
    delete value.max_tokens;
  });
  assert.deepEqual(
    lintBody(body, partsOf("anthropic").rules)
      .map((finding) => `${finding.rule} ${finding.pointer}`)
      .sort(),
    ["max-tokens ", "tool-use-name /messages/1/content/1/name", "tool-use-without-result /messages/1/content/1"],
  );
});
