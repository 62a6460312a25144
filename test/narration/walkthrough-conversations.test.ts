// The walkthrough's later steps are conversations of their own, and the second model request is
// shown somewhere (issue 44, item 11): each of steps [6]–[9] says it starts a new conversation and
// lists the history and registry it starts from; the run ends by pointing to final-answer, which
// makes that second request; the README's walkthrough section points there too. And the README's
// claim about chapter strings is true (item 4).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { transcriptText } from "../../src/commands/play/transcript.ts";
import { fixtureFileFor } from "../../src/fixture/fixture-files.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import { allLanguages } from "../../src/narration/catalog-loader.ts";
import { loadCatalog } from "../../src/narration/load-catalog.ts";

const catalogs = await allLanguages(loadCatalog);
const run = async (name: string, lang: "zh" | "en") => transcriptText(await loadFixture(fixtureFileFor(name), undefined, lang), lang);
const blocks = (transcript: string) => transcript.split("\n\n");

for (const lang of ["zh", "en"] as const) {
  test(`${lang}: steps [6]–[9] each open a new conversation with its history and registry, and the run points to the second request`, async () => {
    const transcript = await run("walkthrough", lang);
    const registries = { "6": "calc", "7": "echo", "8": "echo", "9": "boom" };
    for (const [step, tool] of Object.entries(registries)) {
      const block = blocks(transcript).find((text) => text.startsWith(`[${step}]`)) ?? "";
      const lines = block.split("\n");
      const opening = lines.findIndex((line) => line.includes(catalogs[lang].newConversation([tool])));
      assert.ok(opening > 0, `[${step}] says where its conversation starts:\n${block}`);
      assert.match(lines[opening + 2] ?? "", /\[user\]/, `[${step}] lists the history it starts from`);
      const call = lines.findIndex((line) => /^(模型|model) /.test(line));
      assert.ok(call > opening + 2, `[${step}]: the conversation's start comes before the model's call`);
    }
    assert.equal(transcript.trimEnd().split("\n").at(-1), `${lang === "zh" ? "应用" : "app "}   ${catalogs[lang].secondRequestElsewhere}`);
    assert.match(catalogs[lang].secondRequestElsewhere, /npm start -- final-answer/);
  });
}

test("final-answer makes the second request the walkthrough points to, and points nowhere else", async () => {
  const transcript = await run("final-answer", "zh");
  assert.ok(transcript.includes(catalogs.zh.requestAgainStep(6, 2, 3, true)), transcript);
  assert.ok(!transcript.includes(catalogs.zh.secondRequestElsewhere));
});

test("the README's walkthrough section points to final-answer, and its chapter strings are the chapters'", () => {
  const readme = readFileSync(join(projectRoot, "README.md"), "utf8");
  const walkthrough = readme.slice(readme.indexOf("## What the walkthrough shows"), readme.indexOf("### Try bad arguments"));
  assert.match(walkthrough, /`npm start -- final-answer`/);
  // Chapter 06's strings, as the chapter writes them (the seed document 000_…: its tests and its echo).
  const chapterSix = ["Tool echo failed: 必须是 string", "未知工具", "Echo one value"];
  const claim = /its exact strings are ([^.]*?), and a number/.exec(readme.replace(/\n/g, " "))?.[1] ?? "";
  const named = [...claim.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
  assert.ok(named.length >= 2, claim);
  for (const text of named) assert.ok(chapterSix.includes(text ?? ""), `the README calls ${text} a chapter string`);
  // design.md and the README agree: --lang changes what the model reads, these texts included.
  const design = readFileSync(join(projectRoot, "docs", "design.md"), "utf8");
  assert.doesNotMatch(design, /`--lang` changes the\s+narration around them/);
  assert.match(design, /`--lang en` changes the narration and everything\s+the model reads, these texts included/);
});
