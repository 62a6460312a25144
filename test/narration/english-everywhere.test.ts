// `--lang en` prints no Han character (issue 44): every fixture, plain, streamed, as JSON Lines and
// as a provider's wire view; every subcommand but serve (test/serve/ covers it) on every sample
// input it ships, its help and its refusals; and an interactive session. "One language per run,
// data included": a text a run prints comes in the run's language, the fixtures' included. The
// interactive pause menu is drawn by inquirer, outside the scripted UI, so its catalog is checked
// itself; and a Chinese run of a serve fixture prints the fixture's texts in Chinese (issue 55).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { loadInteractiveMessages } from "../../src/commands/interactive/load-interactive-messages.ts";
import { playInteractive } from "../../src/commands/interactive/play-interactive.ts";
import { fixtureFileFor, fixtureNames } from "../../src/fixture/fixture-files.ts";
import type { Episode } from "../../src/fixture/fixture-format.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import { plainStyle } from "../../src/narration/style.ts";
import { ScriptedUI } from "../interactive/scripted-ui.ts";
import { cli } from "../play/in-process.ts";

const han = /\p{Script=Han}/u;

/** The lines of a run's stdout and stderr that hold a Han character, each prefixed with the command line.
 *  `import -o -` writes the fixture to stdout: the log's own texts, as recorded, whatever --lang says;
 *  its report (stderr) is the run's. */
async function chineseIn(args: readonly string[]): Promise<string[]> {
  const { out, err } = await cli(["--lang", "en", ...args]);
  const printed = args[0] === "import" && args.includes("-") ? err : `${out}\n${err}`;
  return printed
    .split("\n")
    .filter((line) => han.test(line))
    .map((line) => `${args.join(" ")}: ${line}`);
}

const samples = (folder: string) => readdirSync(join(projectRoot, folder)).map((name) => join(projectRoot, folder, name));

test("--lang en: every fixture, plain, streamed, as JSON Lines and in a wire view, prints no Han character", async () => {
  const runs = fixtureNames().flatMap((name) => [[name], [name, "--stream"], [name, "--json"], [name, "--json", "--stream"], [name, "--wire", "gemini"]]);
  const found = (await Promise.all(runs.map(chineseIn))).flat();
  assert.deepEqual(found, []);
});

test("--lang en: lint, import and replay-stream, on every sample the project ships, with help and refusals, print no Han character", async () => {
  const runs = [
    ["--help"],
    ["--list"],
    ["no-such-fixture"],
    ["--max-turns", "0"],
    ...["lint", "import", "replay-stream", "serve"].map((command) => [command, "--help"]),
    ...[...samples("fixtures/requests"), ...samples("fixtures/imported/logs")].map((file) => ["lint", file]),
    ...[...samples("fixtures/requests"), ...samples("fixtures/imported/logs")].map((file) => ["import", file, "-o", "-"]),
    ["lint", join(projectRoot, "package.json")],
    ["import", join(projectRoot, "package.json"), "-o", "-"],
    ...samples("fixtures/streams").map((file) => ["replay-stream", file]),
    ["replay-stream", join(projectRoot, "package.json")],
  ];
  const found = (await Promise.all(runs.map(chineseIn))).flat();
  assert.deepEqual(found, []);
});

test("--lang en: an interactive session prints no Han character", async () => {
  const lines: string[] = [];
  const ui = new ScriptedUI([
    { prompt: "pause", value: "runToEnd" },
    { prompt: "saveAs", value: undefined },
  ]);
  const code = await playInteractive({
    fixtureArgument: "stream-call-in-pieces",
    lang: "en",
    style: plainStyle,
    ui,
    write: (line) => lines.push(line),
    err: (line) => lines.push(line),
    stream: {},
  });
  assert.equal(code, 0);
  assert.deepEqual(
    [...lines, ...ui.said].filter((line) => han.test(line)),
    [],
  );
});

test("--lang en: the interactive pause menu offers Chinese in English, and --lang zh offers English in Chinese", async () => {
  assert.equal((await loadInteractiveMessages("en")).pauseLanguage("en"), "Switch to Chinese");
  assert.equal((await loadInteractiveMessages("zh")).pauseLanguage("zh"), "切换到英文");
});

/** Every file under `dir` whose name ends with `suffix`. */
function filesEndingWith(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesEndingWith(path, suffix);
    return entry.name.endsWith(suffix) ? [path] : [];
  });
}

test("every English catalog's code holds no Han character (comments aside)", () => {
  const found = filesEndingWith(join(projectRoot, "src"), "-en.ts").flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line) && han.test(line))
      .map((line) => `${relative(projectRoot, file)}: ${line.trim()}`),
  );
  assert.deepEqual(found, []);
});

/** The texts of an episode a run prints: the system prompt, the user message, the replies' text blocks. */
function textsOf(episode: Episode): string[] {
  const replies = episode.script.flatMap((item) => ("content" in item ? item.content : []));
  const blocks = replies.flatMap((block) => (block.type === "text" ? [block.text] : []));
  return [episode.systemPrompt, episode.user, ...blocks].filter((text): text is string => text !== undefined);
}

for (const name of ["serve-calc", "serve-retry", "serve-stall"]) {
  test(`--lang zh: ${name} prints its texts in Chinese, none of its English ones`, async () => {
    const [zh, en] = await Promise.all([loadFixture(fixtureFileFor(name), undefined, "zh"), loadFixture(fixtureFileFor(name), undefined, "en")]);
    const { out } = await cli([name, "--lang", "zh"]);
    for (const text of zh.episodes.flatMap(textsOf)) assert.ok(han.test(text) && out.includes(text), `not printed in Chinese: ${text}`);
    for (const text of en.episodes.flatMap(textsOf)) assert.ok(!out.includes(text), `printed in English: ${text}`);
  });
}
