// Narration that matches the protocol (issue 9, items 2 and 3): step titles come from what
// happened, progress shows inside the step where the tool runs (after validation), the next
// request's wire body follows the line that says the run stops, and the narration never says the
// model knows more than the result text it reads.
import assert from "node:assert/strict";
import { test } from "node:test";
import { executeToolCall } from "../../src/agent/execute-tool-call.ts";
import { ToolRegistry } from "../../src/agent/tool-registry.ts";
import { transcriptText } from "../../src/commands/play/transcript.ts";
import { fixtureFileFor } from "../../src/fixture/fixture-files.ts";
import type { Fixture } from "../../src/fixture/fixture-format.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import { calc } from "../../src/tools/index.ts";
import { TestClock } from "../test-clock.ts";

/** The walkthrough with step [6]'s arguments replaced, as exercises 1 and 2 do. */
async function walkthroughWith(args: unknown): Promise<Fixture> {
  const fixture = await loadFixture(fixtureFileFor("walkthrough"));
  const episodes = fixture.episodes.map((episode, index) =>
    index !== 1
      ? episode
      : {
          ...episode,
          script: [
            {
              content: [{ type: "toolCall" as const, id: "call_9", name: "calc", arguments: args }],
              stopReason: undefined,
              errorMessage: undefined,
              stream: undefined,
              expect: undefined,
              edits: undefined,
              validation: undefined,
            },
          ],
        },
  );
  return { ...fixture, episodes };
}

function stepSix(transcript: string): string {
  return transcript.slice(transcript.indexOf("\n[6] "), transcript.indexOf("\n[7] "));
}

test("step [6]'s title follows its outcome: a call that succeeds is not called misbehaviour", async () => {
  const ok = stepSix(await transcriptText(await walkthroughWith({ a: 128, b: 64, op: "mul" }), "en"));
  assert.match(ok, /^\n\[6\] calc passed validation and ran\n/);
  assert.doesNotMatch(ok.split("\n")[1] ?? "", /breaks the rules|failed/);
  assert.match(ok, /a title written for .* which did not happen this time/);
  const missing = stepSix(await transcriptText(await walkthroughWith({ a: 128, op: "mul" }), "zh"));
  // A call that fails validation keeps chapter 3.4's own heading for step [6].
  assert.match(missing, /^\n\[6\] 换一个不守规矩的模型：参数是编出来的\n/);
  assert.match(missing, /缺少参数 b（应为数字）/);
});

test("brief: the narration says the model must guess, because a missing b and a wrong a read the same", async () => {
  const missing = stepSix(await transcriptText(await walkthroughWith({ a: 128, op: "mul" }), "en"));
  const wrongType = stepSix(await transcriptText(await walkthroughWith({ a: "128", b: 64, op: "mul" }), "en"));
  const resultText = (text: string) => /\[toolResult\] calc#call_9 isError=true (".*")/.exec(text)?.[1];
  assert.equal(resultText(missing), resultText(wrongType), "the model reads the identical text");
  for (const text of [missing, wrongType]) assert.match(text, /so it has to guess/);
  const detailed = await transcriptText(await walkthroughWith({ a: 128, op: "mul" }), "en", { toolErrors: "detailed" });
  // An English run reads the contract in English (README, "One language per run").
  assert.match(stepSix(detailed), /"Tool calc failed: b: must be number \(missing\)"/);
  assert.doesNotMatch(stepSix(detailed), /has to guess/);
});

test("--tool-errors detailed builds the result text from the SchemaError's path, expectation and value", async () => {
  const registry = new ToolRegistry([calc]);
  const call = { type: "toolCall" as const, id: "c", name: "calc", arguments: { a: "128", b: 64, op: "mul" } };
  const brief = await executeToolCall(call, registry);
  const detailed = await executeToolCall(call, registry, {}, { toolErrors: "detailed" });
  assert.deepEqual(brief.content, [{ type: "text", text: "Tool calc failed: 必须是 number" }]);
  assert.deepEqual(detailed.content, [{ type: "text", text: 'Tool calc failed: a: 必须是 number (received "128")' }]);
  assert.equal(detailed.isError, true);
  assert.deepEqual(detailed.details, { error: 'a: 必须是 number (received "128")' });
});

test("progress shows inside the execute step of its call, after validation, in parallel and one at a time", async () => {
  for (const name of ["parallel-calls", "slow-tool-aborted"]) {
    // On a clock of its own: slow-tool-aborted's timeout comes with no time waited.
    const clock = new TestClock();
    const transcript = await clock.runAll(transcriptText(await loadFixture(fixtureFileFor(name)), "zh", { clock }));
    const progress = transcript.indexOf("进度（call_1）");
    const validated = transcript.indexOf("校验通过：slow");
    const execute = transcript.indexOf("执行 slow：");
    assert.ok(
      progress > 0 && validated > 0 && execute > validated && progress > execute,
      `${name}: validate ${validated} < execute ${execute} < progress ${progress}`,
    );
    const heading = transcript.lastIndexOf("\n[", progress);
    assert.ok(transcript.slice(heading, progress).includes("执行 slow："), `${name}: progress sits in slow's execute step`);
  }
});

test("--wire: the next request's body comes after the line that says the run stops", async () => {
  const transcript = await transcriptText(await loadFixture(fixtureFileFor("walkthrough")), "en", { wire: "anthropic" });
  const stop = transcript.indexOf("Stopping here at maxTurns=1");
  const next = transcript.indexOf("Were the run to go on, the next request");
  assert.ok(stop > 0 && next > stop, `stop line ${stop}, next body ${next}`);
});

test("the command line takes --tool-errors brief|detailed and names the choices for anything else", async () => {
  const { runCli } = await import("../../src/cli/cli.ts");
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { out: (text: string) => void out.push(text), err: (text: string) => void err.push(text), env: {}, isTTY: false } };
  };
  const detailed = io();
  assert.equal(await runCli(["self-correction", "--tool-errors", "detailed"], detailed.io), 0);
  assert.match(detailed.out.join(""), /"Tool calc failed: a: 必须是 number \(received "128"\)"/);
  const brief = io();
  assert.equal(await runCli(["self-correction", "--json"], brief.io), 0);
  assert.match(brief.out.join(""), /"text":"Tool calc failed: 必须是 number"/);
  const wrong = io();
  assert.equal(await runCli(["--tool-errors", "full"], wrong.io), 1);
  assert.match(wrong.err.join(""), /brief.*detailed/);
});
