// npm run check: replays every fixture and compares its transcript with the committed golden
// file, printing a unified diff for each mismatch. `--update` rewrites the goldens on purpose.
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { createTwoFilesPatch } from "diff";
import { fixtureFileFor } from "../src/fixture/fixture-files.ts";
import { errorLine } from "../src/narration/error-line.ts";
import { loadCatalog } from "../src/narration/load-catalog.ts";
import { goldens, goldenText, projectRoot, toolListChange } from "./goldens.ts";

const usage = "usage: npm run check [-- --update]\n  --update  rewrite the golden files from the current output (review the git diff afterwards)";
const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(usage);
  process.exit(0);
}
const unknown = args.filter((arg) => arg !== "--update");
if (unknown.length > 0) {
  console.error(`check: unknown argument ${unknown.join(" ")}\n${usage}`);
  process.exit(2);
}
const update = args.includes("--update");

let failures = 0;
let rewritten = 0;
const all = goldens();
for (const golden of all) {
  const label = `${golden.fixture} (${[golden.lang, golden.wire, golden.toolErrors && `--tool-errors ${golden.toolErrors}`, golden.stream && "stream", golden.json && "json"].filter(Boolean).join(", ")}) → ${golden.file}`;
  const source = fixtureFileFor(golden.fixture);
  let actual: string;
  try {
    actual = await goldenText(golden);
  } catch (error) {
    const line = errorLine(error, source, await loadCatalog(golden.lang));
    if (line === undefined) throw error;
    console.error(`✗ ${label}\n  ${line}`);
    failures++;
    continue;
  }
  const path = join(projectRoot, golden.file);
  const expected = await readFile(path, "utf8").catch(() => undefined);
  if (expected === actual) {
    console.log(`✓ ${label}`);
  } else if (update) {
    // Written beside and renamed, so an interrupted update never leaves half a golden file.
    await mkdir(dirname(path), { recursive: true });
    await writeFile(`${path}.tmp`, actual);
    await rename(`${path}.tmp`, path);
    console.log(`↻ ${label} (rewritten)`);
    rewritten++;
  } else if (expected === undefined) {
    console.error(`✗ ${label}: the golden file does not exist; create it with npm run check -- --update`);
    failures++;
  } else {
    console.error(`✗ ${label}: the transcript differs from the golden file`);
    const why = toolListChange(expected, actual);
    if (why) console.error(`  ${why}`);
    console.error(createTwoFilesPatch(golden.file, "actual output", expected, actual, "", "", { context: 3 }));
    failures++;
  }
}
// One summary line, last, so the verdict does not hide among one line per golden.
if (failures > 0) {
  console.error(`${failures} of ${all.length} golden files differ. If the change is intended, run npm run check -- --update and review the diff.`);
  process.exit(1);
}
console.log(
  rewritten > 0 ? `${rewritten} of ${all.length} golden files rewritten; review git diff before committing.` : `All ${all.length} golden files match.`,
);
