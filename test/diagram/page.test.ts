// The page --html writes, and the Mermaid --mermaid prints, checked in a real browser (Debian's
// Chromium through playwright-core, one launch for the file): the page loads with no console error
// and asks nothing of the network; its arrows are the run's events; a click, or Tab and Enter,
// opens the right message, the history at that request and a provider's exact body; it reads at
// 1280×800 and at 390 px. Mermaid's own parser and renderer accept every fixture's diagram.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { pathToFileURL } from "node:url";
import type { Browser, Locator, Page } from "playwright-core";
import { browserSkipReason, launchChromium, watchPage } from "../../scripts/browser.ts";
import { projectRoot } from "../../scripts/goldens.ts";
import { fixtureMermaid } from "../../src/commands/play/diagram-output.ts";
import { fixtureNames } from "../../src/fixture/fixture-files.ts";
import type { Context, Message } from "../../src/protocol/types.ts";
import { providers } from "../../src/providers/registry.ts";
import { cli } from "../play/in-process.ts";
import { arrowsCalledFor, fixture, runEvents } from "./run-events.ts";

const skip = browserSkipReason();

async function text(locator: Locator): Promise<string> {
  return (await locator.textContent()) ?? "";
}
const folder = mkdtempSync(join(tmpdir(), "diagram-page-"));

/** The walkthrough with its first reply's text replaced by `reply` in both languages, written to
 *  `name` in the test's folder: its path. */
function walkthroughReplying(reply: string, name: string): string {
  const walkthrough = JSON.parse(readFileSync(join(projectRoot, "fixtures/walkthrough.json"), "utf8"));
  walkthrough.episodes[0].script[0].content[0].text = { zh: reply, en: reply };
  const source = join(folder, name);
  writeFileSync(source, JSON.stringify({ ...walkthrough, $schema: undefined }));
  return source;
}

let browser: Browser;

before(async () => {
  if (skip === undefined) browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A page at a size, watched: every request that leaves the file is stopped and counted. */
async function openPage(file: string, width = 1280, height = 800): Promise<{ page: Page; leaks: string[]; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height } });
  const watched = await watchPage(page, (url) => url.startsWith("file://") || url.startsWith("about:"));
  await page.goto(pathToFileURL(file).href);
  return { page, ...watched };
}

const written = new Map<string, string>();

/** The page `--html` writes for a fixture (once per fixture in this file). */
async function writtenPage(name: string): Promise<string> {
  const known = written.get(name);
  if (known !== undefined) return known;
  const file = join(folder, `page-${written.size}.html`);
  const run = await cli([name, "--lang", "en", "--html", file]);
  assert.equal(run.code, 0, run.err);
  written.set(name, file);
  return file;
}

describe("the --html page", { skip }, () => {
  test("loads with no console error and no request leaving the machine, its arrows the run's events", async () => {
    for (const name of ["walkthrough", "self-correction", "turn-cap"]) {
      const { page, leaks, errors } = await openPage(await writtenPage(name));
      const events = await runEvents(await fixture(name));
      const expected = events.reduce((sum, episode) => sum + arrowsCalledFor(episode), 0);
      assert.equal(await page.locator(".arrow").count(), expected, name);
      assert.equal((await page.locator(".arrow.failure").count()) > 0, name !== "turn-cap", `${name}: failures highlighted`);
      assert.deepEqual(errors, [], name);
      assert.deepEqual(leaks, [], name);
      await page.close();
    }
  });

  test("a click opens the right message, the history at that request and the chosen provider's exact body", async () => {
    const { page } = await openPage(await writtenPage("final-answer"));
    const events = (await runEvents(await fixture("final-answer"))).flat();
    const replies = events.flatMap((event) => (event.type === "messageAppended" && event.message.role === "assistant" ? [event.message] : []));
    const requests = events.flatMap((event) => (event.type === "turnStart" ? [event.context] : []));
    const second = requests[1];
    assert.ok(second && replies[1]);
    // The second reply's arrow: its message is the reply, the history is what request 2 sent.
    await page
      .locator(".arrow", { hasText: /^model → appreply: "/ })
      .nth(1)
      .click();
    assert.equal(await page.locator("#details").getAttribute("open"), "");
    assert.deepEqual(JSON.parse(await text(page.locator("#details-message"))), JSON.parse(JSON.stringify(replies[1])));
    const history: Message[] = JSON.parse(await text(page.locator("#details-history")));
    assert.equal(history.length, 3);
    for (const id of ["anthropic", "gemini", "openai-chat", "openai-responses"] as const) {
      await page.locator("#provider").selectOption(id);
      const body: unknown = JSON.parse(await text(page.locator("#details-body")));
      const context: Context = { systemPrompt: second.systemPrompt, tools: second.tools, messages: history };
      assert.deepEqual(body, JSON.parse(JSON.stringify(providers[id].request.render(context).body)), id);
    }
    await page.keyboard.press("Escape");
    assert.equal(await page.locator("#details").getAttribute("open"), null);
    await page.close();
  });

  test("from the keyboard: Tab reaches the first arrow and Enter opens it", async () => {
    const { page } = await openPage(await writtenPage("walkthrough"));
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate("document.activeElement.className"), "arrow normal");
    await page.keyboard.press("Enter");
    assert.match(await text(page.locator("#details-title")), /^user: What is 128 times 64\?/);
    assert.equal(JSON.parse(await text(page.locator("#details-message"))).role, "user");
    await page.close();
  });

  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    test(`reads at ${width}×${height}: nothing wider than the window, every arrow's words inside it`, async () => {
      const { page } = await openPage(await writtenPage("walkthrough"), width, height);
      // In the page: how far it is wider than the window, and how many arrow texts are squeezed
      // (narrower than a short line of words) or cut.
      const overflow: unknown = await page.evaluate(`({
        page: document.documentElement.scrollWidth - window.innerWidth,
        texts: [...document.querySelectorAll(".arrow .text")].filter((node) => {
          const box = node.getBoundingClientRect();
          return box.width < Math.min(200, window.innerWidth * 0.6) || box.right > window.innerWidth + 1;
        }).length,
      })`);
      assert.deepEqual(overflow, { page: 0, texts: 0 });
      await page.close();
    });
  }

  test("the run's own text is shown as text: markup in a reply runs nothing and loads nothing", async () => {
    const hostile = '</script><img src="https://example.com/x.png" onerror="console.error(1)"><script>console.error(2)</script>';
    const source = walkthroughReplying(hostile, "hostile.json");
    const { page, leaks, errors } = await openPage(await writtenPage(source));
    assert.equal(await page.locator("img").count(), 0);
    assert.match(await text(page.locator(".arrow").nth(2)), /<\/script><img src=/);
    assert.deepEqual([errors, leaks], [[], []]);
    await page.close();
  });

  test("the page speaks the run's language", async () => {
    const file = join(folder, "zh.html");
    assert.equal((await cli(["--html", file])).code, 0);
    const { page } = await openPage(file);
    assert.equal(await page.getAttribute("html", "lang"), "zh-CN");
    assert.match(await text(page.locator(".lane-name").first()), /人工/);
    await page.close();
  });
});

