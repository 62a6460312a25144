// `--json`, as a consumer reads it: the command (in this process, through runCli), one fixture per feature
// (sequential, parallel, abort, violations, coerce, --wire), every line checked against the event
// table in docs/command.md ("JSON Lines output"), parsed from that page itself so that the code
// and the document cannot drift apart unnoticed — then the events checked against one another: each call
// started, ended and answered once, in the order the loop promises.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, describe, test } from "node:test";
import { TestClock } from "../test-clock.ts";
import { cli } from "./in-process.ts";
import { checkAgainstTable, documentedEventTable, type EventDoc, isRecord, jsonLinesPage, type Line } from "./json-lines-docs.ts";
import { checkEpisode, episodes, record, str, toolCallsOf } from "./json-lines-invariants.ts";

// ---- the command -------------------------------------------------------------------------------

async function runJson(args: string[]): Promise<Line[]> {
  // On a clock of its own: a fixture's timeout (slow-tool-aborted's) comes with no time waited.
  const clock = new TestClock();
  const { code, out, err } = await clock.runAll(cli([...args, "--json"], {}, { clock }));
  if (code !== 0) throw new Error(`tool-call-playground ${args.join(" ")} --json failed: ${err}`);
  return out
    .trimEnd()
    .split("\n")
    .map((text): Line => {
      const value: unknown = JSON.parse(text);
      assert.ok(isRecord(value) && typeof value.type === "string", `every line is an object with a type: ${text}`);
      return { ...value, type: value.type };
    });
}

const ofType = (lines: readonly Line[], type: string) => lines.filter((line) => line.type === type);

function fixtureFile(name: string): Record<string, unknown> {
  return record(JSON.parse(readFileSync(new URL(`../../fixtures/${name}.json`, import.meta.url), "utf8")), name);
}

// ---- the runs ----------------------------------------------------------------------------------

const runs: Record<string, string[]> = {
  sequential: ["walkthrough"],
  final: ["final-answer"],
  parallel: ["parallel-calls"],
  abort: ["slow-tool-aborted"],
  duplicateIds: ["violation-duplicate-ids"],
  truncated: ["violation-truncated"],
  coerce: ["validation-coerce"],
  flags: ["final-answer", "--max-turns", "3", "--tool-execution", "parallel", "--validation", "coerce", "--timeout", "60000"],
  wire: ["final-answer", "--wire", "anthropic"],
  stream: ["stream-cut-length", "--stream", "--wire", "openai-chat"],
};

