// serve's live page as a copy: the page and the session's JSON are each made at most once per
// change of the session (an exchange recorded, a reset), however often they are asked for; the
// page comes with its Content-Security-Policy as a header, `frame-ancestors 'none'` in it, and
// `X-Frame-Options: DENY`, with no second policy in a <meta>; and neither it nor the JSON, nor the
// journal and reset paths, answer a request another site's page sent (Sec-Fetch-Site), while
// serve's own page (`same-origin`) and an address typed (`none`) are answered.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { type LiveRender, livePage, SESSION_PATH } from "../../src/commands/serve/live-page.ts";
import type { Asked } from "../../src/commands/serve/page-writes.ts";
import { EXCHANGES_PATH, RESET_PATH } from "../../src/commands/serve/playground-paths.ts";
import { hostPolicy } from "../../src/commands/serve/request-guard.ts";
import type { ExchangeRecord } from "../../src/commands/serve/serve-events.ts";
import { htmlPage } from "../../src/diagram/html-page.ts";
import { pageData } from "../../src/diagram/page-data.ts";
import { rawExchange, statusOf } from "../serve/hostile-raw.ts";
import { type ServeRun, startServe } from "../serve/serve-helpers.ts";

const policy = hostPolicy("127.0.0.1", "127.0.0.1");

function get(path: string): Asked {
  return { method: "GET", url: path, headers: { host: "127.0.0.1:8080" }, rawHeaders: ["Host", "127.0.0.1:8080"] };
}

function exchange(number: number): ExchangeRecord {
  return {
    number,
    method: "POST",
    path: "/v1/chat/completions",
    provider: "openai-chat",
    stream: false,
    outcome: { status: 400, kind: "notFound", message: "no" },
  };
}

test("the page and its JSON are each made once per change of the session, however often asked for", async () => {
  const made = { page: 0, data: 0 };
  const render: LiveRender = {
    page: (...args) => {
      made.page += 1;
      return htmlPage(...args);
    },
    data: (...args) => {
      made.data += 1;
      return pageData(...args);
    },
  };
  const live = await livePage("en", "counted", render);
  const take = (path: string): string => live.answerFor(get(path), policy)?.take().toString() ?? "";
  const asks = (): string[] => [take("/"), take(SESSION_PATH), take("/"), take(SESSION_PATH), take("/")];
  const first = asks();
  assert.deepEqual(made, { page: 1, data: 1 });
  live.record(exchange(1));
  const second = asks();
  assert.deepEqual(made, { page: 2, data: 2 });
  assert.notEqual(second[0], first[0], "the page shows the exchange recorded");
  assert.match(second[1] ?? "", /#1 openai-chat POST/);
  live.reset();
  asks();
  assert.deepEqual(made, { page: 3, data: 3 });
  // Asked for and never taken (a request still waiting its turn): nothing is made.
  live.record(exchange(2));
  live.answerFor(get("/"), policy);
  assert.deepEqual(made, { page: 3, data: 3 });
});

test("the page forbids framing: frame-ancestors 'none' in its one policy, sent as a header, and X-Frame-Options DENY", async () => {
  const live = await livePage("en", "framed");
  const answer = live.answerFor(get("/"), policy);
  assert.ok(answer);
  const csp = String(answer.headers["content-security-policy"]);
  assert.match(csp, /(^|; )frame-ancestors 'none'($|;)/);
  assert.match(csp, /(^|; )default-src 'none'($|;)/);
  assert.match(csp, /(^|; )connect-src 'self'($|;)/);
  assert.equal(answer.headers["x-frame-options"], "DENY");
  assert.doesNotMatch(answer.take().toString(), /http-equiv/i, "no second policy in a <meta>");
});

let server: ServeRun;
before(async () => {
  server = await startServe("serve-calc");
});
after(async () => {
  await server.stop();
});

/** The status of `method path` sent with these headers, as a browser would send them. */
async function sent(method: string, path: string, headers: readonly (readonly [string, string])[]): Promise<number | undefined> {
  const host = new URL(server.url).host;
  const lines = [["Host", host], ...headers].map(([name, value]) => `${name}: ${value}\r\n`).join("");
  const length = method === "POST" ? "Content-Length: 0\r\n" : "";
  return statusOf(await rawExchange(Number(new URL(server.url).port), `${method} ${path} HTTP/1.1\r\n${lines}${length}Connection: close\r\n\r\n`));
}

const own: readonly (readonly [string, string])[] = [
  ["GET", "/"],
  ["GET", SESSION_PATH],
  ["GET", EXCHANGES_PATH],
];

test("a request another site's page sent, with no Origin (an <img src>), is refused: the page, its JSON, the journal, reset", async () => {
  for (const site of ["cross-site", "same-site", "cross-site, same-origin"])
    for (const [method, path] of [...own, ["POST", RESET_PATH]] as const)
      assert.equal(await sent(method, path, [["Sec-Fetch-Site", site]]), 403, `${site} ${method} ${path}`);
  // A provider's route, too: a page on another site gets nothing from serve.
  assert.equal(await sent("GET", "/v1/models", [["Sec-Fetch-Site", "cross-site"]]), 403);
  assert.match(server.out(), /Sec-Fetch-Site "cross-site"/);
});

test("serve's own page (same-origin), an address typed (none) and a client that sends no Sec-Fetch-Site are answered", async () => {
  for (const headers of [[["Sec-Fetch-Site", "same-origin"]], [["Sec-Fetch-Site", "none"]], []] as const)
    for (const [method, path] of own) assert.equal(await sent(method, path, headers), 200, `${JSON.stringify(headers)} ${method} ${path}`);
  assert.equal(await sent("POST", RESET_PATH, [["Sec-Fetch-Site", "same-origin"]]), 204);
  // A 204 carries no length (RFC 9110 §8.6): Node would send the one it is given.
  const reset = await rawExchange(
    Number(new URL(server.url).port),
    `POST ${RESET_PATH} HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
  );
  assert.match(reset, /^HTTP\/1\.1 204 /);
  assert.doesNotMatch(reset, /content-length/i);
});
