// serve --record passes answers through as a stream: it keeps of one only what a fixture could
// hold (a bound a test passes small), passes a longer one on whole and records it as too large;
// it never decodes an answer it did not ask to be encoded, and it tells a redirect and a complete
// stream as what they are.
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { gzipSync } from "node:zlib";
import { askChat, completionOf, localUpstream, startRecord } from "./record-helpers.ts";

const folder = await mkdtemp(join(tmpdir(), "record-stream-"));
after(() => rm(folder, { recursive: true, force: true }));

const user = { role: "user", content: "What is 2 + 2?" };

test("an answer past the bound reaches the harness whole and is recorded as too large, not as a reply", async (t) => {
  const long = completionOf("y".repeat(200_000));
  const upstream = await localUpstream((request, response) => {
    request.resume().on("end", () => {
      response.writeHead(200, { "content-type": "application/json" });
      for (let at = 0; at < long.length; at += 1000) response.write(long.slice(at, at + 1000));
      response.end();
    });
  });
  t.after(() => upstream.close());
  const file = join(folder, "large.json");
  const recorder = await startRecord(upstream.url, file, { maxFixtureBytes: 50_000 });
  t.after(() => recorder.stop());
  assert.equal(await (await askChat(recorder.url, [user])).text(), long);
  assert.equal(await recorder.stop(), 130);
  assert.match(recorder.out(), /← 200 from the upstream, passed on whole \(\d+ bytes\); too large to record \(over 50000 bytes\)/);
  assert.match(recorder.err(), /nothing was recorded/);
  await assert.rejects(stat(file), { code: "ENOENT" });
});

test("a gzip answer (identity was asked) is refused unread: a 502 in the provider's shape, named in the narration, not recorded", async (t) => {
  const upstream = await localUpstream((request, response) => {
    request.resume().on("end", () => {
      response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" }).end(gzipSync(completionOf("Four.")));
    });
  });
  t.after(() => upstream.close());
  const file = join(folder, "gzip.json");
  const recorder = await startRecord(upstream.url, file);
  t.after(() => recorder.stop());
  const answer = await askChat(recorder.url, [user]);
  assert.equal(answer.status, 502);
  const body = (await answer.json()) as { error: { message: string; type: string } };
  assert.match(body.error.message, /content-encoding gzip, though identity was asked/);
  assert.equal(body.error.type, "server_error");
  assert.equal(await recorder.stop(), 130);
  assert.match(recorder.out(), /← 502: the upstream answered in content-encoding gzip, though identity was asked: refused unread, not recorded/);
  await assert.rejects(stat(file), { code: "ENOENT" });
});

test("a redirect is told with its own status; a complete stream is told as a reply and recorded", async (t) => {
  const events = [
    { id: "c", object: "chat.completion.chunk", choices: [{ index: 0, delta: { role: "assistant", content: "Four." } }] },
    { id: "c", object: "chat.completion.chunk", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
  ];
  let requests = 0;
  const upstream = await localUpstream((request, response) => {
    const number = ++requests;
    request.resume().on("end", () => {
      if (number === 1) return void response.writeHead(302, { location: "https://example.com/" }).end();
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.end(`${events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join("")}data: [DONE]\n\n`);
    });
  });
  t.after(() => upstream.close());
  const file = join(folder, "truthful.json");
  const recorder = await startRecord(upstream.url, file);
  t.after(() => recorder.stop());
  const moved = await fetch(`${recorder.url}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "m", messages: [user] }),
    redirect: "manual",
  });
  assert.equal(moved.status, 302);
  await moved.text();
  assert.match(await (await askChat(recorder.url, [user], { stream: true })).text(), /\[DONE\]/);
  assert.equal(await recorder.stop(), 130);
  assert.match(recorder.out(), /← 302 from the upstream, passed on; not a reply the recorder can read/);
  assert.doesNotMatch(recorder.out(), /stopped before its end/);
  assert.match(recorder.out(), /← 200 from the upstream, streamed as 3 server-sent event\(s\):\nupstream {5}text\("Four\."\)/);
  const written = JSON.parse(await readFile(file, "utf8"));
  assert.deepEqual(written.episodes[0].script, [{ content: [{ type: "text", text: "Four." }] }]);
});

test("a stream the harness leaves once it has every event is told and recorded as a whole reply, and the upstream is let go", async (t) => {
  const events = [
    { id: "c", object: "chat.completion.chunk", choices: [{ index: 0, delta: { role: "assistant", content: "Five." } }] },
    { id: "c", object: "chat.completion.chunk", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
  ];
  let upstreamClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
  const upstream = await localUpstream((request, response) => {
    request.resume().on("end", () => {
      // Every event and [DONE], then the answer is held open, as a slow upstream's last bytes are.
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write(`${events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join("")}data: [DONE]\n\n`);
      response.on("close", upstreamClosed);
    });
  });
  t.after(() => upstream.close());
  const file = join(folder, "left.json");
  const recorder = await startRecord(upstream.url, file);
  t.after(() => recorder.stop());
  const reader = (await askChat(recorder.url, [user], { stream: true })).body?.getReader();
  let text = "";
  while (!text.includes("[DONE]")) text += new TextDecoder().decode((await reader?.read())?.value);
  await reader?.cancel();
  await closed;
  await recorder.saved(1);
  assert.equal(await recorder.stop(), 130);
  assert.doesNotMatch(recorder.out(), /stopped before its end/);
  assert.match(recorder.out(), /← 200 from the upstream, streamed as 3 server-sent event\(s\):\nupstream {5}text\("Five\."\)/);
  const written = JSON.parse(await readFile(file, "utf8"));
  assert.deepEqual(written.episodes[0].script, [{ content: [{ type: "text", text: "Five." }] }]);
});
