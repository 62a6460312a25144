// The README's exercises and edits, applied to a copy of the walkthrough (issue 21): after each one,
// every step's title and body must agree with what happened in that run — a call that did not run
// is not titled "Execute", a failed lookup is not said to parse, the failing field is the one named
// — and the README's claim about which goldens then change must hold.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { biomeCommand } from "../../scripts/biome-binary.ts";
import { goldens, projectRoot } from "../../scripts/goldens.ts";
import { transcriptText } from "../../src/commands/play/transcript.ts";
import { fixtureFileFor } from "../../src/fixture/fixture-files.ts";
import type { Fixture, Language } from "../../src/fixture/fixture-format.ts";
import { loadFixture, parseFixture } from "../../src/fixture/load-fixture.ts";
import { text } from "../../src/protocol/text.ts";
import type { Tool, ToolCall } from "../../src/protocol/types.ts";
import { objectSchema } from "../../src/schema/object-schema.ts";
import { describe, enumValue, numberValue, stringValue } from "../../src/schema/validator.ts";
import { calcIn, calcOperators, calcWords } from "../../src/tools/calc.ts";
import { builtinTools, builtinToolsIn } from "../../src/tools/index.ts";

const walkthroughText = readFileSync(join(projectRoot, "fixtures", "walkthrough.json"), "utf8");

/** A fresh copy of the walkthrough with one call changed: `episode` 0 is steps [1]–[5], 1 is step [6]. */
function walkthroughWith(episode: number, change: (call: ToolCall & { arguments: Record<string, unknown> }) => void): (lang: Language) => Fixture {
  return (lang) => walkthroughIn(lang, episode, change);
}

function walkthroughIn(lang: Language, episode: number, change: (call: ToolCall & { arguments: Record<string, unknown> }) => void): Fixture {
  const fixture = parseFixture("walkthrough.json", walkthroughText, lang);
  const reply = fixture.episodes[episode]?.script[0];
  assert.ok(reply && "content" in reply);
  const call = reply.content.find((block) => block.type === "toolCall");
  assert.ok(call && typeof call.arguments === "object" && call.arguments !== null);
  const copy = { ...call, arguments: { ...call.arguments } };
  change(copy);
  reply.content[reply.content.indexOf(call)] = copy;
  return fixture;
}

/** Exercise 2 done as the README says: `pow` added to calcOperators, the symbol table and runCalc
 *  (in each language's calc, as a run in that language shows it to the model). */
function withPow(lang: Language): readonly Tool[] {
  const words = calcWords[lang];
  const plain = calcIn(words);
  const powCalc: Tool<{ a: number; b: number; op: string }> = {
    ...plain,
    schema: objectSchema({
      a: describe(numberValue, words.a),
      b: describe(numberValue, words.b),
      // A set: on a tree where the exercise is done already, pow is there once.
      op: describe(enumValue([...new Set([...calcOperators, "pow"])]), words.op),
    }),
    async execute({ a, b, op }, context) {
      if (op !== "pow") return plain.execute({ a, b, op: calcOperators.find((known) => known === op) ?? "add" }, context);
      return { content: [text(String(a ** b))], details: { expression: `${a} ** ${b}`, result: a ** b } };
    },
  };
  return builtinToolsIn(lang).map((tool) => (tool.name === "calc" ? (powCalc as Tool) : tool));
}

interface Step {
  title: string;
  body: string[];
}

function steps(transcript: string): Map<string, Step> {
  const found = new Map<string, Step>();
  for (const block of transcript.split("\n\n").slice(1)) {
    const [title = "", ...body] = block.split("\n").filter((line) => line !== "");
    found.set(/^\[(\d+)\]/.exec(title)?.[1] ?? title, { title, body });
  }
  return found;
}

