// What a scripted reply may expect of the request it answers, when a live harness (serve) sends
// that request: results for named calls (answered at all, as an error or not, with some text),
// and tools it must declare. A mismatch is not the harness breaking a provider rule — the API
// would accept the request — but the learner's harness doing something other than the script
// assumed, so serve narrates it (in the run's language, serve-messages.ts) and answers with an
// error the harness can see (in English, as an API answers: `unmetText`).
import { contentText } from "../../narration/display-text.ts";
import type { Context, ToolResultMessage } from "../../protocol/types.ts";

export { type ReplyExpectation, type ResultExpectation, replyExpectationValue } from "../../fixture/conversation-format.ts";

import type { ReplyExpectation } from "../../fixture/conversation-format.ts";

/** A call as the harness knows it: the id it was served under, and the script's own when that differs. */
export interface HarnessCall {
  id: string;
  scriptId?: string;
}

/** One way the request differs from what the reply expects, as data (also what --json records). */
export type UnmetExpectation =
  | { kind: "noResult"; call: HarnessCall }
  | { kind: "isError"; call: HarnessCall; found: boolean; expected: boolean }
  /** `text`: the expected text, as JSON. */
  | { kind: "missingText"; call: HarnessCall; text: string }
  | { kind: "undeclaredTool"; name: string };

/** Each way the request differs from what the reply expects (empty: it fits). `name` gives a
 *  scripted call id as the harness knows it (serve's served id for a scripted one). */
export function unmetExpectations(
  expectation: ReplyExpectation | undefined,
  context: Context,
  name: (id: string) => HarnessCall = (id) => ({ id }),
): UnmetExpectation[] {
  if (!expectation) return [];
  const problems: UnmetExpectation[] = [];
  const results = new Map<string, ToolResultMessage>();
  for (const message of context.messages) if (message.role === "toolResult") results.set(message.toolCallId, message);
  for (const expected of expectation.results ?? []) {
    const result = results.get(expected.toolCallId);
    const call = name(expected.toolCallId);
    if (!result) {
      problems.push({ kind: "noResult", call });
      continue;
    }
    if (expected.isError !== undefined && result.isError !== expected.isError)
      problems.push({ kind: "isError", call, found: result.isError, expected: expected.isError });
    if (expected.contentIncludes !== undefined && !contentText(result.content).includes(expected.contentIncludes)) {
      problems.push({ kind: "missingText", call, text: JSON.stringify(expected.contentIncludes) });
    }
  }
  const declared = new Set((context.tools ?? []).map((tool) => tool.name));
  for (const name of expectation.tools ?? []) if (!declared.has(name)) problems.push({ kind: "undeclaredTool", name });
  return problems;
}

/** The API answer's words for one problem: English, like every error text a provider sends. */
export function unmetText(problem: UnmetExpectation): string {
  switch (problem.kind) {
    case "noResult":
      return `no result for call ${callText(problem.call)}`;
    case "isError":
      return `the result for ${callText(problem.call)} has isError ${problem.found}, expected ${problem.expected}`;
    case "missingText":
      return `the result for ${callText(problem.call)} does not contain ${problem.text}`;
    case "undeclaredTool":
      return `tool ${problem.name} is not declared`;
  }
}

function callText(call: HarnessCall): string {
  return call.scriptId === undefined ? call.id : `${call.id} (script: ${call.scriptId})`;
}
