// A Pi session round-trips too: a random conversation written as a Pi session file (version 3,
// each entry the child of the one before, Pi's metadata on every reply) imports to a fixture whose
// replay rebuilds the same messages — text, thinking with its signature, images, calls, results
// with their error flag, several user turns. 200 sessions (1,000 under `npm run test:deep`).
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { importSource } from "../../src/commands/import/import-source.ts";
import { replayFixture } from "../../src/commands/import/replay-fixture.ts";
import { parseFixture } from "../../src/fixture/load-fixture.ts";
import type { Message } from "../../src/protocol/types.ts";
import { propertyRuns } from "../property-runs.ts";
import { history } from "./import-histories.ts";

const RUNS = propertyRuns(1000);

/**
 * What a Pi harness would have recorded: every call answered in call order, ids unique in the
 * session (Pi's providers issue them), no stray results. The generator's rougher histories are
 * shaped that way first; the provider-body round trip covers the rough ones.
 */
function asPiConversation(messages: readonly Message[]): Message[] {
  const shaped: Message[] = [];
  let counter = 0;
  for (const message of messages) {
    if (message.role === "toolResult") continue;
    if (message.role === "user") {
      shaped.push(message);
      continue;
    }
    const results = new Map<string, Message[]>();
    const index = messages.indexOf(message);
    for (const later of messages.slice(index + 1)) {
      if (later.role !== "toolResult") break;
      results.set(later.toolCallId, [...(results.get(later.toolCallId) ?? []), later]);
    }
    const content = message.content.map((block) => (block.type === "toolCall" ? { ...block, id: `${block.id}#${counter++}`, originalId: block.id } : block));
    shaped.push({
      ...message,
      content: content.map((block) => (block.type === "toolCall" ? { type: "toolCall", id: block.id, name: block.name, arguments: block.arguments } : block)),
    });
    for (const block of content) {
      if (block.type !== "toolCall") continue;
      const recorded = results.get(block.originalId)?.shift();
      shaped.push({
        role: "toolResult",
        toolCallId: block.id,
        toolName: block.name,
        content: recorded?.role === "toolResult" ? recorded.content : [{ type: "text", text: "(no output)" }],
        isError: recorded?.role === "toolResult" ? recorded.isError : false,
        timestamp: 0,
      });
    }
  }
  return shaped;
}

function sessionText(messages: readonly Message[]): string {
  const lines: unknown[] = [{ type: "session", version: 3, id: "8c1f2a8e-0000-4000-8000-000000000000", timestamp: "2025-06-12T09:00:00.000Z", cwd: "/repo" }];
  messages.forEach((message, index) => {
    const piMessage =
      message.role === "assistant"
        ? {
            ...message,
            api: "anthropic-messages",
            provider: "anthropic",
            model: "claude-sonnet-4-5",
            usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
          }
        : message;
    lines.push({ type: "message", id: `e${index}`, parentId: index === 0 ? null : `e${index - 1}`, timestamp: "2025-06-12T09:00:01.000Z", message: piMessage });
  });
  return `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`;
}

/** The parts a replay reproduces: timestamps are the replay clock's, Pi's reply metadata is not scripted. */
function comparable(messages: readonly Message[]): unknown[] {
  return messages.map((message) => {
    if (message.role === "assistant") return { role: message.role, content: message.content, stopReason: message.stopReason };
    if (message.role === "toolResult")
      return { role: message.role, toolCallId: message.toolCallId, toolName: message.toolName, content: message.content, isError: message.isError };
    return { role: message.role, content: message.content };
  });
}

test(`${RUNS} random Pi sessions import and replay to the same messages`, async () => {
  let users = 0;
  await fc.assert(
    fc.asyncProperty(history, async (context) => {
      const messages = asPiConversation(context.messages);
      const outcome = await importSource(sessionText(messages), { title: "pi" });
      if (!outcome.ok) assert.fail(`${JSON.stringify(outcome.problem)} at line ${outcome.line}`);
      assert.equal(outcome.report.format, "pi-session");
      const { history: replayed } = await replayFixture(parseFixture("pi.json", JSON.stringify(outcome.fixture)));
      assert.deepEqual(JSON.parse(JSON.stringify(comparable(replayed))), JSON.parse(JSON.stringify(comparable(messages))));
      users += outcome.report.counts.users;
    }),
    { numRuns: RUNS },
  );
  assert.ok(users > RUNS * 1.5, `user messages: ${users}`);
});