/** How each language says the facts a title and its body must agree on. */
const words = {
  zh: {
    toolMark: /^(工具|记录) /,
    executeTitle: /^\[\d+\] 执行 \S+：/,
    notRunTitle: /没有执行/,
    parseFailedTitle: /schema\.parse\(arguments\) 没通过$/,
    lookupFailedTitle: /没找到工具，所以不再校验$/,
    validatedTitle: /^\[\d+\] 查找并校验：registry\.get\("[^"]*"\)，再用它的 schema\.parse\(arguments\)$/,
    parseFailed: "校验失败：",
    lookupFailed: "查找失败：",
    parsePassed: "校验通过：",
    notRunBody: /不执行/,
    chapterSix: "[6] 换一个不守规矩的模型：参数是编出来的",
    field: (name: string) => new RegExp(`参数 ${name} |缺少参数 ${name}（`),
    firstFailure: /校验在第一个错误处就停下了/,
    stripContrast: /additionalProperties:false：那是对模型的要求/,
    ranTitle: /通过校验并执行成功$/,
  },
  en: {
    toolMark: /^(tool|record) /,
    executeTitle: /^\[\d+\] Execute \S+:/,
    notRunTitle: /did not run/,
    parseFailedTitle: /schema\.parse\(arguments\) refused the arguments$/,
    lookupFailedTitle: /found no tool, so nothing is validated$/,
    validatedTitle: /^\[\d+\] Look up and validate: registry\.get\("[^"]*"\), then its schema\.parse\(arguments\)$/,
    parseFailed: "Validation failed: ",
    lookupFailed: "Lookup failed: ",
    parsePassed: "Validation passed: ",
    notRunBody: /does not run|neither validates nor executes/,
    chapterSix: "[6] Another model that breaks the rules: the arguments are made up",
    field: (name: string) => new RegExp(`parameter ${name} `),
    firstFailure: /Validation stops at the first failure/,
    stripContrast: /additionalProperties: false: that asks the model/,
    ranTitle: /passed validation and ran$/,
  },
} as const;

/** The agreement every step must show, whatever the edit: a title never claims what the body denies. */
function checkAgreement(transcript: string, lang: Language): void {
  const say = words[lang];
  for (const [number, { title, body }] of steps(transcript)) {
    const has = (pattern: string | RegExp) => body.some((line) => (typeof pattern === "string" ? line.includes(pattern) : pattern.test(line)));
    const where = `step [${number}] "${title}"`;
    if (say.executeTitle.test(title)) {
      assert.ok(has(say.toolMark), `${where}: titled as executed, but no tool output follows`);
      assert.ok(!has(say.notRunBody), `${where}: titled as executed, but the body says the tool did not run`);
    }
    if (say.notRunTitle.test(title)) assert.ok(!has(say.toolMark), `${where}: titled as not run, yet a tool produced output`);
    if (say.parseFailedTitle.test(title)) assert.ok(has(say.parseFailed), `${where}: titled as refused by parse, but no validation failure`);
    if (say.lookupFailedTitle.test(title)) assert.ok(has(say.lookupFailed) && !has(say.parsePassed), `${where}: titled as not found`);
    if (say.validatedTitle.test(title)) assert.ok(has(say.parsePassed), `${where}: titled as parsed, but validation did not pass`);
    if (title === say.chapterSix) assert.ok(has(say.parseFailed), `${where}: the chapter's heading is for a call that fails validation`);
    if (number === "6" && say.ranTitle.test(title)) assert.ok(has(say.toolMark), `${where}: titled as ran`);
  }
}

async function both(fixture: (lang: Language) => Fixture, builtins?: (lang: Language) => readonly Tool[]): Promise<Record<Language, Map<string, Step>>> {
  const zh = await transcriptText(fixture("zh"), "zh", builtins ? { builtins: builtins("zh") } : {});
  const en = await transcriptText(fixture("en"), "en", builtins ? { builtins: builtins("en") } : {});
  checkAgreement(zh, "zh");
  checkAgreement(en, "en");
  return { zh: steps(zh), en: steps(en) };
}

const body = (step: Step | undefined) => step?.body.join("\n") ?? "";

test("the walkthrough as shipped: every title agrees with its body, and step [6] keeps chapter 3.4's heading", async () => {
  const shipped = {
    zh: await loadFixture(fixtureFileFor("walkthrough"), undefined, "zh"),
    en: await loadFixture(fixtureFileFor("walkthrough"), undefined, "en"),
  };
  const run = await both((lang) => shipped[lang]);
  for (const lang of ["zh", "en"] as const) {
    assert.equal(run[lang].get("6")?.title, words[lang].chapterSix);
    assert.match(body(run[lang].get("6")), words[lang].field("a"));
    // a fails first; b and op are never looked at, and op "pow" is wrong too: the reader is told.
    assert.match(body(run[lang].get("6")), words[lang].firstFailure);
    assert.match(body(run[lang].get("7")), words[lang].stripContrast);
  }
});

