// serve's two exact edges, over raw sockets so the test controls every byte: an Origin passes only
// when it is exactly `http://` + the Host the request named (a page at http://localhost.evil.example
// merely starts with it), and a body of exactly the byte limit is read while one byte more is 413,
// whether its length is declared up front or it arrives in chunks.
import assert from "node:assert/strict";
import { test } from "node:test";
import { rawExchange, startHostile, statusOf } from "./hostile-raw.ts";

/** A Chat Completions body the served fixture (serve-calc) answers. */
const chatBody = {
  model: "m",
  messages: [{ role: "user", content: "What is 2 + 3?" }],
  tools: [{ type: "function", function: { name: "calc", parameters: { type: "object" } } }],
};

/** A valid Chat Completions request with the given Host and extra header lines. */
function chatRequest(host: string, extraHeaders = ""): string {
  const body = JSON.stringify(chatBody);
  return `POST /v1/chat/completions HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n${extraHeaders}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

test("serve refuses an Origin that only starts with http://<Host>; only an exact match passes", async () => {
  const { server, port } = await startHostile();
  try {
    const cases: [host: string, origin: string, status: number][] = [
      ["localhost", "http://localhost.evil.example", 403],
      ["localhost", "http://localhost:8080", 403],
      ["localhost", "http://localhost/", 403],
      [`localhost:${port}`, `http://localhost:${port}0`, 403],
      [`localhost:${port}`, `http://localhost:${port}.evil.example`, 403],
      [`127.0.0.1:${port}`, `http://127.0.0.1:${port}@evil.example`, 403],
      ["127.0.0.1", "http://127.0.0.1.nip.io", 403],
      ["localhost", "http://localhost", 200],
      [`localhost:${port}`, `http://localhost:${port}`, 200],
      [`127.0.0.1:${port}`, `http://127.0.0.1:${port}`, 200],
    ];
    for (const [host, origin, status] of cases) {
      const response = await rawExchange(port, chatRequest(host, `Origin: ${origin}\r\n`));
      assert.equal(statusOf(response), status, `Host ${host}, Origin ${origin}: ${response.slice(0, 200)}`);
    }
  } finally {
    await server.close();
  }
});

const LIMIT = 1000;

/** A valid Chat Completions body of exactly `bytes` bytes: spaces pad it, which JSON ignores. */
function bodyOfSize(bytes: number): string {
  const body = JSON.stringify(chatBody);
  assert.ok(Buffer.byteLength(body) <= bytes);
  return body + " ".repeat(bytes - Buffer.byteLength(body));
}

function declared(body: string): string {
  return `POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/** The body in chunks of at most 300 bytes: no length known until the last one. */
function chunked(body: string): string {
  let chunks = "";
  for (let at = 0; at < body.length; at += 300) {
    const piece = body.slice(at, at + 300);
    chunks += `${Buffer.byteLength(piece).toString(16)}\r\n${piece}\r\n`;
  }
  return `POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunks}0\r\n\r\n`;
}

test("serve accepts a body of exactly its byte limit, and refuses the limit + 1 with 413", async () => {
  const { server, port } = await startHostile({ maxBodyBytes: LIMIT });
  try {
    for (const [form, request] of [
      ["declared length", declared],
      ["chunked", chunked],
    ] as const) {
      const atLimit = await rawExchange(port, request(bodyOfSize(LIMIT)));
      assert.equal(statusOf(atLimit), 200, `${form}, ${LIMIT} bytes: ${atLimit.slice(0, 300)}`);
      const overLimit = await rawExchange(port, request(bodyOfSize(LIMIT + 1)));
      assert.equal(statusOf(overLimit), 413, `${form}, ${LIMIT + 1} bytes: ${overLimit.slice(0, 300)}`);
    }
  } finally {
    await server.close();
  }
});
