// serve's live page, in a real browser: `GET /` at serve's own address shows the session so far and
// shows a request made after the page was opened; it loads nothing from elsewhere and logs no
// error; it answers only for serve's own Host; and a key a request carried — in Authorization,
// x-api-key, x-goog-api-key, api-key or a `key=` query — never reaches the page.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser } from "playwright-core";
import { browserSkipReason, launchChromium, watchPage } from "../../scripts/browser.ts";
import { SESSION_PATH } from "../../src/commands/serve/live-page.ts";
import { KEPT_EXCHANGES } from "../../src/diagram/live-session.ts";
import { rawExchange, statusOf } from "../serve/hostile-raw.ts";
import { type ServeRun, startServe } from "../serve/serve-helpers.ts";

const skip = browserSkipReason();
const secrets = ["AUTH-SECRET-1a2b", "XAPI-SECRET-3c4d", "GOOG-SECRET-5e6f", "AZURE-SECRET-7g8h", "QUERY-SECRET-9i0j"];
let browser: Browser | undefined;
let server: ServeRun;

before(async () => {
  server = await startServe("serve-calc");
  if (skip === undefined) browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await server.stop();
});

/** A harness's request carrying a key in every place a provider reads one from. */
function keyedRequest(): Promise<Response> {
  return fetch(`${server.url}/v1beta/models/fake-model:generateContent?key=${secrets[4]}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${secrets[0]}`,
      "x-api-key": secrets[1] ?? "",
      "x-goog-api-key": secrets[2] ?? "",
      "api-key": secrets[3] ?? "",
    },
    body: JSON.stringify({
      contents: [{ role: "user", parts: [{ text: "What are 7 + 5 and 6 × 7?" }] }],
      tools: [{ functionDeclarations: [{ name: "calc", description: "arithmetic", parameters: { type: "object", properties: { a: { type: "number" } } } }] }],
    }),
  });
}

/** A GET with these headers (a Host, an Origin, a second Host): what a web page on another name
 *  would send, written out as sent. */
async function rawGet(path: string, headers: readonly (readonly [string, string])[]): Promise<number | undefined> {
  const lines = headers.map(([name, value]) => `${name}: ${value}\r\n`).join("");
  return statusOf(await rawExchange(Number(new URL(server.url).port), `GET ${path} HTTP/1.1\r\n${lines}Connection: close\r\n\r\n`));
}

/** The label of the last request arrow in the session the page polls. */
function lastRequestLabel(session: unknown): string | undefined {
  if (typeof session !== "object" || session === null || !("episodes" in session) || !Array.isArray(session.episodes)) return undefined;
  const arrows: unknown[] = session.episodes.flatMap((episode: unknown) =>
    typeof episode === "object" && episode !== null && "arrows" in episode && Array.isArray(episode.arrows) ? episode.arrows : [],
  );
  const labels = arrows.flatMap((arrow) =>
    typeof arrow === "object" && arrow !== null && "label" in arrow && typeof arrow.label === "string" ? [arrow.label] : [],
  );
  return labels.filter((label) => / POST /.test(label)).at(-1);
}

describe("serve's live page", { skip }, () => {
  test("shows a request made after it was opened, with no console error and nothing from the network", async () => {
    assert.ok(browser);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const { leaks, errors } = await watchPage(page, (url) => url.startsWith(`${server.url}/`));
    await page.goto(`${server.url}/`);
    const before = await page.locator(".arrow").count();
    const answer = await keyedRequest();
    assert.equal(answer.status, 200, await answer.text());
    await page
      .locator(".arrow")
      .nth(before + 1)
      .waitFor({ timeout: 5000 });
    assert.match((await page.locator(".arrow").nth(before).textContent()) ?? "", /#\d+ gemini POST \/v1beta\/models\/fake-model:generateContent/);
    await page
      .locator(".arrow")
      .nth(before + 1)
      .click();
    assert.match((await page.locator("#details-message").textContent()) ?? "", /"toolCall"/);
    assert.deepEqual([errors, leaks], [[], []]);
    await page.close();
  });

  test("keeps showing new requests once the oldest are left out and the count of arrows stays the same", async () => {
    assert.ok(browser);
    for (let sent = 0; sent <= KEPT_EXCHANGES; sent++) assert.equal((await keyedRequest()).status, 200);
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    await page.locator(".arrow").first().waitFor();
    const arrowsBefore = await page.locator(".arrow").count();
    assert.equal((await keyedRequest()).status, 200);
    const newest = lastRequestLabel(await (await fetch(`${server.url}${SESSION_PATH}`)).json());
    assert.ok(newest, "the session names the newest request");
    await page.locator(".arrow", { hasText: newest }).waitFor({ timeout: 5000 });
    assert.equal(await page.locator(".arrow").count(), arrowsBefore, "as many arrows as before: the oldest exchange was left out");
    await page.close();
  });

  test("never shows a key a request carried: not on the page, not in the session it polls", async () => {
    assert.ok(browser);
    await keyedRequest();
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    await page.locator(".arrow").first().waitFor();
    const shown = `${await page.content()}${await (await fetch(`${server.url}${SESSION_PATH}`)).text()}`;
    for (const secret of secrets) assert.ok(!shown.includes(secret), `${secret} is shown`);
    await page.close();
  });
});

test("the live page answers only for serve's own Host; a foreign Host or Origin is refused as before", async () => {
  const host = new URL(server.url).host;
  assert.equal(await rawGet("/", [["Host", host]]), 200);
  assert.equal(await rawGet(SESSION_PATH, [["Host", host]]), 200);
  assert.equal(await rawGet("/", [["Host", "evil.example"]]), 403);
  assert.equal(await rawGet(SESSION_PATH, [["Host", "evil.example:80"]]), 403);
  assert.equal(
    await rawGet("/", [
      ["Host", host],
      ["Origin", "http://evil.example"],
    ]),
    403,
  );
  assert.equal(await rawGet("/elsewhere", [["Host", host]]), 404);
});

test("the live page refuses a request with a second Host header, as serve's API routes do", async () => {
  const host = new URL(server.url).host;
  assert.equal(
    await rawGet("/", [
      ["Host", host],
      ["Host", "evil.example"],
    ]),
    403,
  );
  assert.equal(
    await rawGet(SESSION_PATH, [
      ["Host", host],
      ["Host", "evil.example"],
    ]),
    403,
  );
});

test("the live page and the session it polls agree: no request bodies, so no provider picker, in either", async () => {
  const html = await (await fetch(`${server.url}/`)).text();
  const session: unknown = await (await fetch(`${server.url}${SESSION_PATH}`)).json();
  assert.ok(typeof session === "object" && session !== null && "providers" in session);
  assert.deepEqual(session.providers, []);
  assert.match(html, /"providers":\[\]/);
});
