// Saving an interactive run (issue 10 items 10 and 11): every I/O failure is a message and a new
// prompt, nothing is left behind, paths resolve inside the project unless the person confirms
// another folder, a symlink at the destination is refused, the replay hint is a command that
// works, "(with your edits)" only after edits; a script that runs out in -i is the same fixture
// error as without -i.
import assert from "node:assert/strict";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { after, test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { playInteractive, replayCommand } from "../../src/commands/interactive/play-interactive.ts";
import { fixtureFileFor, resolveFixture } from "../../src/fixture/fixture-files.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import { allLanguages } from "../../src/narration/catalog-loader.ts";
import { errorLine } from "../../src/narration/error-line.ts";
import { loadCatalog } from "../../src/narration/load-catalog.ts";
import { plainStyle } from "../../src/narration/style.ts";
import { runFixture } from "../../src/replay/run-fixture.ts";
import { type Answer, ScriptedUI } from "./scripted-ui.ts";

const catalogs = await allLanguages(loadCatalog);

// Inside the project (experiments/ is git-ignored), removed afterwards.
const inside = mkdtempSync(join(projectRoot, "experiments-test-"));
const outside = mkdtempSync(join(tmpdir(), "tcp-save-"));
after(() => {
  rmSync(inside, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});
const rel = (path: string) => relative(projectRoot, path);

async function save(answers: Answer[], options: { fixture?: string; maxTurns?: number } = {}) {
  const ui = new ScriptedUI([{ prompt: "pause", value: "runToEnd" }, ...answers]);
  const errors: string[] = [];
  const code = await playInteractive({
    fixtureArgument: options.fixture ?? "final-answer",
    lang: "en",
    style: plainStyle,
    ui,
    write: () => {},
    err: (line) => errors.push(line),
    ...(options.maxTurns === undefined ? {} : { overrides: { maxTurns: options.maxTurns } }),
  });
  return { code, ui, errors };
}

/** Any `*.tmp` left anywhere under `folder`. */
function leftovers(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".tmp"));
}

test("a directory, a path under a file, a trailing slash and an unwritable place: a message and a new prompt each", async () => {
  const folder = join(inside, "a-folder");
  mkdirSync(folder);
  const existing = join(inside, "existing.json");
  writeFileSync(existing, "{}\n");
  const { code, ui, errors } = await save([
    { prompt: "saveAs", value: rel(folder) },
    { prompt: "saveAs", value: `${rel(existing)}/x.json` },
    { prompt: "saveAs", value: `${rel(join(inside, "newdir"))}/` },
    { prompt: "saveAs", value: "/proc/x.json" },
    { prompt: "confirmOutside", value: true },
    { prompt: "saveAs", value: undefined },
  ]);
  assert.equal(code, 0, errors.join("\n"));
  assert.deepEqual(ui.unused(), []);
  assert.equal(ui.said.length, 4, ui.said.join("\n"));
  assert.match(ui.said[0] ?? "", /is a folder; give a file name/);
  assert.match(ui.said[1] ?? "", /^Could not save to .*existing\.json\/x\.json: .*(ENOTDIR|EEXIST).*Nothing was written/);
  assert.match(ui.said[2] ?? "", /newdir\/ is a folder/);
  assert.match(ui.said[3] ?? "", /^Could not save to \/proc\/x\.json: /);
  assert.equal(existsSync(join(inside, "newdir")), false, "no folder created for a refused path");
  assert.deepEqual(leftovers(inside), []);
});

test("a path outside the project is written only when the person confirms it", async () => {
  const target = join(outside, "deep", "x.json");
  const declined = await save([
    { prompt: "saveAs", value: relative(projectRoot, target) },
    { prompt: "confirmOutside", value: false },
    { prompt: "saveAs", value: undefined },
  ]);
  assert.equal(declined.code, 0);
  assert.deepEqual(declined.ui.unused(), []);
  assert.equal(existsSync(join(outside, "deep")), false, "no folder, no file");

  const confirmed = await save([
    { prompt: "saveAs", value: target },
    { prompt: "confirmOutside", value: true },
  ]);
  assert.equal(confirmed.code, 0);
  assert.equal((await loadFixture(target)).episodes.length > 0, true);
});

