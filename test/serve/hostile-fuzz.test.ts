// The fuzz test of issue 24: 2,100 malformed request lines, header blocks and bodies, from a
// seeded generator (so a failure repeats), sent over raw sockets to one server in this process,
// 16 at a time. Every one must be answered with a 4xx or 5xx — never a 2xx, never silence — and
// the server must answer a valid request at the end. Loopback only; bounded in count, and no
// exchange waits on the clock unless the server falls silent.
import assert from "node:assert/strict";
import { test } from "node:test";
import { seededRandom } from "../seeded-random.ts";
import { rawExchange, startHostile, statusOf, validChat } from "./hostile-raw.ts";

const random = seededRandom(24);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const randomText = (length: number): string => Array.from({ length }, () => String.fromCharCode(Math.floor(random() * 256))).join("");

const methods = ["GET", "POST", "PUT", "DELETE", "OPTIONS", "HEAD", "PATCH", "BREW", "post", "P OST", "", "GET\u0000", "CONNECT"];
const targets = [
  "//[",
  "http://[",
  "http://a:99999/",
  "http://[::1",
  "https://x/v1/messages",
  "*",
  "",
  "%",
  "%zz",
  "/v1/messages?%zz=%",
  "//v1/chat/completions",
  "/v1beta/models/:generateContent",
  "/v1beta/models/a:b:generateContent",
  "/v1/responses/../messages",
  `/${"a".repeat(5000)}`,
  "/\u00ff\u00fe",
  "/v1/messages#frag",
  "?",
  "/\r",
];
const versions = ["HTTP/1.1", "HTTP/1.0", "HTTP/9.9", "HTTP/1", "", "HTTPS/1.1", "HTTP/1.1 extra"];
const routes = ["/v1/chat/completions", "/v1/responses", "/v1/messages", "/v1beta/models/m:generateContent", "/v1beta/models/m:streamGenerateContent?alt=sse"];

/** A request line of garbage, with a plain header block. */
function badRequestLine(): string {
  let line = `${pick(methods)} ${pick(targets)} ${pick(versions)}`;
  if (random() < 0.2) line = randomText(1 + Math.floor(random() * 60)).replace(/\r|\n/g, " ");
  return `${line}\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;
}

/** A request to a real route with a broken header block (and a body that matches what it declares, so the server never waits). */
function badHeaders(): string {
  const headers = [
    ["Host: "],
    ["Host: ["],
    ["Host: 127.0.0.1", "Host: evil.example"],
    ["Host: 127.0.0.1:99999", "Origin: http://evil.example"],
    ["Host: 127.0.0.1", "Content-Length: -1"],
    ["Host: 127.0.0.1", "Content-Length: abc"],
    ["Host: 127.0.0.1", "Content-Length: 1", "Content-Length: 2"],
    ["Host: 127.0.0.1", "Transfer-Encoding: chunked", "Content-Length: 2"],
    ["Host: 127.0.0.1", "Transfer-Encoding: gzip, chunked, identity"],
    ["Host: 127.0.0.1", "no colon here"],
    ["Host: 127.0.0.1", "X-Bad: a\u0000b"],
    ["Host: 127.0.0.1", " folded: line"],
    ["Host: 127.0.0.1", `X-Huge: ${"h".repeat(20_000)}`],
    ["Host: 127.0.0.1", `${randomText(12).replace(/\r|\n|:/g, "_")}: ${randomText(20).replace(/\r|\n/g, "_")}`],
    ["Host: 127.0.0.1", "Origin: null"],
    ["Host: 127.0.0.1", "Upgrade: websocket", "Connection: Upgrade"],
    ["Host: 127.0.0.1", "Upgrade: h2c", "HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA", "Connection: Upgrade, HTTP2-Settings"],
    [],
  ];
  const chosen = pick(headers);
  const body = "{}";
  const length = chosen.some((line) => /content-length|transfer-encoding/i.test(line)) ? "" : `Content-Length: ${body.length}\r\n`;
  return `POST ${pick(routes)} HTTP/1.1\r\n${chosen.join("\r\n")}${chosen.length > 0 ? "\r\n" : ""}${length}Connection: close\r\n\r\n${body}`;
}

/** A well-formed request to a real route whose body is not a request of its API. */
function badBody(): Buffer {
  const bodies: (() => Buffer)[] = [
    () => Buffer.from(randomText(Math.floor(random() * 200)), "latin1"),
    () => Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    () => Buffer.from(`${"[".repeat(2000 + Math.floor(random() * 3000))}`),
    () => Buffer.from(`{"messages":${"[".repeat(1500)}${"]".repeat(1500)}}`),
    () => Buffer.from('{"model":"m","messages":'),
    () => Buffer.from(pick(["null", "[]", "1", '"x"', "true", "{}", '{"messages":"no"}', '{"contents":{}}', '{"input":5}', '{"messages":[{"role":"tool"}]}'])),
    () => Buffer.from(`\uFEFF\uFEFF{}`),
    () => Buffer.from(`{"messages":[{"role":"user","content":[{"type":"${randomText(5).replace(/["\\]/g, "")}"}]}],"model":"m","max_tokens":1}`),
    () => Buffer.from(`{"__proto__":{"x":1},"constructor":{"prototype":{}},"messages":[]}`),
  ];
  const body = pick(bodies)();
  return Buffer.concat([Buffer.from(`POST ${pick(routes)} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`), body]);
}

test("2,100 malformed request lines, headers and bodies each get a 4xx or 5xx, and the server still answers a valid request", async () => {
  const cases: (string | Buffer)[] = [];
  for (let index = 0; index < 700; index++) cases.push(badRequestLine(), badHeaders(), badBody());
  const { server, port, events } = await startHostile();
  const unanswered: string[] = [];
  try {
    let next = 0;
    let silent = false;
    // Each exchange ends when the server closes the connection: a loaded machine only makes that
    // later. The guard is for a server that never answers; after the first such one, the workers
    // stop taking cases, so a silent server fails the test in about a guard's time, not 2,100 of them.
    const worker = async () => {
      for (let index = next++; index < cases.length && !silent; index = next++) {
        const request = cases[index] as string | Buffer;
        const status = statusOf(await rawExchange(port, request, 60_000));
        if (status === undefined) silent = true;
        if (status === undefined || status < 400) unanswered.push(`${status ?? "no answer"}: ${JSON.stringify(request.toString("latin1").slice(0, 120))}`);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    assert.deepEqual(unanswered.slice(0, 10), [], `${unanswered.length} of ${cases.length} were not answered with a 4xx/5xx`);
    assert.equal(statusOf(await rawExchange(port, validChat())), 200);
    const internal = events.filter((event) => event.type === "exchange" && event.record.outcome.kind === "internal");
    assert.deepEqual(internal, [], "no malformed request is an internal error");
  } finally {
    await server.close();
  }
});
