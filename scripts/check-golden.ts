// npm run check: replays every fixture and compares its transcript with the committed golden
// file. It names each golden that differs and shows the first of each fixture as a unified diff
// (scripts/check-report.ts); `--all` shows every diff, `--update` rewrites the goldens on purpose.
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fixtureFileFor } from "../src/fixture/fixture-files.ts";
import { errorLine } from "../src/narration/error-line.ts";
import { loadCatalog } from "../src/narration/load-catalog.ts";
import { type Difference, differenceReport } from "./check-report.ts";
import { goldens, goldenText, projectRoot } from "./goldens.ts";

const usage =
  "usage: npm run check [-- --update | --all]\n  --update  rewrite the golden files from the current output (review the git diff afterwards)\n  --all     show the diff of every golden that differs, not only each fixture's first";
const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(usage);
  process.exit(0);
}
const unknown = args.filter((arg) => arg !== "--update" && arg !== "--all");
if (unknown.length > 0) {
  console.error(`check: unknown argument ${unknown.join(" ")}\n${usage}`);
  process.exit(2);
}
const update = args.includes("--update");

let failures = 0;
let rewritten = 0;
let matched = 0;
const differences: Difference[] = [];
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
    matched++;
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
    differences.push({ fixture: golden.fixture, label, file: golden.file, expected, actual });
    failures++;
  }
}
for (const line of differenceReport(differences, args.includes("--all"))) console.error(line);
// One summary line, last, so the verdict does not hide among one line per golden.
if (failures > 0) {
  console.error(
    `${failures} of ${all.length} golden files differ (${matched} match). If the change is intended, run npm run check -- --update and review the diff.`,
  );
  process.exit(1);
}
console.log(
  rewritten > 0 ? `${rewritten} of ${all.length} golden files rewritten; review git diff before committing.` : `All ${all.length} golden files match.`,
);
