// Issue 21: a saved interactive session replays byte for byte, marks included. One session on the
// walkthrough takes an edit (episode 1, strict: it fails), a switch to coerce, an edit that coerce
// lets through (episode 2), a rename (episode 3) and a drop (episode 4); `npm start` on the saved
// file must print exactly what the session printed — so the switch must stay where it was made
// (not reach back to episode 1), and every edit must still read as the person's.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { playInteractive } from "../../src/commands/interactive/play-interactive.ts";
import { transcriptText } from "../../src/commands/play/transcript.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import { plainStyle } from "../../src/narration/style.ts";
import { ScriptedUI } from "./scripted-ui.ts";

const scratch = mkdtempSync(join(tmpdir(), "tcp-interactive-replay-"));

test("a session with an edit, a validation switch, a rename and a drop replays byte-identical, marks included", async () => {
  const saved = join(scratch, "session.json");
  const ui = new ScriptedUI([
    { prompt: "reviewCall", value: "edit", expectCallId: "call_1" },
    { prompt: "editArguments", value: { a: "128", b: 64, op: "mul" } },
    // Pauses after the reply joins the history, then after the results: switch there, after episode 1's call.
    { prompt: "pause", value: "next" },
    { prompt: "pause", value: "toggleValidation" },
    { prompt: "reviewCall", value: "edit", expectCallId: "call_9" },
    { prompt: "editArguments", value: { a: "128", b: 64, op: "mul" } },
    { prompt: "reviewCall", value: "rename" },
    { prompt: "renameTool", value: "boom" },
    { prompt: "reviewCall", value: "drop" },
    { prompt: "reviewCall", value: "run" },
    { prompt: "saveAs", value: saved },
    { prompt: "confirmOutside", value: true },
  ]);
  const lines: string[] = [];
  const errors: string[] = [];
  const code = await playInteractive({
    fixtureArgument: "walkthrough",
    lang: "zh",
    style: plainStyle,
    ui,
    write: (line) => lines.push(line),
    err: (line) => errors.push(line),
  });
  assert.equal(code, 0, errors.join("\n"));
  assert.deepEqual(ui.unused(), []);
  const live = `${lines.join("\n")}\n`;
  // What the session showed: episode 1 strict (fails), episode 2 coerce (passes), the person's marks.
  assert.match(live, /\[4\] calc 没有执行：参数没通过校验/);
  assert.match(live, /\[6\] calc 通过校验并执行成功/);
  assert.match(live, /coerce 策略先转换了参数：a "128" → 128/);
  assert.match(live, /\n人工 {3}你把调用 call_1 的 arguments 改成了/);
  assert.match(live, /\n人工 {3}你把调用 call-1 的工具名从 echo 改成了 boom/);
  assert.match(live, /\n应用 {3}应用按你的选择从回复里删掉了调用 missing/);
  assert.match(live, /\n\[8\] 你删掉了模型请求的调用，没有工具执行/);

  const file = JSON.parse(readFileSync(saved, "utf8"));
  // The switch is recorded on the reply whose calls met it, not on every episode.
  assert.deepEqual(
    file.episodes.map((episode: { validation?: string }) => episode.validation),
    [undefined, undefined, undefined, undefined, undefined],
  );
  assert.deepEqual(
    file.episodes.map((episode: { script: { validation?: string }[] }) => episode.script[0]?.validation),
    [undefined, "coerce", "coerce", undefined, "coerce"],
  );
  const replay = await transcriptText(await loadFixture(saved), "zh");
  assert.equal(replay, live);
});
