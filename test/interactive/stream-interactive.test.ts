// Interactive mode with --stream steps delta by delta: the session pauses after every fragment of
// text or arguments, with the narration of that fragment already shown, and "run to the end" stops
// the pausing.
import assert from "node:assert/strict";
import { test } from "node:test";
import { planDeltas } from "../../src/agent/stream-plan.ts";
import { playInteractive } from "../../src/commands/interactive/play-interactive.ts";
import { scriptReplies } from "../../src/fixture/conversation-format.ts";
import { fixtureFileFor } from "../../src/fixture/fixture-files.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import { plainStyle } from "../../src/narration/style.ts";
import { type Answer, ScriptedUI } from "./scripted-ui.ts";

class CountingUI extends ScriptedUI {
  /** The transcript's last line at each pause: what the person was looking at. */
  readonly pausedAt: string[] = [];
  private readonly lines: string[];

  constructor(answers: Answer[], lines: string[]) {
    super(answers);
    this.lines = lines;
  }
  override async pause() {
    this.pausedAt.push(this.lines[this.lines.length - 1] ?? "");
    return super.pause();
  }
}

async function session(answers: Answer[], stream: boolean) {
  const lines: string[] = [];
  const ui = new CountingUI(answers, lines);
  const code = await playInteractive({
    fixtureArgument: "stream-call-in-pieces",
    lang: "en",
    style: plainStyle,
    ui,
    write: (line) => lines.push(line),
    err: () => undefined,
    ...(stream ? { stream: {} } : {}),
  });
  return { code, ui };
}

test("with --stream the session pauses after every fragment", async () => {
  const plain = await session(
    [
      { prompt: "reviewCall", value: "run" },
      { prompt: "saveAs", value: undefined },
    ],
    false,
  );
  const streamed = await session(
    [
      { prompt: "reviewCall", value: "run" },
      { prompt: "saveAs", value: undefined },
    ],
    true,
  );
  assert.equal(plain.code, 0);
  assert.equal(streamed.code, 0);
  // One more pause per fragment the script streams: its explicit ones, or its text cut into eights.
  const fixture = await loadFixture(fixtureFileFor("stream-call-in-pieces"));
  const replies = scriptReplies(fixture.episodes[0]?.script ?? []);
  const fragments = replies.reduce(
    (sum, reply) => sum + planDeltas({ role: "assistant", content: reply.content, stopReason: "stop", timestamp: 0 }, reply.stream, undefined).length,
    0,
  );
  assert.equal(streamed.ui.pausedAt.length - plain.ui.pausedAt.length, fragments);
  assert.ok(
    streamed.ui.pausedAt.some((line) => /argument text so far \{"a":12 /.test(line)),
    'paused right after the {"a":12 fragment',
  );
});

test("run to the end at a fragment stops the pausing", async () => {
  const { code, ui } = await session(
    [
      { prompt: "pause", value: "next" },
      { prompt: "pause", value: "runToEnd" },
      { prompt: "saveAs", value: undefined },
    ],
    true,
  );
  assert.equal(code, 0);
  assert.equal(ui.pausedAt.length, 2);
});
