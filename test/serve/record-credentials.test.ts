// serve --record never forwards the harness's Proxy-Authorization or Cookie, and treats both as
// secrets: an upstream that echoes every header it got puts neither into the fixture nor onto
// stdout, and a value pasted into a message is hidden as a key is. No 8-character piece of any of
// them appears on stdout, on stderr or in the written file.
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import type { IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { askChat, completionOf, localUpstream, startRecord } from "./record-helpers.ts";

const folder = await mkdtemp(join(tmpdir(), "record-credentials-"));
after(() => rm(folder, { recursive: true, force: true }));

const proxy = "Basic cHJveHktcGxhbnRlZC0wMDAx";
const cookie = "session=cookie-planted-0002; theme=cookie-planted-0003";
const secrets = [proxy, "cHJveHktcGxhbnRlZC0wMDAx", "cookie-planted-0002", "cookie-planted-0003"];

/** Every 8-character piece of each secret found in `text`. */
function pieces(text: string): string[] {
  return secrets.flatMap((secret) => [...secret].map((_, at) => secret.slice(at, at + 8)).filter((piece) => piece.length === 8 && text.includes(piece)));
}

test("Proxy-Authorization and Cookie never reach the upstream, and an upstream that echoes headers leaks neither", async (t) => {
  const seen: IncomingHttpHeaders[] = [];
  const upstream = await localUpstream((request, response) => {
    seen.push(request.headers);
    request.resume().on("end", () => {
      if (seen.length !== 2) return void response.writeHead(200, { "content-type": "application/json" }).end(completionOf("Hello."));
      const echo = { error: { message: `bad request; you sent ${JSON.stringify(request.headers)}`, type: "server_error" } };
      response.writeHead(429, { "content-type": "application/json" }).end(JSON.stringify(echo));
    });
  });
  t.after(() => upstream.close());
  const file = join(folder, "echo.json");
  const recorder = await startRecord(upstream.url, file);
  t.after(() => recorder.stop());
  const headers = { "proxy-authorization": proxy, cookie };
  await (await askChat(recorder.url, [{ role: "user", content: "Hi" }], {}, headers)).text();
  const again = [
    { role: "user", content: "Hi" },
    { role: "assistant", content: "Hello." },
    { role: "user", content: "Again" },
  ];
  const echoed = await askChat(recorder.url, again, {}, headers);
  assert.equal(echoed.status, 429);
  await echoed.text();
  await (await askChat(recorder.url, again, {}, headers)).text();
  await recorder.saved(3);
  // A value pasted into a message is a secret too: hidden in the narration, and the file keeps
  // the session up to it.
  await (await askChat(recorder.url, [{ role: "user", content: "my cookie is cookie-planted-0002" }], {}, headers)).text();
  assert.equal(await recorder.stop(), 1);
  for (const headers of seen) {
    assert.equal(headers["proxy-authorization"], undefined);
    assert.equal(headers.cookie, undefined);
  }
  assert.match(recorder.out(), /my cookie is \*\*\*/);
  const written = await readFile(file, "utf8");
  assert.match(written, /you sent/);
  assert.deepEqual(pieces(recorder.out()), []);
  assert.deepEqual(pieces(recorder.err()), []);
  assert.deepEqual(pieces(written), []);
});
