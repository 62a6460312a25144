// One test per rule of every provider's table: a body that keeps every rule, changed in one place,
// is reported by exactly that rule at exactly that pointer (the pairing rules here, the spec's
// structural constraints in shape-rule-cases.ts). A last test checks that no rule of any table
// goes without its test.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { renderRuleTable } from "../../scripts/lint-rules-table.ts";
import { providerIds } from "../../src/providers/registry.ts";
import { lintBody } from "../../src/providers/shared/lint-body.ts";
import { broken, cleanTest, partsOf, ruleTest, tested, valid } from "./rule-case.ts";
import "./shape-rule-cases.ts";

test("each valid body keeps every rule of its table", () => {
  for (const provider of providerIds) assert.deepEqual(lintBody(valid[provider], partsOf(provider).rules), [], provider);
});

// OpenAI Chat
ruleTest("openai-chat", "tool-call-unanswered", (body) => body.messages.pop(), ["/messages/2/tool_calls/0"]);
ruleTest("openai-chat", "tool-message-without-call", (body) => body.messages.push({ role: "tool", tool_call_id: "call_9", content: "?" }), ["/messages/4"]);
ruleTest(
  "openai-chat",
  "call-id-too-long",
  (body) => {
    body.messages[2].tool_calls[0].id = "c".repeat(41);
    body.messages[3].tool_call_id = "c".repeat(41);
  },
  ["/messages/2/tool_calls/0/id"],
);
ruleTest(
  "openai-chat",
  "duplicate-call-id",
  (body) => {
    body.messages[2].tool_calls.push({ id: "call_1", type: "function", function: { name: "calc", arguments: '{"a":2}' } });
    body.messages.push({ role: "tool", tool_call_id: "call_1", content: "2" });
  },
  ["/messages/2/tool_calls/1/id"],
);
ruleTest("openai-chat", "tool-name", (body) => (body.tools[0].function.name = "calc!"), ["/tools/0/function/name"]);
ruleTest("openai-chat", "arguments-not-string", (body) => (body.messages[2].tool_calls[0].function.arguments = { a: 1 }), [
  "/messages/2/tool_calls/0/function/arguments",
]);
ruleTest("openai-chat", "arguments-not-object", (body) => (body.messages[2].tool_calls[0].function.arguments = "[1]"), [
  "/messages/2/tool_calls/0/function/arguments",
]);
ruleTest("openai-chat", "role", (body) => (body.messages[1].role = "human"), ["/messages/1/role"]);

// OpenAI Responses
ruleTest("openai-responses", "call-without-output", (body) => body.input.pop(), ["/input/1"]);
ruleTest("openai-responses", "output-without-call", (body) => body.input.push({ type: "function_call_output", call_id: "call_9", output: "?" }), ["/input/3"]);
ruleTest("openai-responses", "item-between-call-and-output", (body) => body.input.splice(2, 0, { type: "message", role: "assistant", content: "Done." }), [
  "/input/2",
]);
ruleTest(
  "openai-responses",
  "call-id-too-long",
  (body) => {
    body.input[1].call_id = "c".repeat(65);
    body.input[2].call_id = "c".repeat(65);
  },
  ["/input/1/call_id", "/input/2/call_id"],
);
ruleTest(
  "openai-responses",
  "duplicate-call-id",
  (body) => {
    body.input.splice(2, 0, { type: "function_call", call_id: "call_1", name: "calc", arguments: '{"a":2}' });
    body.input.push({ type: "function_call_output", call_id: "call_1", output: "2" });
  },
  ["/input/2/call_id"],
);
ruleTest("openai-responses", "tool-name", (body) => (body.tools[0].name = "calc.v2"), ["/tools/0/name"]);
ruleTest("openai-responses", "arguments-not-string", (body) => (body.input[1].arguments = { a: 1 }), ["/input/1/arguments"]);
ruleTest("openai-responses", "arguments-not-object", (body) => (body.input[1].arguments = "1"), ["/input/1/arguments"]);
ruleTest("openai-responses", "role", (body) => (body.input[0].role = "tool"), ["/input/0/role"]);