describe("--json lines", { concurrency: true }, () => {
  const output = new Map<string, Line[]>();
  let table: EventDoc[] = [];
  before(async () => {
    table = documentedEventTable();
    await Promise.all(Object.entries(runs).map(async ([name, args]) => output.set(name, await runJson(args))));
  });
  const linesOf = (name: string): Line[] => output.get(name) ?? assert.fail(`no output for ${name}`);

  test(`${jsonLinesPage}'s table documents the events the loop emits, with their fields`, () => {
    const types = table.map((doc) => doc.type);
    for (const type of [
      "fixture",
      "episodeStart",
      "agentStart",
      "turnStart",
      "messageAppended",
      "toolStart",
      "toolProgress",
      "toolEnd",
      "turnEnd",
      "end",
      "episodeEnd",
      "wireRequest",
    ]) {
      assert.ok(types.includes(type), `${jsonLinesPage} documents ${type}`);
    }
    const toolEnd = table.find((doc) => doc.type === "toolEnd");
    assert.deepEqual(toolEnd?.fields.get("stage")?.values, ["done", "lookup", "parse", "execute", "skipped"]);
    assert.equal(toolEnd?.fields.get("reason")?.conditional, true);
    assert.deepEqual(table.find((doc) => doc.type === "episodeStart")?.fields.get("settings")?.subFields, [
      "maxTurns",
      "toolExecution",
      "validation",
      "timeoutMs",
    ]);
  });

  test("every line of every run has a documented type and exactly its documented fields", () => {
    for (const [name, lines] of output) checkAgainstTable(lines, table, name);
    // Together the runs show every type in the table: none is documented but never emitted.
    const seen = new Set([...output.values()].flatMap((lines) => lines.map((line) => line.type)));
    assert.deepEqual(
      table.map((doc) => doc.type).filter((type) => !seen.has(type)),
      [],
    );
  });

  test("each episode's lines agree with one another: started, ended, answered once, in order", () => {
    for (const [name, lines] of output) {
      const fixtureLine = lines[0] ?? assert.fail(name);
      assert.equal(fixtureLine.type, "fixture");
      assert.equal(fixtureLine.version, 1);
      const file = fixtureFile(str(runs[name]?.[0], name));
      // These runs are Chinese (the default): the title is the file's, in the run's language.
      const title = file.title;
      assert.deepEqual(
        fixtureLine.title,
        typeof title === "object" && title !== null && "zh" in title ? title.zh : title,
        `${name}: the title in the run's language`,
      );
      const episodeList = episodes(lines);
      assert.equal(fixtureLine.episodes, Array.isArray(file.episodes) ? file.episodes.length : -1);
      assert.equal(episodeList.length, fixtureLine.episodes, `${name}: every episode ran`);
      episodeList.forEach((episode, index) => checkEpisode(episode, `${name} episode ${index}`));
    }
  });

  test("sequential: each call starts, ends and is answered before the next one starts", () => {
    const lines = linesOf("sequential");
    const tools = lines.filter((line) => ["toolStart", "toolEnd", "messageAppended"].includes(line.type) && line.episode === 0);
    const pattern = tools
      .map((line) =>
        line.type === "messageAppended" ? (record(line.message, "message").role === "toolResult" ? "R" : "A") : line.type === "toolStart" ? "S" : "E",
      )
      .join("");
    assert.match(pattern, /^A(SER)+A?$/, "assistant, then start → end → result for each call");
    // The walkthrough shows every stage a call can end at in the executor.
    assert.deepEqual([...new Set(ofType(lines, "toolEnd").map((line) => line.stage))].sort(), ["done", "execute", "lookup", "parse"]);
    for (const end of ofType(lines, "toolEnd"))
      assert.equal(end.isError, end.stage !== "done", `${String(end.toolCallId)}: only a completed call succeeds here`);
    const settings = record(ofType(lines, "episodeStart")[0]?.settings, "settings");
    assert.deepEqual(settings, { maxTurns: 1, toolExecution: "sequential", validation: "strict", timeoutMs: null });
    assert.deepEqual(
      ofType(lines, "end").map((line) => line.reason),
      ofType(lines, "end").map(() => "maxTurns"),
    );
  });

  test("a final answer: two requests, the second sees the result, the run stops", () => {
    const lines = linesOf("final");
    const starts = ofType(lines, "turnStart");
    assert.equal(starts.length, 2);
    assert.deepEqual(
      starts.map((line) => record(line.request, "request").messageCount),
      [1, 3],
    );
    assert.deepEqual(
      ofType(lines, "end").map((line) => [line.reason, line.turns, line.historyLength]),
      [["stop", 2, 4]],
    );
    assert.deepEqual(
      ofType(lines, "toolEnd").map((line) => [line.toolName, line.stage, line.isError]),
      [["calc", "done", false]],
    );
  });

  test("parallel: every call starts before any ends; finishing order is reported, results keep call order", () => {
    const lines = linesOf("parallel");
    const settings = record(ofType(lines, "episodeStart")[0]?.settings, "settings");
    assert.equal(settings.toolExecution, "parallel");
    const firstTurn = lines.slice(0, lines.findIndex((line) => line.type === "turnEnd") + 1);
    const kinds = firstTurn.filter((line) => line.type === "toolStart" || line.type === "toolEnd").map((line) => line.type);
    assert.deepEqual(kinds, ["toolStart", "toolStart", "toolEnd", "toolEnd"]);
    const turnEnd = ofType(firstTurn, "turnEnd")[0] ?? assert.fail("turnEnd");
    const resultIds = ofType(firstTurn, "messageAppended")
      .map((line) => record(line.message, "message"))
      .filter((message) => message.role === "toolResult")
      .map((message) => message.toolCallId);
    assert.deepEqual(resultIds, ["call_1", "call_2"], "results in call order");
    assert.deepEqual(turnEnd.finishOrder, ["call_2", "call_1"], "the quick calc finished before the slow wait");
    assert.ok(
      ofType(lines, "toolProgress").some((line) => line.toolCallId === "call_1"),
      "the slow tool reported progress",
    );
  });

  test("abort: the running call is aborted, the next never starts running, no further request", () => {
    const lines = linesOf("abort");
    assert.equal(record(ofType(lines, "episodeStart")[0]?.settings, "settings").timeoutMs, 300);
    assert.deepEqual(
      ofType(lines, "toolEnd").map((line) => [line.toolCallId, line.stage, line.reason, line.isError]),
      [
        ["call_1", "skipped", "aborted", true],
        ["call_2", "skipped", "notStarted", true],
      ],
    );
    assert.equal(ofType(lines, "turnStart").length, 1);
    assert.deepEqual(
      ofType(lines, "end").map((line) => [line.reason, line.turns]),
      [["aborted", 1]],
    );
    assert.deepEqual(
      ofType(lines, "episodeEnd").map((line) => line.unusedReplies),
      [1],
    );
  });

  test("violations: a repeated id and a truncated reply are answered, never run", () => {
    const duplicate = ofType(linesOf("duplicateIds"), "toolEnd").map((line) => [line.toolCallId, line.stage, line.reason ?? null, line.isError]);
    assert.deepEqual(duplicate, [
      ["call_1", "done", null, false],
      ["call_1", "skipped", "duplicateId", true],
    ]);
    const truncated = linesOf("truncated");
    const ends = ofType(truncated, "toolEnd");
    assert.ok(ends.length > 0);
    const firstReply = record(ofType(truncated, "messageAppended")[0]?.message, "message");
    assert.equal(firstReply.stopReason, "length");
    const cut = ends.filter((line) => line.episode === 0 && toolCallsOf(firstReply).some((call) => call.id === line.toolCallId));
    assert.ok(cut.length > 0 && cut.every((line) => line.stage === "skipped" && line.reason === "truncated" && line.isError === true));
    assert.ok(ofType(truncated, "turnStart").length > 1, "the model gets another turn");
  });

  test("coerce: toolEnd lists the conversions, and the converted call succeeds", () => {
    const lines = linesOf("coerce");
    assert.equal(record(ofType(lines, "episodeStart")[0]?.settings, "settings").validation, "coerce");
    const converted = ofType(lines, "toolEnd").filter((line) => Object.hasOwn(line, "conversions"));
    assert.ok(converted.length > 0);
    for (const line of converted) {
      assert.equal(line.stage, "done");
      assert.equal(line.isError, false);
      for (const conversion of Array.isArray(line.conversions) ? line.conversions : []) {
        const { path, from, to } = record(conversion, "conversion");
        assert.ok(Array.isArray(path) && path.length > 0);
        assert.equal(typeof from, "string");
        assert.equal(to, Number(from));
      }
    }
  });

  test("flags win over the fixture and show in episodeStart.settings", () => {
    const settings = ofType(linesOf("flags"), "episodeStart").map((line) => line.settings);
    assert.deepEqual(settings, [{ maxTurns: 3, toolExecution: "parallel", validation: "coerce", timeoutMs: 60000 }]);
  });

  test("--wire: one wireRequest right after each turnStart, for the same turn", () => {
    const lines = linesOf("wire");
    lines.forEach((line, index) => {
      if (line.type !== "turnStart") return;
      const next = lines[index + 1];
      assert.equal(next?.type, "wireRequest");
      assert.equal(next?.turn, line.turn);
      assert.equal(next?.provider, "anthropic");
      // An episode's first request is whole; each later one is what it changes in the one before.
      const whole = next?.turn === 1;
      assert.ok(whole ? isRecord(next?.body) && Array.isArray(next.notes) : isRecord(next?.delta) && Array.isArray(next.addedNotes));
    });
    assert.equal(ofType(lines, "wireRequest").length, ofType(lines, "turnStart").length);
  });
});
