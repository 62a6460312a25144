// serve's body size limit, over a raw socket so the test controls every byte: a body whose
// Content-Length is over the limit is refused with 413 (in the provider's error shape) before any of
// it is sent; a chunked body is refused as soon as the bytes received pass the limit, while the
// client is still sending; either way the answer says `connection: close` and the server then
// closes the socket, and it goes on answering other requests.
import assert from "node:assert/strict";
import { connect, type Socket } from "node:net";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { startServe } from "./serve-helpers.ts";

const LIMIT = 1000;

interface Exchange {
  socket: Socket;
  /** Resolves with everything the server wrote once it closes its side. */
  closed: Promise<string>;
  /** Resolves with what arrived once the server's answer has begun. */
  answered: Promise<string>;
}

/** Every socket a test opened: destroyed before the server stops, so a server that waits for a
 *  body never sent fails the test instead of hanging it. */
const sockets: Socket[] = [];

function open(url: string): Exchange {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  sockets.push(socket);
  let text = "";
  let onAnswer: (text: string) => void = () => {};
  const answered = new Promise<string>((resolve) => (onAnswer = resolve));
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    text += chunk;
    if (text.includes("\r\n\r\n")) onAnswer(text);
  });
  // The client keeps writing after the answer in the chunked case: the server closing is expected.
  socket.on("error", () => {});
  const closed = new Promise<string>((resolve) => socket.once("close", () => resolve(text)));
  return { socket, closed, answered };
}

/** A server that waits for a body never sent would hang the test: the deadline, far past any
 *  machine's time to answer, turns that into a failure. Its timer is cancelled once the promise
 *  settles: left running, it would hold the worker process open after the last test file. */
async function within<T>(promise: Promise<T>, what: string, ms = 60_000): Promise<T> {
  const deadline = new AbortController();
  try {
    return await Promise.race([
      promise,
      sleep(ms, undefined, { signal: deadline.signal }).then((): T => assert.fail(`no ${what} within ${ms} ms: the server waited for the whole body`)),
    ]);
  } finally {
    deadline.abort();
  }
}

function bodyOf(response: string): unknown {
  return JSON.parse(response.slice(response.indexOf("\r\n\r\n") + 4));
}

test("a declared Content-Length over the limit is answered 413 before the body is sent, then the connection closes", async () => {
  const server = await startServe("serve-calc", { maxBody: LIMIT });
  try {
    const exchange = open(server.url);
    // 100 MB announced, 10 bytes sent, and the rest never: the answer must not wait for it.
    exchange.socket.write(`POST /v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n{"model":"`);
    const response = await within(exchange.closed, "answer and close");
    assert.match(response, /^HTTP\/1\.1 413 /);
    assert.match(response, /\r\nconnection: close\r\n/i);
    // The body repeats the request-id header, as Anthropic's error bodies do.
    const requestId = /\r\nrequest-id: (req_01\w{22})\r\n/i.exec(response)?.[1];
    assert.ok(requestId, response);
    assert.deepEqual(bodyOf(response), {
      type: "error",
      error: { type: "request_too_large", message: "tool-call-playground serve: the request body is over the size limit" },
      request_id: requestId,
    });

    // The server is still there for the next request.
    const next = open(server.url);
    const body = JSON.stringify({
      model: "m",
      messages: [{ role: "user", content: "hi" }],
      tools: [{ type: "function", function: { name: "calc", parameters: { type: "object" } } }],
    });
    next.socket.write(
      `POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    assert.match(await within(next.closed, "answer"), /^HTTP\/1\.1 200 /);
  } finally {
    for (const socket of sockets.splice(0)) socket.destroy();
    await server.stop();
  }
  assert.match(server.out(), /← 413 the body is over the size limit/);
});

test("a chunked body is refused with 413 as soon as its bytes pass the limit, while the client still sends", async () => {
  const server = await startServe("serve-calc", { maxBody: LIMIT });
  try {
    const exchange = open(server.url);
    exchange.socket.write(
      "POST /v1beta/models/m:generateContent HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
    );
    // Four chunks of 300 bytes pass the limit; the chunked body's end never comes. The answer
    // must come all the same, while the client is still in the middle of its body.
    for (let index = 0; index < 4; index++) exchange.socket.write(`12c\r\n${"x".repeat(300)}\r\n`);
    const response = await within(exchange.closed, "close");
    assert.match(response, /^HTTP\/1\.1 413 /);
    assert.match(response, /\r\nconnection: close\r\n/i);
    assert.deepEqual(bodyOf(response), {
      error: { code: 413, message: "tool-call-playground serve: the request body is over the size limit", status: "INVALID_ARGUMENT" },
    });
  } finally {
    for (const socket of sockets.splice(0)) socket.destroy();
    await server.stop();
  }
});