// Anthropic
ruleTest("anthropic", "tool-use-without-result", (body) => body.messages[2].content.shift(), ["/messages/1/content/1"]);
ruleTest(
  "anthropic",
  "result-without-tool-use",
  (body) => body.messages[2].content.splice(1, 0, { type: "tool_result", tool_use_id: "call_9", content: "?", is_error: false }),
  ["/messages/2/content/1"],
);
ruleTest("anthropic", "results-not-first", (body) => body.messages[2].content.reverse(), ["/messages/2/content/1"]);
ruleTest(
  "anthropic",
  "duplicate-tool-use-id",
  (body) => {
    body.messages[1].content.push({ type: "tool_use", id: "call_1", name: "calc", input: { a: 2 } });
    body.messages[2].content.splice(1, 0, { type: "tool_result", tool_use_id: "call_1", content: "2", is_error: false });
  },
  ["/messages/1/content/2/id"],
);
ruleTest(
  "anthropic",
  "tool-use-id-pattern",
  (body) => {
    body.messages[1].content[1].id = "call_abc|fc_1";
    body.messages[2].content[0].tool_use_id = "call_abc|fc_1";
  },
  ["/messages/1/content/1/id", "/messages/2/content/0/tool_use_id"],
);
ruleTest("anthropic", "tool-name", (body) => (body.tools[0].name = "calc tool"), ["/tools/0/name"]);
ruleTest("anthropic", "input-not-object", (body) => (body.messages[1].content[1].input = [1, 2]), ["/messages/1/content/1/input"]);
ruleTest("anthropic", "blank-text", (body) => (body.messages[1].content[0].text = " "), ["/messages/1/content/0/text"]);
ruleTest("anthropic", "error-result-empty", (body) => Object.assign(body.messages[2].content[0], { content: "", is_error: true }), ["/messages/2/content/0"]);
ruleTest("anthropic", "role", (body) => (body.messages[0].role = "system"), ["/messages/0/role"]);
// A call whose arguments break the declared schema, answered by a result not flagged as an error:
// the harness ran it. `is_error` absent means false (ToolResultBlockParam.is_error is optional).
ruleTest("anthropic", "arguments-schema", (body) => (body.messages[1].content[1].input = { a: "one" }), ["/messages/1/content/1/input"]);
cleanTest("anthropic", "arguments-schema: the same call answered with is_error: true (the harness refused it)", (body) => {
  body.messages[1].content[1].input = { a: "one" };
  Object.assign(body.messages[2].content[0], { content: "a: expected number", is_error: true });
});
test("anthropic/arguments-schema: is_error absent counts as a run", () => {
  const findings = lintBody(
    broken("anthropic", (body) => {
      body.messages[1].content[1].input = { a: "one" };
      delete body.messages[2].content[0].is_error;
    }),
    partsOf("anthropic").rules,
  );
  assert.deepEqual(
    findings.map((finding) => [finding.rule, finding.pointer]),
    [["arguments-schema", "/messages/1/content/1/input"]],
  );
});
// "128" for a number is what the coerce policy (Pi's, and this project's) converts before running.
cleanTest("anthropic", "arguments-schema: a value the lenient policy converts", (body) => (body.messages[1].content[1].input = { a: "1" }));

