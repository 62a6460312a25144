// The interactive session, driven by a scripted UI (and the real prompts through
// @inquirer/testing): pick a fixture, edit `a` to "128", watch the failure result appear with the
// tool not run, save, and replay the saved fixture to the same transcript.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { render } from "@inquirer/testing";
import { Ajv } from "ajv";
import { projectRoot } from "../../scripts/goldens.ts";
import { fixtureJsonSchema } from "../../scripts/write-fixture-schema.ts";
import { createInquirerUI } from "../../src/commands/interactive/inquirer-ui.ts";
import { playInteractive } from "../../src/commands/interactive/play-interactive.ts";
import { loadSessionCatalogs } from "../../src/commands/interactive/session-catalogs.ts";
import { transcriptText } from "../../src/commands/play/transcript.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import { plainStyle } from "../../src/narration/style.ts";
import { type Answer, ScriptedUI } from "./scripted-ui.ts";

const scratch = mkdtempSync(join(tmpdir(), "tcp-interactive-"));
const catalogs = await loadSessionCatalogs();

async function session(answers: Answer[], fixtureArgument?: string, toolErrors?: "detailed") {
  const ui = new ScriptedUI(answers);
  const lines: string[] = [];
  const errors: string[] = [];
  const code = await playInteractive({
    fixtureArgument,
    lang: "zh",
    style: plainStyle,
    ui,
    write: (line) => lines.push(line),
    err: (line) => errors.push(line),
    ...(toolErrors ? { toolErrors } : {}),
  });
  return { code, ui, transcript: `${lines.join("\n")}\n`, errors };
}

