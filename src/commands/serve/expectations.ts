// What a scripted reply may expect of the request it answers, when a live harness (serve) sends
// that request: results for named calls (answered at all, as an error or not, with some text),
// and tools it must declare. A mismatch is not the harness breaking a provider rule — the API
// would accept the request — but the learner's harness doing something other than the script
// assumed, so serve narrates it and answers with an error the harness can see.
import { contentText } from "../../narration/display-text.ts";
import type { Context, ToolResultMessage } from "../../protocol/types.ts";

export { replyExpectationValue, type ReplyExpectation, type ResultExpectation } from "../../fixture/expectation-format.ts";
import type { ReplyExpectation } from "../../fixture/expectation-format.ts";

/** Each way the request differs from what the reply expects, in plain words (empty: it fits).
 *  `name` writes a call id as the harness knows it (serve's served id for a scripted one). */
export function unmetExpectations(expectation: ReplyExpectation | undefined, context: Context, name: (id: string) => string = (id) => id): string[] {
  if (!expectation) return [];
  const problems: string[] = [];
  const results = new Map<string, ToolResultMessage>();
  for (const message of context.messages) if (message.role === "toolResult") results.set(message.toolCallId, message);
  for (const expected of expectation.results ?? []) {
    const result = results.get(expected.toolCallId);
    if (!result) {
      problems.push(`no result for call ${name(expected.toolCallId)}`);
      continue;
    }
    if (expected.isError !== undefined && result.isError !== expected.isError) problems.push(`the result for ${name(expected.toolCallId)} has isError ${result.isError}, expected ${expected.isError}`);
    if (expected.contentIncludes !== undefined && !contentText(result.content).includes(expected.contentIncludes)) {
      problems.push(`the result for ${name(expected.toolCallId)} does not contain ${JSON.stringify(expected.contentIncludes)}`);
    }
  }
  const declared = new Set((context.tools ?? []).map((tool) => tool.name));
  for (const name of expectation.tools ?? []) if (!declared.has(name)) problems.push(`tool ${name} is not declared`);
  return problems;
}
