// Chapter 3.4's figure in the README's walkthrough section is generated from the real run of the
// walkthrough's question carried on to its second request (`npm run readme-figure`): both copies — README.md's and docs/diagram.md's — must be what the run
// draws today, and the section must show the command that draws the rest.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { figureIn, readmeFigure } from "../../scripts/readme-figure.ts";

const figure = await readmeFigure();

test("docs/diagram.md holds chapter 3.4's figure as the run draws it", () => {
  assert.equal(figureIn(readFileSync(join(projectRoot, "docs/diagram.md"), "utf8")), figure, "run `npm run readme-figure -- --write`");
});

test("the README's walkthrough section shows chapter 3.4's figure, drawn from the run, and `npm start -- --diagram`", () => {
  const readme = readFileSync(join(projectRoot, "README.md"), "utf8");
  const shown = figureIn(readme);
  assert.equal(shown, figure, "run `npm run readme-figure -- --write`");
  const start = readme.indexOf("## What the walkthrough shows");
  const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
  assert.ok(start !== -1 && section.includes(figure), "the figure stands in the walkthrough section");
  assert.match(section, /npm start -- --diagram/);
});