test("a symlink at the destination is refused, dangling or not", async () => {
  const dangling = join(inside, "dangling.json");
  symlinkSync(join(outside, "nowhere.json"), dangling);
  const { code, ui } = await save([
    { prompt: "saveAs", value: rel(dangling) },
    { prompt: "saveAs", value: undefined },
  ]);
  assert.equal(code, 0);
  assert.match(ui.said[0] ?? "", /is a symbolic link/);
  assert.ok(lstatSync(dangling).isSymbolicLink());
  assert.equal(existsSync(join(outside, "nowhere.json")), false);
});

test("relative paths resolve inside the project, and the replay hint is a command that works", async () => {
  const name = `${rel(inside)}/nl`;
  const { code, ui } = await save([{ prompt: "saveAs", value: name }]);
  assert.equal(code, 0);
  const hint = /Replay it with npm start -- (\S+)$/.exec(ui.said[0] ?? "")?.[1];
  assert.equal(hint, name);
  // A bare word would be read as a fixture name: the hint makes it a path.
  assert.equal(replayCommand(join(projectRoot, "nl")), "npm start -- ./nl");
  assert.equal(replayCommand(join(projectRoot, "my run.json")), "npm start -- 'my run.json'");
  const argument = replayCommand(join(projectRoot, "nl")).replace("npm start -- ", "");
  assert.deepEqual(resolveFixture(argument), { kind: "path", file: "./nl" });
});

test('"(with your edits)" only when there were edits, on every save prompt', async () => {
  const { ui } = await save([
    { prompt: "saveAs", value: rel(inside) },
    { prompt: "saveAs", value: undefined },
  ]);
  assert.deepEqual(ui.saveAsEdited, [false, false]);
});

test("a script that runs out in -i is the same fixture error as without -i, exit 1", async () => {
  const fixtureFile = join(projectRoot, "fixtures", "walkthrough.json");
  let plain = "";
  try {
    await runFixture(await loadFixture(fixtureFile), {}, { overrides: { maxTurns: 2 } });
  } catch (error) {
    plain = errorLine(error, fixtureFile, catalogs.en) ?? "";
  }
  assert.match(plain, /FakeModel refused the request: there is no reply for request 2/);
  const ui = new ScriptedUI([
    { prompt: "pause", value: "runToEnd" },
    { prompt: "reviewCall", value: "run" },
  ]);
  const errors: string[] = [];
  const code = await playInteractive({
    fixtureArgument: "walkthrough",
    lang: "en",
    style: plainStyle,
    ui,
    write: () => {},
    err: (line) => errors.push(line),
    overrides: { maxTurns: 2 },
  });
  assert.equal(code, 1);
  assert.deepEqual(errors, [plain]);
});

test("a saved run keeps both languages of every text it did not change, in either language's session", async () => {
  for (const lang of ["en", "zh"] as const) {
    const file = join(inside, `both-${lang}.json`);
    const ui = new ScriptedUI([
      { prompt: "pause", value: "runToEnd" },
      { prompt: "saveAs", value: rel(file) },
    ]);
    const code = await playInteractive({ fixtureArgument: "final-answer", lang, style: plainStyle, ui, write: () => {}, err: () => {} });
    assert.equal(code, 0);
    const text = readFileSync(file, "utf8");
    const [zh, en] = await Promise.all([loadFixture(file, undefined, "zh"), loadFixture(file, undefined, "en")]);
    const [shippedZh, shippedEn] = await Promise.all([
      loadFixture(fixtureFileFor("final-answer"), undefined, "zh"),
      loadFixture(fixtureFileFor("final-answer"), undefined, "en"),
    ]);
    // Read back in each language, the saved run's texts are the shipped fixture's in that language.
    assert.deepEqual(zh.episodes[0]?.user, shippedZh.episodes[0]?.user, lang);
    assert.deepEqual(en.episodes[0]?.user, shippedEn.episodes[0]?.user, lang);
    const contents = (fixture: typeof zh) => fixture.episodes[0]?.script.map((item) => ("content" in item ? item.content : item));
    assert.deepEqual(contents(en), contents(shippedEn), lang);
    assert.deepEqual(contents(zh), contents(shippedZh), lang);
    assert.match(text, /"zh": "/);
  }
});