test('pick → edit a to "128" → the failure is paired and calc never runs → save → the save replays the same transcript', async () => {
  const saved = join(scratch, "edited.json");
  const { code, ui, transcript, errors } = await session([
    { prompt: "pickFixture", value: "walkthrough" },
    { prompt: "reviewCall", value: "edit", expectCallId: "call_1" },
    { prompt: "editArguments", value: { a: "128", b: 64, op: "mul" } },
    { prompt: "pause", value: "runToEnd" },
    { prompt: "saveAs", value: saved },
    // The scratch folder lies outside the project: the person confirms it.
    { prompt: "confirmOutside", value: true },
  ]);
  assert.equal(code, 0, errors.join("\n"));
  assert.deepEqual(ui.unused(), []);
  assert.match(transcript, /\n人工 {3}你把调用 call_1 的 arguments 改成了 \{"a":"128","b":64,"op":"mul"\}/);
  assert.match(transcript, /校验失败：参数 a 必须是数字，收到 "128"\n[^\n]*\n\n\[4\] calc 没有执行：参数没通过校验\n应用 {3}应用不执行工具/);
  // The reply is shown as the model sent it; the change is the person's, on a line of its own, in
  // the reply and below the history line.
  assert.match(transcript, /\n模型 {5}内容块 1 {2}toolCall {2}id=call_1 name=calc arguments=\{"a":128/);
  assert.match(
    transcript,
    /\n模型 {5}\[assistant\] {2}text\("我算一下。"\) \+ toolCall\(calc \{"a":"128"[^\n]*\n人工 {5} {2}↑ 上面这条消息里有你的修改：call_1 的 arguments/,
  );
  assert.match(transcript, /\[toolResult\] calc#call_1 isError=true "Tool calc failed: 必须是 number"/);
  assert.doesNotMatch(transcript, /details=\{"expression":"128 \* 64"/, "calc did not run");
  assert.ok(
    ui.said.some((line) => line.includes(saved)),
    "says where it saved",
  );

  const replay = await transcriptText(await loadFixture(saved), "zh");
  // The save records the model's reply and the person's edit apart: it replays byte for byte, marks included.
  assert.equal(replay, transcript, "the saved fixture replays to the same transcript");
  assert.match(readFileSync(saved, "utf8"), /"description": "Saved from tool-call-playground --interactive\. episode 1, turn 1, call_1: arguments/);
});

test("rename and drop go through the same executor; an existing file is never overwritten without asking", async () => {
  const target = join(scratch, "keep.json");
  writeFileSync(target, "original\n");
  const { code, transcript, ui } = await session(
    [
      { prompt: "reviewCall", value: "rename" },
      { prompt: "renameTool", value: "calculator" },
      { prompt: "pause", value: "toggleValidation" },
      { prompt: "pause", value: "runToEnd" },
      { prompt: "saveAs", value: target },
      { prompt: "confirmOutside", value: true },
      { prompt: "confirmOverwrite", value: false },
      { prompt: "saveAs", value: undefined },
    ],
    "final-answer",
  );
  assert.equal(code, 0);
  assert.deepEqual(ui.unused(), []);
  assert.match(transcript, /查找失败：这次运行的 Registry 里没有 calculator/);
  assert.ok(
    ui.said.some((line) => line.includes("coerce")),
    "the policy switch is confirmed",
  );
  assert.equal(readFileSync(target, "utf8"), "original\n");
});

for (const [fixtureName, blocksLeft] of [
  ["final-answer", 1],
  ["self-correction", 0],
] as const) {
  test(`drop the call (${fixtureName}): the app says it removed it, stopReason and narration agree, and the save replays`, async () => {
    const saved = join(scratch, `dropped-${fixtureName}.json`);
    const dropped = await session(
      [
        { prompt: "reviewCall", value: "drop" },
        { prompt: "pause", value: "runToEnd" },
        { prompt: "saveAs", value: saved },
        { prompt: "confirmOutside", value: true },
      ],
      fixtureName,
    );
    assert.equal(dropped.code, 0, dropped.errors.join("\n"));
    // The reply as the model sent it: the dropped call is still one of its blocks.
    assert.match(dropped.transcript, new RegExp(`里面有 ${blocksLeft + 1} 个内容块`));
    assert.doesNotMatch(dropped.transcript, /\[toolResult\]/);
    assert.match(dropped.transcript, /\n应用 {3}应用按你的选择从回复里删掉了调用 calc（id=[^）]+）/);
    assert.match(dropped.transcript, /\n应用 {3}stopReason=stop —— 模型原本给的是 toolUse/);
    assert.doesNotMatch(dropped.transcript, /stopReason=toolUse —— 模型停下来等工具结果/, "no stopReason that contradicts the end");
    // The conversation ends because the person removed the call, not because the model asked for none.
    assert.match(dropped.transcript, /你删掉了这条回复里的全部调用，于是对话到此结束/);
    assert.doesNotMatch(dropped.transcript, /模型不再请求工具/);

    const fixture = await loadFixture(saved);
    const first = fixture.episodes[0]?.script[0];
    // Saved as the model sent it, with the person's drop beside it.
    assert.deepEqual(first && "stopReason" in first ? first.stopReason : undefined, "toolUse");
    assert.deepEqual(first && "edits" in first ? first.edits?.map((edit) => edit.kind) : undefined, ["drop"]);
    const validate = new Ajv({ strict: false }).compile(fixtureJsonSchema());
    assert.ok(validate(JSON.parse(readFileSync(saved, "utf8"))), JSON.stringify(validate.errors));
    const replay = await transcriptText(fixture, "zh");
    assert.equal(replay, dropped.transcript, "the drop replays as the person's, byte for byte");
  });
}

test("switching language mid-session narrates on in the other language; quitting saves nothing", async () => {
  const { code, ui, transcript } = await session(
    [
      { prompt: "pause", value: "toggleLanguage" },
      { prompt: "pause", value: "next" },
      { prompt: "reviewCall", value: "run" },
      { prompt: "pause", value: "quit" },
    ],
    "walkthrough",
  );
  assert.equal(code, 0);
  assert.deepEqual(ui.unused(), []);
  assert.match(transcript, /\[1\] 组装上下文/);
  assert.match(transcript, /\[2\] The model replies: one assistant message with 2 content blocks/);
  assert.ok(ui.said.includes("Quit; nothing was saved."));
});

test("the real edit prompt explains bad JSON and gives a second chance", async () => {
  const { answer, events, getScreen, nextRender } = await render(
    (config: { current: string }, context) => createInquirerUI("zh", catalogs, context).editArguments(config.current),
    { current: '{"a":128}' },
  );
  events.keypress({ name: "u", ctrl: true });
  events.type('{"a":"128" "b":64}');
  events.keypress("enter");
  await nextRender();
  assert.match(getScreen(), /不是合法的 JSON：第 1 行第 12 列，缺少逗号/);
  events.keypress({ name: "u", ctrl: true });
  events.type('{"a":"128","b":64}');
  events.keypress("enter");
  assert.deepEqual(await answer, { a: "128", b: 64 });
});

test("the real edit prompt is not pre-filled: typing replaces the arguments, Tab copies them in to edit", async () => {
  const typed = await render((config: { current: string }, context) => createInquirerUI("en", catalogs, context).editArguments(config.current), {
    current: '{"a":128}',
  });
  typed.events.type('{"a":"128"}');
  typed.events.keypress("enter");
  assert.deepEqual(await typed.answer, { a: "128" });
  const tabbed = await render((config: { current: string }, context) => createInquirerUI("en", catalogs, context).editArguments(config.current), {
    current: '{"a":128}',
  });
  tabbed.events.keypress("tab");
  tabbed.events.keypress("backspace");
  tabbed.events.type(',"b":1}');
  tabbed.events.keypress("enter");
  assert.deepEqual(await tabbed.answer, { a: 128, b: 1 });
});

test("Esc at a real prompt leaves like Ctrl-C", async () => {
  const { answer, events } = await render(
    (_config: object, context) => createInquirerUI("en", catalogs, context).pause({ lang: "en", validation: "strict" }),
    {},
  );
  events.keypress("escape");
  await assert.rejects(answer, { name: "PromptCancelled" });
});

test("an imported fixture steps through, takes an edit, and saves with its user turns, declared tools and recorded results", async () => {
  const source = join(projectRoot, "fixtures", "imported", "openai-chat-weather.json");
  const saved = join(scratch, "imported-edited.json");
  const { code, ui, transcript, errors } = await session(
    [
      { prompt: "reviewCall", value: "run", expectCallId: "call_Vx1rG8cQ2mYkL0pT" },
      { prompt: "reviewCall", value: "run", expectCallId: "call_8HqZs3nWb7eJd5Ua" },
      // The call the log shows failing: give it the integer the schema asks for.
      { prompt: "reviewCall", value: "edit", expectCallId: "call_Qm2Lr9Xc4vTb1Nz8" },
      { prompt: "editArguments", value: { city: "Porto", people: 2, time: "2025-06-14T20:00" } },
      { prompt: "reviewCall", value: "run", expectCallId: "call_Zk7Pw0Yd6uRe3Mf5" },
      { prompt: "saveAs", value: saved },
      { prompt: "confirmOutside", value: true },
    ],
    source,
  );
  assert.equal(code, 0, errors.join("\n"));
  assert.deepEqual(ui.unused(), []);
  // The edited call now passes validation and answers from the record.
  assert.match(transcript, /\[toolResult\] book_table#call_Qm2Lr9Xc4vTb1Nz8 isError=false "Error: people must be an integer"/);
  assert.match(transcript, /日志到此为止/);

  const original = await loadFixture(source);
  const edited = await loadFixture(saved);
  const [before, after] = [original.episodes[0], edited.episodes[0]];
  assert.ok(before && after);
  assert.deepEqual(after.declaredTools, before.declaredTools);
  assert.deepEqual(after.recordedResults, before.recordedResults);
  assert.equal(after.awaitingReply, true);
  assert.deepEqual(
    after.script.map((item) => ("user" in item ? "user" : "reply")),
    before.script.map((item) => ("user" in item ? "user" : "reply")),
    "the user turns stay where they were",
  );
  // The reply stays as the model sent it; the person's edit is recorded beside it.
  const third = after.script.filter((item) => !("user" in item))[2];
  const thirdBefore = before.script.filter((item) => !("user" in item))[2];
  assert.deepEqual(third && "content" in third ? third.content : undefined, thirdBefore && "content" in thirdBefore ? thirdBefore.content : undefined);
  assert.deepEqual(third && "edits" in third ? third.edits : undefined, [
    { kind: "arguments", callId: "call_Qm2Lr9Xc4vTb1Nz8", arguments: { city: "Porto", people: 2, time: "2025-06-14T20:00" } },
  ]);
  const replay = await transcriptText(edited, "zh");
  assert.match(replay, /\[toolResult\] book_table#call_Qm2Lr9Xc4vTb1Nz8 isError=false/);
});

test("--tool-errors detailed reaches an interactive session: the edited call's result names the field and the value", async () => {
  const answers: Answer[] = [
    { prompt: "reviewCall", value: "edit", expectCallId: "call_1" },
    { prompt: "editArguments", value: { a: "128", b: 64, op: "mul" } },
    { prompt: "pause", value: "runToEnd" },
    { prompt: "saveAs", value: undefined },
  ];
  const brief = await session(
    answers.map((answer) => ({ ...answer })),
    "walkthrough",
  );
  const detailed = await session(
    answers.map((answer) => ({ ...answer })),
    "walkthrough",
    "detailed",
  );
  assert.equal(brief.code, 0, brief.errors.join("\n"));
  assert.equal(detailed.code, 0, detailed.errors.join("\n"));
  assert.match(brief.transcript, /calc#call_1 isError=true "Tool calc failed: 必须是 number"/);
  assert.match(detailed.transcript, /calc#call_1 isError=true "Tool calc failed: a: 必须是 number \(received "128"\)"/);
});

test("a renamed call in step [6]: the chapter's title is said to be written for calc's call, not the new name's", async () => {
  const { transcript } = await session(
    [
      { prompt: "reviewCall", value: "run", expectCallId: "call_1" },
      { prompt: "pause", value: "next" },
      { prompt: "pause", value: "next" },
      { prompt: "pause", value: "next" },
      { prompt: "reviewCall", value: "rename", expectCallId: "call_9" },
      { prompt: "renameTool", value: "calculator" },
      { prompt: "pause", value: "runToEnd" },
      { prompt: "saveAs", value: undefined },
    ],
    "walkthrough",
  );
  const step6 = transcript.split("\n\n").find((block) => block.startsWith("[6]")) ?? "";
  assert.match(step6, /^\[6\] calculator 没有执行：Registry 里没有这个工具/, step6);
  assert.match(step6, /这个标题是为「calc 没有执行：参数没通过校验」写的/, step6);
});

test("the peek at the next request shows an edited call as step [5] does: the model's reply, then the person's edit", async () => {
  const { ui, transcript } = await session(
    [
      { prompt: "reviewCall", value: "edit", expectCallId: "call_1" },
      { prompt: "editArguments", value: { a: "128", b: 64, op: "mul" } },
      { prompt: "pause", value: "next" },
      { prompt: "pause", value: "next" },
      { prompt: "pause", value: "showContext" },
      { prompt: "pause", value: "runToEnd" },
      { prompt: "saveAs", value: undefined },
    ],
    "walkthrough",
  );
  const editLine = (lines: readonly string[]) => {
    const assistant = lines.findIndex((line) => line.includes("[assistant]") && line.includes("toolCall(calc"));
    return { assistant, next: lines[assistant + 1] ?? "" };
  };
  const step5 =
    transcript
      .split("\n\n")
      .find((block) => block.startsWith("[5]"))
      ?.split("\n") ?? [];
  const peek = ui.said.flatMap((said) => said.split("\n"));
  assert.ok(editLine(step5).assistant >= 0 && editLine(peek).assistant >= 0, peek.join("\n"));
  assert.match(editLine(step5).next, /^人工 /);
  assert.equal(editLine(peek).next, editLine(step5).next);
});