test('README "Try bad arguments": b as "64" fails validation at b, step [4] says calc did not run', async () => {
  const run = await both(walkthroughWith(0, (call) => Object.assign(call.arguments, { b: "64" })));
  for (const lang of ["zh", "en"] as const) {
    assert.match(run[lang].get("3")?.title ?? "", words[lang].parseFailedTitle);
    assert.match(body(run[lang].get("3")), words[lang].field("b"));
    assert.match(run[lang].get("4")?.title ?? "", words[lang].notRunTitle);
    assert.match(body(run[lang].get("5")), /calc#call_1 isError=true/);
  }
});

test("exercise 1, drop b: step [6] keeps the chapter's heading and names the missing b", async () => {
  const run = await both(walkthroughWith(1, (call) => Object.assign(call, { arguments: { a: 128, op: "mul" } })));
  assert.equal(run.zh.get("6")?.title, words.zh.chapterSix);
  assert.match(body(run.zh.get("6")), /缺少参数 b（应为数字）/);
  assert.match(body(run.en.get("6")), /parameter b is missing/);
});

test("exercise 2, add pow: with a = 128 step [6] is titled by its success, and the title it was written for is said not to apply", async () => {
  const run = await both(
    walkthroughWith(1, (call) => Object.assign(call.arguments, { a: 128 })),
    withPow,
  );
  assert.equal(run.zh.get("6")?.title, "[6] calc 通过校验并执行成功");
  assert.match(body(run.zh.get("6")), /这次没有发生/);
  assert.match(body(run.zh.get("1")), /"enum":\["add","sub","mul","div","pow"\]/);
  assert.match(body(run.en.get("6")), /did not happen this time/);
});

test("an unknown tool in the first call: step [3] says nothing was validated, step [4] that it did not run", async () => {
  const run = await both(walkthroughWith(0, (call) => Object.assign(call, { name: "calculator" })));
  for (const lang of ["zh", "en"] as const) {
    assert.match(run[lang].get("3")?.title ?? "", words[lang].lookupFailedTitle);
    assert.match(run[lang].get("4")?.title ?? "", words[lang].notRunTitle);
  }
});

test("an extra key: calc runs, c is dropped, and the additionalProperties: false the model saw is explained", async () => {
  const run = await both(walkthroughWith(0, (call) => Object.assign(call.arguments, { c: 3 })));
  for (const lang of ["zh", "en"] as const) {
    assert.match(run[lang].get("4")?.title ?? "", words[lang].executeTitle);
    assert.match(body(run[lang].get("3")), words[lang].stripContrast);
  }
});

test("the agreement check itself catches a title that claims execution over a body that denies it", () => {
  const lie = ["T", "L", "", "[4] 执行 calc：动手的是应用，模型什么都没执行", "应用   应用不执行工具，改为构造一条 isError=true 的工具结果："].join("\n");
  assert.throws(() => checkAgreement(lie, "zh"), /titled as executed/);
});

/** The goldens whose fixture has an episode with the built-in calc in its registry. */
async function usesBuiltinCalc(fixtureName: string): Promise<boolean> {
  const fixture = await loadFixture(fixtureFileFor(fixtureName));
  return fixture.episodes.some((episode) => (episode.tools ? episode.tools.includes("calc") : !episode.declaredTools));
}

test("the README's claim: after a fixture edit only the walkthrough's goldens change; after pow, exactly the goldens of fixtures that use the built-in calc", async () => {
  const readme = readFileSync(join(projectRoot, "README.md"), "utf8");
  assert.match(readme, /every scenario whose\s+transcript shows the built-in calc/);
  // serve-calc is a scenario like any other: the README names its golden, so "serve's goldens do not
  // change" cannot read as a contradiction when `npm run check` lists it (issue 44, item 9).
  assert.match(readme, /its golden `fixtures\/expected\/serve-calc\.txt` is a plain run/);
  assert.match(readme, /The goldens of `serve` itself, in `fixtures\/expected\/serve\/`/);
  const changed: string[] = [];
  const expected: string[] = [];
  // serve's goldens narrate the example harnesses, which declare a calc of their own.
  for (const golden of goldens().filter((item) => !item.serve)) {
    const committed = readFileSync(join(projectRoot, golden.file), "utf8");
    const withPowText = await goldenTextWith(golden, withPow(golden.lang));
    if (withPowText !== committed) changed.push(golden.file);
    if (await usesBuiltinCalc(golden.fixture)) expected.push(golden.file);
  }
  // On a tree where exercise 2 is done and its goldens rewritten, adding pow again changes nothing.
  if (new Set<string>(calcOperators).has("pow")) return assert.deepEqual(changed, []);
  assert.deepEqual(changed, expected);
  assert.ok(changed.includes("fixtures/expected/serve-calc.txt"));
  assert.ok(goldens().some((golden) => golden.serve && golden.file.startsWith("fixtures/expected/serve/")));
  // A fixture edit reaches the walkthrough's goldens only: no other golden reads walkthrough.json.
  const walkthroughGoldens = goldens().filter((golden) => golden.fixture === "walkthrough");
  assert.equal(walkthroughGoldens.length, 6);
  assert.ok(goldens().every((golden) => golden.fixture === "walkthrough" || fixtureFileFor(golden.fixture) !== fixtureFileFor("walkthrough")));
});

/** goldenText, with other built-in tools: what `npm run check` would compare after exercise 2. */
async function goldenTextWith(golden: ReturnType<typeof goldens>[number], builtins: readonly Tool[]): Promise<string> {
  if (golden.json) {
    const { fixtureJsonLines } = await import("../../src/commands/play/transcript.ts");
    const lines: string[] = [];
    await fixtureJsonLines(await loadFixture(fixtureFileFor(golden.fixture), undefined, golden.lang), {
      lang: golden.lang,
      write: (line) => lines.push(line),
      wire: golden.wire,
      toolErrors: golden.toolErrors,
      stream: golden.stream ? {} : undefined,
      builtins,
    });
    return `${lines.join("\n")}\n`;
  }
  return transcriptText(await loadFixture(fixtureFileFor(golden.fixture), undefined, golden.lang), golden.lang, {
    wire: golden.wire,
    toolErrors: golden.toolErrors,
    stream: golden.stream ? {} : undefined,
    builtins,
  });
}

test("a misspelt key: op is reported missing, and the opp the model sent instead is named with the key it meant", async () => {
  const run = await both(walkthroughWith(0, (call) => Object.assign(call, { arguments: { a: 128, b: 64, opp: "mul" } })));
  assert.match(body(run.zh.get("3")), /缺少参数 op/);
  assert.match(body(run.zh.get("3")), /模型还发了 schema 没声明的 opp（是不是想写 op？）/);
  assert.match(body(run.en.get("3")), /The model also sent opp \(did it mean op\?\)/);
});

/** A fenced block of the README's exercise 3, by its language tag. */
function exerciseThreeSnippet(readme: string, tag: "ts" | "json"): string {
  const exercise = readme.slice(readme.indexOf("3. **An `uppercase` tool**"), readme.indexOf("## Where to go next"));
  const block = new RegExp(`\`\`\`${tag}\\n([\\s\\S]*?)\\n {3}\`\`\``).exec(exercise)?.[1];
  assert.ok(block, `exercise 3 has a ${tag} block`);
  return `${block
    .split("\n")
    .map((line) => line.replace(/^ {3}/, ""))
    .join("\n")}\n`;
}

/** Exercise 3's tool as the README's snippet writes it. */
const uppercase: Tool<{ value: string }, { source: string }> = {
  name: "uppercase",
  description: "Upper-case one value",
  schema: objectSchema({ value: stringValue }),
  async execute({ value }) {
    return { content: [text(value.toUpperCase())], details: { source: "uppercase" } };
  },
};

test("exercise 3, uppercase added to builtinTools: both languages' runs have it and return PI", async () => {
  const readme = readFileSync(join(projectRoot, "README.md"), "utf8");
  assert.match(exerciseThreeSnippet(readme, "ts"), /description: "Upper-case one value"/);
  // On a tree where the exercise is done already, builtinTools holds uppercase: it is not added twice.
  const tools = builtinTools.some((tool) => tool.name === "uppercase") ? builtinTools : [...builtinTools, uppercase];
  for (const lang of ["zh", "en"] as const) {
    const fixture = parseFixture("experiments/my-uppercase.json", exerciseThreeSnippet(readme, "json"), lang);
    const transcript = await transcriptText(fixture, lang, { builtins: builtinToolsIn(lang, tools) });
    assert.match(transcript, /uppercase#call-1 isError=false "PI"/, lang);
  }
});

test("exercise 3's snippets pass biome as saved, and experiments/ is a place npm test never reads", () => {
  const readme = readFileSync(join(projectRoot, "README.md"), "utf8");
  const biome = biomeCommand(projectRoot);
  // Checked as files at the top of the project would be: experiments/ itself is ignored.
  for (const [tag, path] of [
    ["ts", "src/tools/uppercase.ts"],
    ["json", "my-uppercase.json"],
  ] as const) {
    const snippet = exerciseThreeSnippet(readme, tag);
    // check --write: the formatter, import order and every safe fix; a snippet that needs none comes back as it went in.
    const checked = spawnSync(biome.command, [...biome.args, "check", "--write", `--stdin-file-path=${path}`], {
      input: snippet,
      encoding: "utf8",
      cwd: projectRoot,
    });
    assert.equal(checked.stdout, snippet, `${path} as the README writes it is not what biome writes`);
  }
  assert.match(readme, /Save the fixture below as `experiments\/my-uppercase\.json`/);
  assert.match(readFileSync(join(projectRoot, ".gitignore"), "utf8"), /^experiments\/$/m);
});
