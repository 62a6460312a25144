// serve's own error lines follow --lang like its narration (serve.test.ts checks the narration's
// language before and after `serve`): Chinese by default, English when asked. The port is taken
// first, so the server cannot listen and the command answers with one line, exit 1, at once.
// What the script expected and the request lacks is narrated in the run's language too, while
// the error answer the harness receives stays the API's English.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:net";
import { after, before, test } from "node:test";
import { runCli } from "../../src/cli/cli.ts";
import { startServe } from "./serve-helpers.ts";

let taken: Server;
let port = 0;
before(async () => {
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  const address = taken.address();
  port = typeof address === "object" && address !== null ? address.port : 0;
});
after(() => new Promise<void>((resolve) => taken.close(() => resolve())));

/** `<main options> serve serve-calc --port <taken> <serve's options>`. */
async function serveOnTakenPort(main: string[], own: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runCli([...main, "serve", "serve-calc", "--port", String(port), ...own], {
    out: (text) => void (out += text),
    err: (text) => void (err += text),
    env: { NO_COLOR: "1" },
    isTTY: false,
  });
  return { code, out, err };
}

test("a port already taken: one line in Chinese by default, in English with --lang en before or after `serve`", async () => {
  const chinese = await serveOnTakenPort([], []);
  assert.equal(chinese.code, 1);
  assert.equal(chinese.out, "");
  assert.match(chinese.err, new RegExp(`^serve：无法在 127\\.0\\.0\\.1:${port} 上监听：.*EADDRINUSE.*\\n$`));
  for (const [main, own] of [
    [["--lang", "en"], []],
    [[], ["--lang", "en"]],
    [
      ["--lang", "zh"],
      ["--lang", "en"],
    ],
  ]) {
    const english = await serveOnTakenPort(main ?? [], own ?? []);
    assert.equal(english.code, 1);
    assert.match(english.err, new RegExp(`^serve: cannot listen on 127\\.0\\.0\\.1:${port}: .*EADDRINUSE.*\\n$`), [...(main ?? []), ...(own ?? [])].join(" "));
  }
});

test("an unmet expectation: narrated in the run's language, answered to the harness in English", async () => {
  const user = { role: "user", content: "What is 7 + 5, and 6 times 7?" };
  const calls = { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "calc", arguments: "{}" } }] };
  const body = JSON.stringify({
    model: "m",
    messages: [user, calls, { role: "tool", tool_call_id: "call_1", content: "boom" }],
    tools: [{ type: "function", function: { name: "calc", parameters: { type: "object" } } }],
  });
  for (const lang of ["zh", "en"] as const) {
    const server = await startServe("serve-calc", { lang });
    try {
      const answer = await fetch(`${server.url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body });
      assert.equal(answer.status, 400);
      const { error } = (await answer.json()) as { error: { message: string } };
      assert.match(error.message, /the result for call_1 does not contain "12"; no result for call call_2/, lang);
    } finally {
      await server.stop();
    }
    if (lang === "zh") assert.match(server.out(), /脚本期望、请求里却没有：call_1 的结果里没有 "12"\n.*脚本期望、请求里却没有：调用 call_2 没有结果/);
    else assert.match(server.out(), /expected by the script, not in the request: no result for call call_2/);
  }
});