// Gemini
ruleTest("gemini", "call-response-count", (body) => (body.contents[2].parts = [{ text: "Go on." }]), ["/contents/1"]);
ruleTest(
  "gemini",
  "response-without-call",
  (body) => body.contents.push({ role: "user", parts: [{ functionResponse: { name: "calc", id: "call_9", response: { output: "?" } } }] }),
  ["/contents/3"],
);
ruleTest("gemini", "call-turn-position", (body) => body.contents.splice(1, 0, { role: "model", parts: [{ text: "Hmm." }] }), ["/contents/2"]);
ruleTest("gemini", "function-name", (body) => (body.tools[0].functionDeclarations[0].name = "1calc"), ["/tools/0/functionDeclarations/0/name"]);
ruleTest("gemini", "args-not-object", (body) => (body.contents[1].parts[1].functionCall.args = "a=1"), ["/contents/1/parts/1/functionCall/args"]);
ruleTest("gemini", "empty-text", (body) => (body.contents[1].parts[0].text = ""), ["/contents/1/parts/0/text"]);
ruleTest("gemini", "blank-text", (body) => (body.contents[1].parts[0].text = "\n "), ["/contents/1/parts/0/text"]);
ruleTest("gemini", "role", (body) => (body.contents[0].role = "system"), ["/contents/0/role"]);
ruleTest(
  "gemini",
  "duplicate-call-id",
  (body) => {
    body.contents[1].parts.push({ functionCall: { name: "calc", args: { a: 2 }, id: "call_1" } });
    body.contents[2].parts.push({ functionResponse: { name: "calc", id: "call_1", response: { output: "2" } } });
  },
  ["/contents/1/parts/2/functionCall/id"],
);
ruleTest(
  "gemini",
  "call-id-charset",
  (body) => {
    body.contents[1].parts[1].functionCall.id = "call_abc|fc_A+/=";
    body.contents[2].parts[0].functionResponse.id = "call_abc|fc_A+/=";
  },
  ["/contents/1/parts/1/functionCall/id", "/contents/2/parts/0/functionResponse/id"],
);
// Answered by `response.output`: run. Answered by `response.error`: refused, nothing to report.
ruleTest("gemini", "arguments-schema", (body) => (body.contents[1].parts[1].functionCall.args = { b: 1 }), ["/contents/1/parts/1/functionCall/args"]);
cleanTest("gemini", "arguments-schema: the same call answered with response.error (the harness refused it)", (body) => {
  body.contents[1].parts[1].functionCall.args = { b: 1 };
  body.contents[2].parts[0].functionResponse.response = { error: "missing a" };
});
test("gemini/arguments-schema: calls without ids are paired with the responses of their name, in order", () => {
  const findings = lintBody(
    broken("gemini", (body) => {
      body.contents[1].parts.push({ functionCall: { name: "calc", args: { b: 2 } } });
      body.contents[1].parts[1].functionCall = { name: "calc", args: { b: 1 } };
      body.contents[2].parts = [
        { functionResponse: { name: "calc", response: { error: "missing a" } } },
        { functionResponse: { name: "calc", response: { output: "2" } } },
      ];
    }),
    partsOf("gemini").rules,
  );
  assert.deepEqual(
    findings.map((finding) => [finding.rule, finding.pointer]),
    [["arguments-schema", "/contents/1/parts/2/functionCall/args"]],
  );
});

// OpenAI results carry no error flag: a refused call and a run one look the same, so the tables
// leave arguments-schema out (and the table in docs/lint.md says why) rather than claim either way.
cleanTest(
  "openai-chat",
  "arguments-schema is not checked: a result has no error flag",
  (body) => (body.messages[2].tool_calls[0].function.arguments = '{"a":"one"}'),
);
cleanTest("openai-responses", "arguments-schema is not checked: a result has no error flag", (body) => (body.input[1].arguments = "{}"));
for (const provider of ["openai-chat", "openai-responses"] as const) {
  test(`${provider}: the table records arguments-schema as not checked, with why`, async () => {
    assert.deepEqual(
      partsOf(provider).rules.unchecked?.map((rule) => rule.id),
      ["arguments-schema"],
    );
    assert.match(await renderRuleTable(), new RegExp(`\\| \`${provider}\` \\| \`arguments-schema\` \\(not checked\\) \\|.*no error flag`));
  });
}

test("every rule of every table has its test above", () => {
  for (const provider of providerIds) {
    assert.deepEqual(
      [...(tested.get(provider) ?? [])].sort(),
      partsOf(provider)
        .rules.rules.map((rule) => rule.id)
        .sort(),
      provider,
    );
  }
});

test("a finding carries the provider's own error text, filled in, and the fix", () => {
  const [finding] = lintBody(
    broken("anthropic", (body) => body.messages[2].content.shift()),
    partsOf("anthropic").rules,
  );
  assert.equal(
    finding?.message,
    "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: call_1. Each `tool_use` block must have a corresponding `tool_result` block in the next message.",
  );
  assert.equal(finding?.providerText, true);
  assert.match(finding?.fix ?? "", /tool_result/);
});

test("every rule states a source, and a provider text only where one was found", () => {
  for (const provider of providerIds) {
    for (const rule of partsOf(provider).rules.rules) {
      assert.ok(rule.source.length > 0, `${provider}/${rule.id}`);
      // A rule without a provider text says so in its source and has a message of its own.
      if (rule.providerError === undefined) {
        assert.match(rule.source, /none (found|needed)|no public (error text|report)/i, `${provider}/${rule.id}`);
        assert.ok(rule.message, `${provider}/${rule.id}`);
      } else assert.match(rule.source, /https:\/\//, `${provider}/${rule.id}`);
    }
  }
});

test("docs/lint.md's rule table is the one the tables generate", async () => {
  assert.ok(readFileSync(join(projectRoot, "docs/lint.md"), "utf8").includes(await renderRuleTable()), "regenerate it with npm run lint-rules");
});