describe("Mermaid's own code accepts --mermaid", { skip }, () => {
  let page: Page;
  before(async () => {
    page = await browser.newPage();
    await page.setContent("<!doctype html><html><body></body></html>");
    await page.addScriptTag({ path: join(projectRoot, "node_modules/mermaid/dist/mermaid.min.js") });
    // In the page: Mermaid's parser says "ok" or its error; its renderer draws into the body.
    await page.addScriptTag({
      content: `mermaid.initialize({ startOnLoad: false });
        window.parseDiagram = async (text) => { try { await mermaid.parse(text); return "ok"; } catch (error) { return String(error); } };
        window.renderDiagram = async (text) => {
          document.body.innerHTML = (await mermaid.render("figure", text)).svg;
          return { lines: document.querySelectorAll(".messageText").length, text: document.body.textContent };
        };`,
    });
  });

  const parse = (text: string): Promise<unknown> => page.evaluate(`parseDiagram(${JSON.stringify(text)})`);

  test("every fixture's diagram parses, in both languages", async () => {
    for (const lang of ["zh", "en"] as const)
      for (const name of fixtureNames().filter((each) => each !== "slow-tool-aborted"))
        assert.equal(await parse(await fixtureMermaid(await fixture(name), lang)), "ok", `${name} ${lang}`);
  });

  test("text from the run cannot break the diagram: a reply full of Mermaid's own syntax still parses", async () => {
    const hostile = "a; b\nNote over app: x\n%% end #35; <br> -->> participant x as y: end";
    const run = await cli([walkthroughReplying(hostile, "mermaid-hostile.json"), "--mermaid", "--lang", "en"]);
    assert.equal(await parse(run.out), "ok");
  });

  test("a Mermaid directive in a reply is drawn as text, not applied: every message line still shows", async () => {
    const directive = '%%{init: {"themeCSS": ".messageText {display: none}"}}%%';
    const run = await cli([walkthroughReplying(directive, "mermaid-directive.json"), "--mermaid", "--lang", "en"]);
    const drawn: unknown = await page.evaluate(`renderDiagram(${JSON.stringify(run.out)})`);
    assert.ok(typeof drawn === "object" && drawn !== null && "lines" in drawn && "text" in drawn);
    assert.ok(String(drawn.text).includes('reply: "%%{init: {'), String(drawn.text));
    assert.equal(await page.evaluate(`getComputedStyle(document.querySelector(".messageText")).display`), "block");
  });

  test("the walkthrough renders with one message line per arrow", async () => {
    const text = await fixtureMermaid(await fixture("walkthrough"), "en");
    const drawn: unknown = await page.evaluate(`renderDiagram(${JSON.stringify(text)})`);
    const events = await runEvents(await fixture("walkthrough"));
    assert.ok(typeof drawn === "object" && drawn !== null && "lines" in drawn && "text" in drawn);
    assert.equal(
      drawn.lines,
      events.reduce((sum, episode) => sum + arrowsCalledFor(episode), 0),
    );
    assert.match(String(drawn.text), /toolCall calc#call_1/);
  });
});

test("--mermaid writes a reply's bidi and zero-width characters as spaces, as the terminal would not show them", async () => {
  const run = await cli([walkthroughReplying("abc\u202edef\u200bghi\u2066jkl", "mermaid-hidden.json"), "--mermaid", "--lang", "en"]);
  assert.equal(run.code, 0, run.err);
  assert.match(run.out, /abc def ghi jkl/);
});
