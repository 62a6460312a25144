// A recorded reply that made calls but was cut off (`length`) or failed (`error`) must not be
// replayed as a reply that asked for its tools: its arguments may be half a request. Import keeps
// such a reply's stopReason in the fixture, so on replay the loop refuses its calls (a paired
// error result each) instead of running them, whatever the log's harness did with them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { importSource } from "../../src/commands/import/import-source.ts";
import { replayFixture } from "../../src/commands/import/replay-fixture.ts";
import { parseFixture } from "../../src/fixture/load-fixture.ts";

/** A Pi session (version 3): the user asks, the reply calls `ls` and ends with `stopReason`, the
 *  log's harness ran the call anyway and recorded its output, and a last reply answers. */
function session(stopReason: "length" | "error"): string {
  const messages = [
    { role: "user", content: "list the files", timestamp: 1 },
    {
      role: "assistant",
      content: [{ type: "toolCall", id: "call_ls", name: "ls", arguments: { path: "." } }],
      stopReason,
      ...(stopReason === "error" ? { errorMessage: "overloaded" } : {}),
      timestamp: 2,
    },
    { role: "toolResult", toolCallId: "call_ls", toolName: "ls", content: [{ type: "text", text: "ran anyway: a b" }], isError: false, timestamp: 3 },
    { role: "user", content: "and now?", timestamp: 4 },
    { role: "assistant", content: [{ type: "text", text: "done" }], stopReason: "stop", timestamp: 5 },
  ];
  const lines: unknown[] = [{ type: "session", version: 3, id: "8c1f2a8e-0000-4000-8000-000000000042", timestamp: "2025-06-12T09:00:00.000Z", cwd: "/repo" }];
  messages.forEach((message, index) =>
    lines.push({ type: "message", id: `e${index}`, parentId: index === 0 ? null : `e${index - 1}`, timestamp: "2025-06-12T09:00:01.000Z", message }),
  );
  return `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`;
}

test("on import, a recorded reply with tool calls that ended with length or error keeps that stopReason, and its calls are refused on replay", async () => {
  for (const stopReason of ["length", "error"] as const) {
    const outcome = await importSource(session(stopReason), { title: `cut ${stopReason}` });
    if (!outcome.ok) assert.fail(`${stopReason}: ${JSON.stringify(outcome.problem)}`);
    const script = outcome.fixture.episodes[0]?.script ?? [];
    const calling = script.find((item) => "content" in item && item.content.some((block) => block.type === "toolCall"));
    assert.ok(calling && "content" in calling, `${stopReason}: the reply with the call is in the script`);
    assert.equal(calling.stopReason, stopReason, `${stopReason}: the fixture keeps the reply's stopReason`);

    const { history } = await replayFixture(parseFixture("cut.json", JSON.stringify(outcome.fixture)));
    const reply = history.find((message) => message.role === "assistant" && message.content.some((block) => block.type === "toolCall"));
    assert.equal(reply?.role === "assistant" && reply.stopReason, stopReason, `${stopReason}: the replayed reply ends as it did`);
    const answers = history.filter((message) => message.role === "toolResult" && message.toolCallId === "call_ls");
    assert.equal(answers.length, 1, `${stopReason}: the call is answered once`);
    const answer = answers[0];
    assert.equal(answer?.role === "toolResult" && answer.isError, true, `${stopReason}: answered with an error`);
    assert.doesNotMatch(JSON.stringify(answer?.content), /ran anyway/, `${stopReason}: refused, not run with the log's output`);
  }
});
