// OpenAI Chat wants a call's role:"tool" answer among the messages right after the assistant
// message that made it: an answer that arrives only after some other message (a user's, the
// assistant's next) answers nothing, and the API refuses the request. Lint must say so.
import assert from "node:assert/strict";
import { test } from "node:test";
import { lintBody } from "../../src/providers/shared/lint-body.ts";
import { broken, partsOf } from "./rule-case.ts";

const rules = partsOf("openai-chat").rules;

/** [rule, pointer] of every finding lint reports on `body`. */
function findings(body: unknown): [string, string][] {
  return lintBody(body, rules).map((finding) => [finding.rule, finding.pointer]);
}

test("Chat lint reports a call as unanswered when its tool message comes only after another message", () => {
  // The valid body ends: user, assistant with call_1, tool answering call_1.
  for (const [between, message] of [
    ["a user message", { role: "user", content: "hurry up" }],
    ["an assistant message", { role: "assistant", content: "still thinking" }],
    ["a system message", { role: "system", content: "be quick" }],
  ] as const) {
    const body = broken("openai-chat", (chat) => chat.messages.splice(3, 0, message));
    const found = findings(body);
    assert.ok(
      found.some(([rule, pointer]) => rule === "tool-call-unanswered" && pointer === "/messages/2/tool_calls/0"),
      `${between} between the call and its answer: ${JSON.stringify(found)}`,
    );
  }
});

test("Chat lint finds no unanswered call when the tool message comes right after the assistant message", () => {
  const body = broken("openai-chat", (chat) => chat.messages.push({ role: "user", content: "thanks" }));
  assert.deepEqual(
    findings(body).filter(([rule]) => rule === "tool-call-unanswered"),
    [],
  );
});
