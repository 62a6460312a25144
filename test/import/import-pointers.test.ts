// A refused or changed field is reported at its own JSON pointer: readers make a field's pointer
// only once they report it, so each reported place is pinned here, one field per case.
import assert from "node:assert/strict";
import { test } from "node:test";
import { importSource } from "../../src/commands/import/import-source.ts";

const call = (id: string, name: unknown, args: unknown) => ({ id, type: "function", function: { name, arguments: args } });
const asking = (calls: unknown[]) => ({ role: "assistant", content: null, tool_calls: calls });

async function refusedAt(body: unknown): Promise<string | undefined> {
  const outcome = await importSource(JSON.stringify(body), { title: "t", from: "openai-chat" });
  assert.equal(outcome.ok, false, JSON.stringify(body));
  return outcome.ok ? undefined : outcome.pointer;
}

test("OpenAI Chat: each malformed field is refused at its own pointer", async () => {
  const user = { role: "user", content: "hi" };
  assert.equal(await refusedAt({ messages: [user, { role: 7, content: "x" }] }), "/messages/1/role");
  assert.equal(await refusedAt({ messages: [user, { role: "user", content: 7 }] }), "/messages/1/content");
  assert.equal(await refusedAt({ messages: [user, { role: "assistant", content: 7 }] }), "/messages/1/content");
  assert.equal(await refusedAt({ messages: [user, { role: "assistant", content: null, tool_calls: 1 }] }), "/messages/1/tool_calls");
  assert.equal(await refusedAt({ messages: [user, asking([{ id: "c", type: "function", function: 1 }])] }), "/messages/1/tool_calls/0/function");
  assert.equal(await refusedAt({ messages: [user, asking([call("c", "f", 1)])] }), "/messages/1/tool_calls/0/function/arguments");
  assert.equal(await refusedAt({ messages: [user, asking([call("", "f", "{}")])] }), "/messages/1/tool_calls/0/id");
  assert.equal(await refusedAt({ messages: [user, asking([call("c", 1, "{}")])] }), "/messages/1/tool_calls/0/function/name");
  assert.equal(await refusedAt({ messages: [user, { role: "tool", content: "r" }] }), "/messages/1/tool_call_id");
  assert.equal(await refusedAt({ messages: [user, { role: "tool", tool_call_id: "nobody", content: "r" }] }), "/messages/1/tool_call_id");
  assert.equal(await refusedAt({ messages: [user, asking([call("c", "f", "{}")]), { role: "tool", tool_call_id: "c", content: 1 }] }), "/messages/2/content");
});

test("OpenAI Chat: arguments that are not JSON, or not as the replay writes them, are noted at their pointer", async () => {
  const body = {
    messages: [{ role: "user", content: "hi" }, asking([call("a", "f", "{oops"), call("b", "f", '{ "x": 1 }')])],
    tools: [{ type: "function", function: { name: "f", description: "", parameters: { type: "object" } } }],
  };
  const outcome = await importSource(JSON.stringify(body), { title: "t" });
  assert.ok(outcome.ok);
  const notes = outcome.report.notes.flatMap((note) =>
    note.detail.about === "argumentsNotJson" || note.detail.about === "argumentsReformatted" ? [`${note.detail.about} ${note.pointer}`] : [],
  );
  assert.deepEqual(notes, ["argumentsNotJson /messages/1/tool_calls/0/function/arguments", "argumentsReformatted /messages/1/tool_calls/1/function/arguments"]);
});
