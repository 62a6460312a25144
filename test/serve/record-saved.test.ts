// serve --record never loses a completed exchange: each is on disk, as a fixture serve replays,
// as soon as it completes, before any stop, and still is after a stop with a stream in flight. A
// session past the fixture bound says so once and keeps what serve can load. One test is the
// process itself: its exit, past the stop grace, waits for the last write.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import { TestClock } from "../test-clock.ts";
import { askChat, completionOf, localUpstream, startRecord } from "./record-helpers.ts";
import { startServe } from "./serve-helpers.ts";

const folder = await mkdtemp(join(tmpdir(), "record-saved-"));
after(() => rm(folder, { recursive: true, force: true }));

const chunk = (text: string) => `data: ${JSON.stringify({ id: "c2", object: "chat.completion.chunk", choices: [{ index: 0, delta: { content: text } }] })}\n\n`;

/** An upstream whose first answer is whole and whose later ones are streams that never end. */
function answersThenStreams() {
  let requests = 0;
  return localUpstream((request, response) => {
    const number = ++requests;
    request.resume().on("end", () => {
      if (number === 1) response.writeHead(200, { "content-type": "application/json" }).end(completionOf("Four."));
      else response.writeHead(200, { "content-type": "text/event-stream" }).write(chunk("The sum"));
    });
  });
}

test("a completed exchange is on disk, replayable, before the recorder stops; a stream in flight at Ctrl-C takes nothing away", async (t) => {
  const upstream = await answersThenStreams();
  t.after(() => upstream.close());
  const file = join(folder, "saved.json");
  const clock = new TestClock();
  const recorder = await startRecord(upstream.url, file, { clock });
  t.after(() => recorder.stop());
  const user = { role: "user", content: "What is 2 + 2?" };
  assert.equal((await askChat(recorder.url, [user])).status, 200);
  await recorder.saved(1);
  // Still recording: the file already replays the exchange.
  const replay = await startServe(file);
  const replayed = (await (await askChat(replay.url, [user])).json()) as { choices: { message: { content: string } }[] };
  await replay.stop();
  assert.equal(replayed.choices[0]?.message.content, "Four.");

  const streaming = await askChat(recorder.url, [{ role: "user", content: "And 1 + 2?" }], { stream: true });
  assert.match(new TextDecoder().decode((await streaming.body?.getReader().read())?.value), /The sum/);
  assert.equal(await clock.run(recorder.stop()), 130, recorder.err());
  assert.match(recorder.out(), /wrote .*saved\.json: 1 conversation\(s\) from 2 exchange\(s\)/);
  const written = await loadFixture(file, undefined, "en");
  assert.equal(written.episodes.length, 1);
});

test("a session past the fixture bound says so once, keeps the exchanges before it in a file serve loads, and exits 1", async (t) => {
  const upstream = await localUpstream((request, response) => {
    request.resume().on("end", () => response.writeHead(200, { "content-type": "application/json" }).end(completionOf("Fine.")));
  });
  t.after(() => upstream.close());
  const file = join(folder, "bounded.json");
  const recorder = await startRecord(upstream.url, file, { maxFixtureBytes: 4000 });
  t.after(() => recorder.stop());
  await (await askChat(recorder.url, [{ role: "user", content: "small" }])).text();
  await recorder.saved(1);
  await (await askChat(recorder.url, [{ role: "user", content: "x".repeat(5000) }])).text();
  assert.equal(await recorder.stop(), 1);
  assert.match(
    recorder.err(),
    /bounded\.json no longer follows the session: it keeps the first 1 exchange\(s\); the fixture would be \d+ bytes, over the 4000 bytes serve loads/,
  );
  assert.equal(recorder.err().match(/no longer follows/g)?.length, 1);
  assert.doesNotMatch(recorder.out(), /wrote /);
  const written = JSON.parse(await readFile(file, "utf8"));
  assert.equal(written.episodes.length, 1);
  assert.equal(written.episodes[0].user, "small");
});

test("the process: Ctrl-C with a stream in flight exits within 10 s, and the file replays every completed exchange", async (t) => {
  const upstream = await answersThenStreams();
  t.after(() => upstream.close());
  const file = join(folder, "process.json");
  const child = spawn(process.execPath, [join(projectRoot, "bin", "tool-call-playground"), "serve", "--record", upstream.url, "-o", file, "--lang", "en"], {
    cwd: projectRoot,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (data: Buffer) => void (out += data.toString()));
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  while (!out.includes("\n")) await once(child.stdout, "data");
  const url = out.split("\n")[0] ?? "";
  await (await askChat(url, [{ role: "user", content: "What is 2 + 2?" }])).text();
  const streaming = await askChat(url, [{ role: "user", content: "And 1 + 2?" }], { stream: true });
  await streaming.body?.getReader().read();
  const stopped = Date.now();
  child.kill("SIGINT");
  assert.equal(await exit, 130);
  assert.ok(Date.now() - stopped < 10_000, `exited after ${Date.now() - stopped} ms`);
  assert.match(out, /wrote .*process\.json: 1 conversation\(s\) from 2 exchange\(s\)/);
  assert.equal((await loadFixture(file, undefined, "en")).episodes.length, 1);
});

test("an upstream that crashes mid-answer, then SIGTERM: every completed exchange is still in a file serve loads", async (t) => {
  let requests = 0;
  const upstream = await localUpstream((request, response) => {
    const number = ++requests;
    request.resume().on("end", () => {
      if (number === 1) return void response.writeHead(200, { "content-type": "application/json" }).end(completionOf("Four."));
      response.writeHead(200, { "content-type": "text/event-stream" }).write(chunk("The sum"));
      setImmediate(() => response.socket?.destroy());
    });
  });
  t.after(() => upstream.close());
  const file = join(folder, "crash.json");
  const recorder = await startRecord(upstream.url, file);
  t.after(() => recorder.stop());
  await (await askChat(recorder.url, [{ role: "user", content: "What is 2 + 2?" }])).text();
  await (await askChat(recorder.url, [{ role: "user", content: "And 1 + 2?" }], { stream: true })).text().catch(() => "");
  await upstream.close();
  await recorder.saved(2);
  assert.equal((await loadFixture(file, undefined, "en")).episodes.length, 1);
  assert.equal(await recorder.stop("SIGTERM"), 143, recorder.err());
  assert.match(recorder.out(), /✂ the answer stopped before its end/);
  assert.equal((await loadFixture(file, undefined, "en")).episodes.length, 1);
});
