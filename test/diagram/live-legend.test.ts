// serve's live page speaks serve's legend (issue 55, item 4): the README says serve prints a legend
// of its own, and its page draws the lanes app, playground and model, so the page's legend is
// serve's (serve-messages-*.ts) and names the playground, in both languages — never the fixture
// run's legend of registry, executor and record.
import assert from "node:assert/strict";
import { test } from "node:test";
import { livePage, SESSION_PATH } from "../../src/commands/serve/live-page.ts";
import { loadServeMessages } from "../../src/commands/serve/load-serve-messages.ts";
import type { Asked } from "../../src/commands/serve/page-writes.ts";
import { hostPolicy } from "../../src/commands/serve/request-guard.ts";
import type { Language } from "../../src/fixture/fixture-format.ts";
import { isRecord } from "../../src/json/is-record.ts";
import { ALL_MARKS } from "../../src/narration/legend-marks.ts";
import { loadCatalog } from "../../src/narration/load-catalog.ts";

const policy = hostPolicy("127.0.0.1", "127.0.0.1");

function get(path: string): Asked {
  return { method: "GET", url: path, headers: { host: "127.0.0.1:8080" }, rawHeaders: ["Host", "127.0.0.1:8080"] };
}

async function sessionJson(lang: Language): Promise<{ legend: string; lanes: string[] }> {
  const page = await livePage(lang, "serve-calc");
  page.record({
    number: 1,
    method: "POST",
    path: "/v1/chat/completions",
    provider: "openai-chat",
    stream: false,
    outcome: { status: 404, kind: "notFound", message: "no" },
  });
  const answer = page.answerFor(get(SESSION_PATH), policy);
  assert.ok(answer);
  const data: unknown = JSON.parse(answer.take().toString("utf8"));
  assert.ok(isRecord(data) && typeof data.legend === "string" && Array.isArray(data.episodes), "the session's legend and episodes");
  const laneNames = (episode: unknown) =>
    (isRecord(episode) && Array.isArray(episode.lanes) ? episode.lanes : []).map((lane) => (isRecord(lane) ? String(lane.name) : ""));
  return { legend: data.legend, lanes: data.episodes.flatMap(laneNames) };
}

for (const lang of ["en", "zh"] as const) {
  test(`the live page (${lang}) shows serve's legend and serve's marks on its lanes, not a fixture run's`, async () => {
    const [serve, catalog] = await Promise.all([loadServeMessages(lang), loadCatalog(lang)]);
    const { legend, lanes } = await sessionJson(lang);
    assert.equal(legend, serve.legend);
    assert.notEqual(legend, catalog.legend(ALL_MARKS));
    assert.ok(legend.includes(serve.marks.playground.trim()), "the legend names the playground's lane");
    assert.deepEqual(lanes, [serve.marks.app.trim(), serve.marks.playground.trim(), serve.marks.model.trim()]);
    const html = page(await livePage(lang, "serve-calc"));
    assert.ok(html.includes(serve.marks.playground.trim()));
  });
}

function page(live: Awaited<ReturnType<typeof livePage>>): string {
  const answer = live.answerFor(get("/"), policy);
  assert.ok(answer);
  return answer.take().toString("utf8");
}
