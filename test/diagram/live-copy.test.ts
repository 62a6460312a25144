// serve's live page as a copy: the page and the session's JSON are each made at most once per
// change of the session (an exchange recorded, a reset), however often they are asked for.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type LiveRender, livePage, SESSION_PATH } from "../../src/commands/serve/live-page.ts";
import type { Asked } from "../../src/commands/serve/page-writes.ts";
import { hostPolicy } from "../../src/commands/serve/request-guard.ts";
import type { ExchangeRecord } from "../../src/commands/serve/serve-events.ts";
import { htmlPage } from "../../src/diagram/html-page.ts";
import { pageData } from "../../src/diagram/page-data.ts";

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
