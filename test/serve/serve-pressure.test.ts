// serve under pressure: no client keeps another out, and no harness is reset. A slow upload holds
// only its own socket; a request past the cap on requests served at once waits its turn; a socket
// held for nothing is closed when room is needed; while the narration's reader has stopped
// reading, refused requests and CONNECT wait like the rest instead of piling up narration. Small
// limits set through the options, on a clock the test moves, keep each case fast and the same on a
// loaded machine: the event loop is held up for a second where a race would show.
import assert from "node:assert/strict";
import { Agent, request } from "node:http";
import { test } from "node:test";
import { blockEventLoop, settled, TestClock, until } from "../test-clock.ts";
import { heldSocket, openExchange, rawExchange, startHostile, statusOf, validChat } from "./hostile-raw.ts";

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

test("two uploads that never finish hold only their own sockets: a harness is answered with no time passing on the server's clock", async () => {
  const clock = new TestClock();
  const { server, port } = await startHostile({ clock });
  const slow = [heldSocket(port), heldSocket(port)];
  try {
    for (const { socket } of slow) socket.write("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n ");
    await until(() => server.inFlight() === 2, "the two uploads reached the server");
    for (let request = 0; request < 3; request++) {
      const answer = await rawExchange(port, validChat(), 60_000);
      assert.equal(statusOf(answer), 200, `request ${request + 1}: ${answer.slice(0, 80)}`);
    }
    // Nothing was waited out: no limit had to pass for the harness to get in.
    assert.equal(clock.now(), 0);
  } finally {
    for (const { socket } of slow) socket.destroy();
    await server.close();
  }
});

test("sockets that send nothing lose their place once room is needed: a harness gets in once they have stalled", async () => {
  const clock = new TestClock();
  const { server, port } = await startHostile({ limits: { sockets: 4, stallMs: 200 }, clock });
  const silent = [heldSocket(port), heldSocket(port), heldSocket(port), heldSocket(port)];
  try {
    // The event loop held up right after the silent sockets connect: they are accepted late, and
    // on the server's clock that makes no difference.
    blockEventLoop(1000);
    await until(() => server.openSockets() === 4, "the silent sockets were accepted");
    await clock.advance(200);
    const harness = rawExchange(port, validChat(), 60_000);
    blockEventLoop(1000);
    const answer = await harness;
    assert.equal(statusOf(answer), 200, answer.slice(0, 80));
    const closed = await Promise.all(silent.map(({ closed }) => closed));
    assert.ok(
      closed.every((socket) => socket.text === ""),
      "a silent socket was answered",
    );
  } finally {
    for (const { socket } of silent) socket.destroy();
    await server.close();
  }
});

test("a request past the cap on requests served at once waits its turn; sockets half-way through a body are closed first once stalled", async () => {
  const clock = new TestClock();
  const { server, port } = await startHostile({ limits: { connections: 2, stallMs: 200 }, clock });
  const halfBodies = [heldSocket(port), heldSocket(port)];
  try {
    for (const { socket } of halfBodies) socket.write("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{");
    await until(() => server.inFlight() === 2, "the half bodies hold both places");
    let answered = false;
    const answer = openExchange(port, validChat(), 60_000).finally(() => (answered = true));
    await until(() => server.inFlight() === 3, "the harness's request arrived");
    await settled();
    await clock.advance(100);
    assert.equal(answered, false, "answered before the half bodies had stalled: the cap on requests served at once was not kept");
    await clock.advance(100);
    assert.equal(statusOf(await answer), 200);
    // Closed by the server to make room: each ends with nothing answered.
    assert.deepEqual(
      (await Promise.all(halfBodies.map(({ closed }) => closed))).map(({ text }) => text),
      ["", ""],
    );
  } finally {
    for (const { socket } of halfBodies) socket.destroy();
    await server.close();
  }
});

test("uploads trickled a byte at a time hold every place only until they stall: a harness is answered then", async () => {
  const clock = new TestClock();
  const { server, port } = await startHostile({ limits: { connections: 2, stallMs: 200 }, clock });
  const tricklers = [heldSocket(port), heldSocket(port)];
  try {
    for (const { socket } of tricklers) socket.write("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n{");
    await until(() => server.inFlight() === 2, "the tricklers hold both places");
    let answered = false;
    const answer = openExchange(port, validChat(), 60_000).finally(() => (answered = true));
    await until(() => server.inFlight() === 3, "the harness's request arrived");
    // A byte from each every 50 ms of the server's clock: a body still coming, far below any harness's pace.
    for (let elapsed = 50; elapsed <= 400 && !answered; elapsed += 50) {
      for (const { socket } of tricklers) if (!socket.destroyed) socket.write(" ");
      await settled();
      await clock.advance(50);
      await settled();
    }
    assert.equal(statusOf(await answer), 200, "the tricklers kept the harness out");
    assert.deepEqual(
      (await Promise.all(tricklers.map(({ closed }) => closed))).map(({ text }) => text),
      ["", ""],
    );
  } finally {
    for (const { socket } of tricklers) socket.destroy();
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
    await until(() => server.inFlight() === 22, "every request reached the server");
    await settled();
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
