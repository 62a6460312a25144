// The legend lists the marks the run can show (issue 55): a first run is not told about `record`
// (a log's recorded results) or a person's edits, which it never shows; an imported log's run is
// told about `record` and not about `tool` (its tools only play back); an interactive session,
// where a person may edit a call, is told about the edits. Both languages.
import assert from "node:assert/strict";
import { test } from "node:test";
import { playInteractive } from "../../src/commands/interactive/play-interactive.ts";
import { plainStyle } from "../../src/narration/style.ts";
import { ScriptedUI } from "../interactive/scripted-ui.ts";
import { cli } from "../play/in-process.ts";

/** The transcript's second line: the legend. */
async function legendOf(args: readonly string[]): Promise<string> {
  const { code, out, err } = await cli(args);
  assert.equal(code, 0, err);
  return out.split("\n")[1] ?? "";
}

test("a first run's legend explains model, app, tool and person, and neither record nor a person's edits", async () => {
  const en = await legendOf(["final-answer", "--lang", "en"]);
  for (const mark of ["model =", "app =", "tool =", "person ="]) assert.ok(en.includes(mark), mark);
  assert.ok(!en.includes("record ="), en);
  assert.ok(!en.includes("interactive mode"), en);
  const zh = await legendOf(["final-answer"]);
  for (const mark of ["模型＝", "应用＝", "工具＝", "人工＝"]) assert.ok(zh.includes(mark), mark);
  assert.ok(!zh.includes("记录＝"), zh);
  assert.ok(!zh.includes("交互模式"), zh);
});

test("an imported log's legend explains record, whose results it plays back, and not tool, which never runs", async () => {
  const en = await legendOf(["fixtures/imported/gemini-recipes.json", "--lang", "en"]);
  assert.ok(en.includes("record ="), en);
  assert.ok(!en.includes("tool ="), en);
  const zh = await legendOf(["fixtures/imported/gemini-recipes.json"]);
  assert.ok(zh.includes("记录＝"), zh);
  assert.ok(!zh.includes("工具＝"), zh);
});

test("an interactive session's legend explains a person's edits, which it can show", async () => {
  const ui = new ScriptedUI([{ prompt: "pause", value: "quit" }]);
  const lines: string[] = [];
  const code = await playInteractive({
    fixtureArgument: "final-answer",
    lang: "zh",
    style: plainStyle,
    ui,
    write: (line) => lines.push(line),
    err: () => undefined,
  });
  assert.equal(code, 0);
  assert.ok(lines[1]?.includes("交互模式里你的修改"), lines[1]);
  assert.ok(!lines[1]?.includes("记录＝"), lines[1]);
});
