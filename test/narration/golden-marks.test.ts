// Every datum has its producer (issue 9, item 1): each line of every golden transcript is
// classified — the title, the legend, a step heading, a blank — or else it is a data line and must
// start with exactly one producer mark (model, app, tool, person) in the golden's language. A new
// fixture, or a new sentence in a catalog, that prints a line without a mark fails here.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { goldens, projectRoot } from "../../scripts/goldens.ts";
import { loadServeMessages } from "../../src/commands/serve/load-serve-messages.ts";
import { fixtureFileFor } from "../../src/fixture/fixture-files.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import type { Catalog } from "../../src/narration/catalog.ts";
import { allLanguages } from "../../src/narration/catalog-loader.ts";
import { shownMarks } from "../../src/narration/episode-options.ts";
import { ALL_MARKS } from "../../src/narration/legend-marks.ts";
import { loadCatalog } from "../../src/narration/load-catalog.ts";

const catalogs = await allLanguages(loadCatalog);
const serveWords = await allLanguages(loadServeMessages);

type Kind = "title" | "legend" | "blank" | "heading" | "data";

/** The old way of naming a producer inside a sentence, which read as a second, wrong mark. */
const inlineProducer = /\(made by the (model|app)\)|（(模型|应用)产生）/;

/** What a transcript is classified by: its language's marks and the legend its run prints. */
type Words = { marks: Catalog["marks"]; legend: string };

function classify(lines: readonly string[], say: Words): { kinds: Kind[]; problems: string[] } {
  const marks = Object.values(say.marks);
  const kinds: Kind[] = [];
  const problems: string[] = [];
  lines.forEach((line, index) => {
    const where = `line ${index + 1}: ${line}`;
    if (index === 0) return void kinds.push("title");
    if (index === 1) {
      if (line !== say.legend) problems.push(`${where}: the second line must be the legend`);
      return void kinds.push("legend");
    }
    if (line === "") return void kinds.push("blank");
    const startsWithMark = (text: string) => marks.find((mark) => text.startsWith(mark));
    if (lines[index - 1] === "") {
      if (startsWithMark(line)) problems.push(`${where}: a heading cannot carry a mark`);
      return void kinds.push("heading");
    }
    kinds.push("data");
    const mark = startsWithMark(line);
    if (!mark) return void problems.push(`${where}: a data line without a producer mark`);
    // The legend explains every mark the transcript shows (it lists only those its run can show).
    const word = mark.trim();
    if (!say.legend.includes(`${word} =`) && !say.legend.includes(`${word}＝`)) problems.push(`${where}: the legend does not explain "${word}"`);
    const rest = line.slice(mark.length).trimStart();
    if (startsWithMark(rest) || inlineProducer.test(rest)) problems.push(`${where}: two producer marks`);
  });
  return { kinds, problems };
}

test("every line of every golden transcript is classified; every data line has exactly one producer mark", async (t) => {
  let classified = 0;
  let dataLines = 0;
  const problems: string[] = [];
  // JSON Lines goldens (--json --stream) are data, not transcripts: they have no marks.
  for (const golden of goldens().filter((item) => !item.json)) {
    const lines = readFileSync(join(projectRoot, golden.file), "utf8").replace(/\n$/, "").split("\n");
    // serve narrates with its own legend and marks (the harness is the app there).
    // A fixture run's legend explains the marks its fixture can show (legend-marks.ts).
    const say = golden.serve
      ? { legend: serveWords[golden.lang].legend, marks: serveWords[golden.lang].marks }
      : {
          marks: catalogs[golden.lang].marks,
          legend: catalogs[golden.lang].legend(shownMarks(await loadFixture(fixtureFileFor(golden.fixture), undefined, golden.lang))),
        };
    const result = classify(lines, say);
    classified += result.kinds.length;
    dataLines += result.kinds.filter((kind) => kind === "data").length;
    problems.push(...result.problems.map((problem) => `${golden.file} ${problem}`));
  }
  t.diagnostic(`${classified} golden lines classified in ${goldens().length} files, ${dataLines} of them data lines`);
  assert.deepEqual(problems.slice(0, 10), [], `${problems.length} problems`);
});

test("the classifier rejects a data line with no mark and one with two", () => {
  const say = { marks: catalogs.en.marks, legend: catalogs.en.legend(ALL_MARKS) };
  const lines = [
    "Title",
    say.legend,
    "",
    "[1] heading",
    `${say.marks.app}fine`,
    "    no mark",
    `${say.marks.app}${say.marks.model}two`,
    `${say.marks.model}(made by the app) two`,
  ];
  assert.deepEqual(
    classify(lines, say).problems.map((problem) => problem.split(":")[0]),
    ["line 6", "line 7", "line 8"],
  );
});
