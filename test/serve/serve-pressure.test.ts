// serve under pressure: no client keeps another out, and no harness is reset. A slow upload holds
// only its own socket; a request past the cap on requests served at once waits its turn; a socket
// held for nothing is closed when room is needed; while the narration's reader has stopped
// reading, refused requests and CONNECT wait like the rest instead of piling up narration. Small
// limits set through the options keep each case fast.
import assert from "node:assert/strict";
import { Agent, request } from "node:http";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { heldSocket, rawExchange, startHostile, statusOf, validChat } from "./hostile-raw.ts";

/** Sends `bytes` and keeps its side open, as an SDK does (a half-close while a request waits its
 *  turn reads as a client that left), and resolves with what came back once the server closes. */
function openExchange(port: number, bytes: string, ms = 5000): Promise<string> {
  const { socket, closed } = heldSocket(port);
  socket.write(bytes);
  const timer = setTimeout(() => socket.destroy(), ms);
  return closed.then(({ text }) => {
    clearTimeout(timer);
    return text;
  });
}

const chatBody = JSON.stringify({
  model: "m",
  messages: [{ role: "user", content: "What is 2 + 3?" }],
  tools: [{ type: "function", function: { name: "calc", parameters: { type: "object" } } }],
});

/** One POST on the harness's agent; resolves with the status, or with the error's code and message. */
function post(url: string, agent: Agent): Promise<number | string> {
  return new Promise((resolve) => {
    const sent = request(`${url}/v1/chat/completions`, { method: "POST", agent, headers: { "content-type": "application/json" } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", (error: NodeJS.ErrnoException) => resolve(`${error.code ?? ""} ${error.message}`));
    });
    sent.on("error", (error: NodeJS.ErrnoException) => resolve(`${error.code ?? ""} ${error.message}`));
    sent.end(chatBody);
  });
}

/** A harness's sockets: up to the agent's 100 of them, all to the server, kept alive between requests. */
async function burst(url: string, requests: number, agent: Agent): Promise<{ statuses: Map<number, number>; errors: string[] }> {
  const statuses = new Map<number, number>();
  const errors: string[] = [];
  for (const outcome of await Promise.all(Array.from({ length: requests }, () => post(url, agent))))
    if (typeof outcome === "number") statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1);
    else errors.push(outcome);
  return { statuses, errors };
}

test("100 sockets of one harness in flight, four rounds, past the cap of 64: every request answered, 0 resets", async () => {
  const { server } = await startHostile();
  const agent = new Agent({ keepAlive: true, maxSockets: 100 });
  try {
    let answered = 0;
    for (let round = 0; round < 4; round++) {
      const { statuses, errors } = await burst(server.url, 100, agent);
      assert.deepEqual(errors, [], `round ${round + 1}`);
      answered += statuses.get(200) ?? 0;
    }
    assert.equal(answered, 400);
  } finally {
    agent.destroy();
    await server.close();
  }
});

test("two uploads trickled a byte at a time hold only their own sockets: a harness is answered at once", { timeout: 20_000 }, async () => {
  const { server, port } = await startHostile({ limits: { requestMs: 10_000 } });
  const slow = [heldSocket(port), heldSocket(port)];
  const trickle = setInterval(() => {
    for (const { socket } of slow) socket.write(" ");
  }, 100);
  try {
    for (const { socket } of slow) socket.write("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n");
    await sleep(200);
    for (let request = 0; request < 3; request++) {
      const started = performance.now();
      const answer = await rawExchange(port, validChat(), 3000);
      assert.equal(statusOf(answer), 200, `request ${request + 1}: ${answer.slice(0, 80)}`);
      assert.ok(performance.now() - started < 2000, `request ${request + 1} waited ${Math.round(performance.now() - started)} ms`);
    }
  } finally {
    clearInterval(trickle);
    for (const { socket } of slow) socket.destroy();
    await server.close();
  }
});

test("sockets that send nothing lose their place once room is needed: a harness gets in within the stall time", async () => {
  const { server, port } = await startHostile({ limits: { sockets: 4, stallMs: 200 } });
  const silent = [heldSocket(port), heldSocket(port), heldSocket(port), heldSocket(port)];
  try {
    // Well past the stall time, so that all four have stalled even on a loaded machine, where the
    // server may see a connection a while after the client opened it.
    await sleep(600);
    const answer = await rawExchange(port, validChat(), 3000);
    assert.equal(statusOf(answer), 200, answer.slice(0, 80));
    const closed = await Promise.all(silent.map(({ closed }) => Promise.race([closed, sleep(2000).then(() => undefined)])));
    assert.ok(
      closed.every((socket) => socket !== undefined && socket.text === ""),
      "a silent socket was kept while a harness needed room",
    );
  } finally {
    for (const { socket } of silent) socket.destroy();
    await server.close();
  }
});

test("a request past the cap on requests served at once waits its turn; sockets half-way through a body are closed first once stalled", async () => {
  const { server, port } = await startHostile({ limits: { connections: 2, stallMs: 200 } });
  const halfBodies = [heldSocket(port), heldSocket(port)];
  try {
    for (const { socket } of halfBodies) socket.write("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{");
    await sleep(100);
    const started = performance.now();
    const answer = await openExchange(port, validChat(), 3000);
    assert.equal(statusOf(answer), 200, answer.slice(0, 80));
    assert.ok(performance.now() - started < 1500, `waited ${Math.round(performance.now() - started)} ms`);
  } finally {
    for (const { socket } of halfBodies) socket.destroy();
    await server.close();
  }
});

test("while the narration's reader has stopped, refused requests and CONNECT wait for it: nothing is narrated, then all is", { timeout: 20_000 }, async () => {
  let release: () => void = () => {};
  let full = new Promise<void>((resolve) => (release = resolve));
  let stalled = true;
  const { server, port, events } = await startHostile({ drained: () => (stalled ? full : undefined) });
  const web = validChat("Origin: https://evil.example\r\n");
  const foreign = validChat().replace("Host: 127.0.0.1", `Host: ${"x".repeat(8000)}.example`);
  const connectRequest = "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n";
  const sent = [...Array.from({ length: 20 }, () => openExchange(port, web)), openExchange(port, foreign), openExchange(port, connectRequest)];
  try {
    await sleep(300);
    assert.equal(events.filter((event) => event.type === "exchange").length, 0, "narrated while the reader was stalled");
    stalled = false;
    release();
    full = Promise.resolve();
    const answers = await Promise.all(sent);
    assert.deepEqual(
      answers.map((answer) => statusOf(answer)),
      [...Array.from({ length: 21 }, () => 403), 404],
    );
    assert.equal(events.filter((event) => event.type === "exchange").length, 22);
  } finally {
    await server.close();
  }
});

test("a Host with text after its bracketed address, or a second Host header, is refused 403", async () => {
  const { server, port } = await startHostile();
  try {
    const address = server.url.replace("http://", "");
    const trailing = await rawExchange(port, validChat().replace("Host: 127.0.0.1", `Host: [127.0.0.1]evil.example:${port}`));
    assert.equal(statusOf(trailing), 403, trailing.slice(0, 120));
    const twice = await rawExchange(port, validChat(`Host: evil.example\r\n`).replace("Host: 127.0.0.1", `Host: ${address}`));
    assert.equal(statusOf(twice), 403, twice.slice(0, 120));
    assert.match(twice, /more than one Host header/);
    assert.equal(statusOf(await rawExchange(port, validChat())), 200);
  } finally {
    await server.close();
  }
});
