// serve's own error lines follow --lang like its narration (serve.test.ts checks the narration's
// language before and after `serve`): Chinese by default, English when asked. The port is taken
// first, so the server cannot listen and the command answers with one line, exit 1, at once.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:net";
import { after, before, test } from "node:test";
import { runCli } from "../../src/cli/cli.ts";

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
  for (const [main, own] of [[["--lang", "en"], []], [[], ["--lang", "en"]], [["--lang", "zh"], ["--lang", "en"]]]) {
    const english = await serveOnTakenPort(main ?? [], own ?? []);
    assert.equal(english.code, 1);
    assert.match(english.err, new RegExp(`^serve: cannot listen on 127\\.0\\.0\\.1:${port}: .*EADDRINUSE.*\\n$`), [...(main ?? []), ...(own ?? [])].join(" "));
  }
});
