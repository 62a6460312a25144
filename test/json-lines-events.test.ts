// `--json`, as a consumer reads it: the real command as a child process, one fixture per feature
// (sequential, parallel, abort, violations, coerce, --wire), every line checked against the event
// table in README ("JSON Lines output"), parsed from the README itself so that the code and the
// document cannot drift apart unnoticed — then the events checked against one another: each call
// started, ended and answered once, in the order the loop promises.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { before, describe, test } from "node:test";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = fileURLToPath(new URL("../bin/tool-call-playground", import.meta.url));

// ---- the README's table ------------------------------------------------------------------------

interface FieldDoc {
  name: string;
  /** `title` (or null) */
  nullable: boolean;
  /** Present only sometimes: `reason` (for `skipped`: …), `conversions` (under coerce, when any). */
  conditional: boolean;
  /** Listed values, as for `stage` (`done`, `lookup`, …). */
  values: string[];
  /** `settings`: `maxTurns`, … — the keys documented inside this field. */
  subFields: string[];
}

interface EventDoc {
  type: string;
  fields: Map<string, FieldDoc>;
}

const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? "");

/** One cell of the fields column: top-level names, their notes in parentheses, and the names
 *  after a `name`: colon, which document that field's inner keys. A leading condition such as
 *  "with `--wire`:" applies to the whole line and is skipped. */
function parseFieldsCell(cell: string): Map<string, FieldDoc> {
  const fields = new Map<string, FieldDoc>();
  const body = cell.replace(/^[^`]*`[^`]+`:\s*(?=`)/, (prefix) => (prefix.startsWith("`") ? prefix : ""));
  let current: FieldDoc | undefined;
  let nesting: FieldDoc | undefined;
  const tokens = body.matchAll(/`([^`]+)`\s*(\(([^)]*)\))?\s*(:)?|,/g);
  for (const token of tokens) {
    if (token[0] === ",") continue;
    const name = token[1] ?? "";
    const note = token[3];
    if (nesting) {
      nesting.subFields.push(name);
      continue;
    }
    current = { name, nullable: false, conditional: false, values: [], subFields: [] };
    if (note !== undefined) {
      current.nullable = /\bor null\b/.test(note);
      current.conditional = /^(for|under|when)\b/.test(note) || /\bwhen any\b/.test(note);
      const listed = note.includes(":") ? note.slice(note.lastIndexOf(":") + 1) : note;
      // Only a bare list counts as values: "a whole `Message`" is prose that names a type.
      const bareList = listed.replace(/`[^`]+`/g, "").replace(/[,\s]/g, "") === "";
      current.values = bareList ? backticked(listed) : [];
    }
    fields.set(name, current);
    if (token[4] === ":") nesting = current;
  }
  return fields;
}

function readmeEventTable(): EventDoc[] {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  const start = readme.indexOf("### JSON Lines output");
  assert.notEqual(start, -1, 'README has a "JSON Lines output" section');
  const next = readme.slice(start + 1).search(/\n#{1,3} /);
  const section = next === -1 ? readme.slice(start) : readme.slice(start, start + 1 + next);
  const rows = section
    .split("\n")
    .filter((line) => /^\| `[A-Za-z]+` \|/.test(line));
  assert.ok(rows.length > 0, "the section has an event table");
  return rows.map((row) => {
    const [, typeCell = "", fieldsCell = ""] = row.split(/(?<!\\)\|/).map((cell) => cell.trim());
    return { type: backticked(typeCell)[0] ?? "", fields: parseFieldsCell(fieldsCell) };
  });
}

// ---- the command -------------------------------------------------------------------------------

type Line = Record<string, unknown> & { type: string };

function runJson(args: string[]): Promise<Line[]> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    delete env.FORCE_COLOR;
    execFile(bin, [...args, "--json"], { cwd: root, env, encoding: "utf8", maxBuffer: 32 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`tool-call-playground ${args.join(" ")} --json failed: ${stderr}`));
      try {
        resolve(
          stdout
            .trimEnd()
            .split("\n")
            .map((text): Line => {
              const value: unknown = JSON.parse(text);
              assert.ok(isRecord(value) && typeof value.type === "string", `every line is an object with a type: ${text}`);
              return { ...value, type: value.type };
            }),
        );
      } catch (failure) {
        reject(failure);
      }
    });
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function record(value: unknown, what: string): Record<string, unknown> {
  assert.ok(isRecord(value), `${what} is an object`);
  return value;
}

function str(value: unknown, what: string): string {
  assert.equal(typeof value, "string", what);
  return String(value);
}

function num(value: unknown, what: string): number {
  assert.ok(typeof value === "number" && Number.isInteger(value), `${what} is an integer`);
  return value;
}

/** Every line has a documented type, every documented field, and no field the table leaves out. */
function checkAgainstTable(lines: readonly Line[], table: readonly EventDoc[], label: string): void {
  const docs = new Map(table.map((doc) => [doc.type, doc]));
  for (const line of lines) {
    const doc = docs.get(line.type);
    assert.ok(doc, `${label}: "${line.type}" lines are documented in README's JSON Lines table`);
    const where = `${label}: ${line.type}`;
    for (const key of Object.keys(line)) {
      if (key !== "type") assert.ok(doc.fields.has(key), `${where}.${key} is in README's table (document it there)`);
    }
    for (const field of doc.fields.values()) {
      if (!field.conditional) assert.ok(Object.hasOwn(line, field.name), `${where} has its documented field ${field.name}`);
      if (!Object.hasOwn(line, field.name)) continue;
      const value = line[field.name];
      if (value === null) {
        assert.ok(field.nullable, `${where}.${field.name} is null, which README does not allow`);
        continue;
      }
      if (field.values.length > 0) assert.ok(field.values.includes(String(value)), `${where}.${field.name} = ${JSON.stringify(value)} is one of README's values ${field.values.join(", ")}`);
      if (field.subFields.length > 0 && isRecord(value)) {
        assert.deepEqual(Object.keys(value).sort(), [...field.subFields].sort(), `${where}.${field.name} has exactly README's keys`);
      }
    }
  }
}

// ---- what the lines must say about one another ---------------------------------------------------

interface Episode {
  lines: Line[];
  history: unknown[];
}

function episodes(lines: readonly Line[]): Episode[] {
  const byEpisode: Episode[] = [];
  for (const line of lines) {
    if (line.type === "fixture") continue;
    const index = num(line.episode, `${line.type}.episode`);
    const episode = (byEpisode[index] ??= { lines: [], history: [] });
    episode.lines.push(line);
  }
  return byEpisode;
}

function toolCallsOf(message: Record<string, unknown>): { id: string; name: string }[] {
  const content = Array.isArray(message.content) ? message.content : [];
  return content.filter((block): block is Record<string, unknown> => isRecord(block) && block.type === "toolCall").map((block) => ({ id: str(block.id, "toolCall.id"), name: str(block.name, "toolCall.name") }));
}

/** The invariants any run keeps, whatever the fixture: checked line by line. */
function checkEpisode(episode: Episode, label: string): void {
  const { lines } = episode;
  assert.equal(lines[0]?.type, "episodeStart", `${label}: the episode opens with episodeStart`);
  assert.equal(lines[1]?.type, "agentStart", `${label}: then agentStart`);
  assert.equal(lines.at(-1)?.type, "episodeEnd", `${label}: it closes with episodeEnd`);
  assert.equal(lines.at(-2)?.type, "end", `${label}: end comes right before episodeEnd`);
  const settings = record(lines[0]?.settings, "episodeStart.settings");
  const history: unknown[] = Array.isArray(lines[1]?.messages) ? [...lines[1].messages] : assert.fail("agentStart.messages is an array");

  let turn = 0;
  let calls: { id: string; name: string }[] = [];
  let assistantSeen = false;
  let started: string[] = [];
  let ended: Line[] = [];
  let answered: Record<string, unknown>[] = [];
  for (const line of lines.slice(2, -2)) {
    const where = `${label}: turn ${turn}: ${line.type}`;
    switch (line.type) {
      case "turnStart": {
        turn++;
        assert.equal(line.turn, turn, `${where}: turns count 1, 2, 3, …`);
        assert.ok(turn <= num(settings.maxTurns, "settings.maxTurns"), `${where}: no request beyond maxTurns`);
        const request = record(line.request, "turnStart.request");
        assert.equal(request.messageCount, history.length, `${where}: messageCount is the history sent`);
        assert.ok(Array.isArray(request.tools), `${where}: request.tools is the list of definitions`);
        calls = [];
        assistantSeen = false;
        started = [];
        ended = [];
        answered = [];
        break;
      }
      case "messageAppended": {
        assert.equal(line.index, history.length, `${where}: index is the message's position in the history`);
        const message = record(line.message, "messageAppended.message");
        history.push(message);
        if (message.role === "assistant") {
          assert.equal(assistantSeen, false, `${where}: one assistant message per turn`);
          assert.equal(started.length, 0, `${where}: the reply joins the history before any of its tools start`);
          assistantSeen = true;
          calls = toolCallsOf(message);
        } else {
          assert.equal(message.role, "toolResult", `${where}: after the reply, only its results join the history`);
          const call = calls[answered.length];
          assert.ok(call, `${where}: a result for each call, no more`);
          assert.equal(message.toolCallId, call.id, `${where}: results join in call order`);
          assert.equal(message.toolName, call.name, `${where}: a result keeps its call's name`);
          // Its toolEnd came first and says the same thing about the result.
          const end = ended.find((candidate) => candidate.toolCallId === call.id && !candidate.matched);
          assert.ok(end, `${where}: ${call.id} ended (toolEnd) before its result joined the history`);
          end.matched = true;
          assert.equal(end.isError, message.isError, `${where}: toolEnd.isError is the result's isError`);
          answered.push(message);
        }
        break;
      }
      case "toolStart":
        assert.ok(assistantSeen, `${where}: a tool starts only after its reply is in the history`);
        assert.equal(line.toolCallId, calls[started.length]?.id, `${where}: calls start in call order`);
        assert.equal(line.toolName, calls[started.length]?.name, `${where}: toolStart names the tool called`);
        started.push(str(line.toolCallId, "toolStart.toolCallId"));
        break;
      case "toolProgress":
        assert.ok(started.includes(str(line.toolCallId, "toolProgress.toolCallId")), `${where}: progress only from a started call`);
        assert.ok(Array.isArray(line.content), `${where}: content is a list of blocks`);
        break;
      case "toolEnd": {
        const id = str(line.toolCallId, "toolEnd.toolCallId");
        const startedCount = started.filter((startedId) => startedId === id).length;
        assert.ok(ended.filter((end) => end.toolCallId === id).length < startedCount, `${where}: ${id} ends once, after it started`);
        const call = calls.find((candidate) => candidate.id === id);
        assert.equal(line.toolName, call?.name, `${where}: toolEnd names the tool called`);
        assert.equal(typeof line.isError, "boolean", `${where}: isError is a boolean`);
        assert.equal(line.stage === "skipped", Object.hasOwn(line, "reason"), `${where}: a reason exactly when the call was skipped`);
        if (line.stage !== "done") assert.equal(line.isError, true, `${where}: a call that did not complete is an error`);
        if (Object.hasOwn(line, "conversions")) {
          assert.equal(settings.validation, "coerce", `${where}: conversions only under coerce`);
          assert.ok(Array.isArray(line.conversions) && line.conversions.length > 0, `${where}: conversions, when present, are not empty`);
        }
        ended.push({ ...line, matched: false });
        break;
      }
      case "turnEnd":
        assert.equal(line.turn, turn, `${where}: turnEnd closes the turn that started`);
        assert.equal(answered.length, calls.length, `${where}: every call of the reply was answered`);
        assert.equal(started.length, calls.length, `${where}: every call got a toolStart`);
        assert.deepEqual(line.finishOrder, ended.map((end) => end.toolCallId), `${where}: finishOrder is the order of the toolEnd lines`);
        break;
      case "wireRequest":
        assert.equal(line.turn, turn, `${where}: the wire view of the request just started`);
        break;
      default:
        assert.fail(`${where}: not expected inside an episode`);
    }
  }
  const end = lines.at(-2) ?? assert.fail("end");
  assert.equal(end.turns, turn, `${label}: end.turns counts the requests made`);
  assert.equal(end.historyLength, history.length, `${label}: end.historyLength is the rebuilt history's length`);
  if (end.reason === "maxTurns") assert.equal(turn, settings.maxTurns, `${label}: maxTurns ends the run at the cap`);
  num(lines.at(-1)?.unusedReplies, "episodeEnd.unusedReplies");
  episode.history = history;
}

const ofType = (lines: readonly Line[], type: string) => lines.filter((line) => line.type === type);

function fixtureFile(name: string): Record<string, unknown> {
  return record(JSON.parse(readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), "utf8")), name);
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
};

describe("--json lines", { concurrency: true }, () => {
  const output = new Map<string, Line[]>();
  let table: EventDoc[] = [];
  before(async () => {
    table = readmeEventTable();
    await Promise.all(Object.entries(runs).map(async ([name, args]) => output.set(name, await runJson(args))));
  });
  const linesOf = (name: string): Line[] => output.get(name) ?? assert.fail(`no output for ${name}`);

  test("README's table documents the events the loop emits, with their fields", () => {
    const types = table.map((doc) => doc.type);
    for (const type of ["fixture", "episodeStart", "agentStart", "turnStart", "messageAppended", "toolStart", "toolProgress", "toolEnd", "turnEnd", "end", "episodeEnd", "wireRequest"]) {
      assert.ok(types.includes(type), `README documents ${type}`);
    }
    const toolEnd = table.find((doc) => doc.type === "toolEnd");
    assert.deepEqual(toolEnd?.fields.get("stage")?.values, ["done", "lookup", "parse", "execute", "skipped"]);
    assert.equal(toolEnd?.fields.get("reason")?.conditional, true);
    assert.deepEqual(table.find((doc) => doc.type === "episodeStart")?.fields.get("settings")?.subFields, ["maxTurns", "toolExecution", "validation", "timeoutMs"]);
  });

  test("every line of every run has a documented type and exactly its documented fields", () => {
    for (const [name, lines] of output) checkAgainstTable(lines, table, name);
    // Together the runs show every type in the table: none is documented but never emitted.
    const seen = new Set([...output.values()].flatMap((lines) => lines.map((line) => line.type)));
    assert.deepEqual(table.map((doc) => doc.type).filter((type) => !seen.has(type)), []);
  });

  test("each episode's lines agree with one another: started, ended, answered once, in order", () => {
    for (const [name, lines] of output) {
      const fixtureLine = lines[0] ?? assert.fail(name);
      assert.equal(fixtureLine.type, "fixture");
      assert.equal(fixtureLine.version, 1);
      const file = fixtureFile(str(runs[name]?.[0], name));
      assert.deepEqual(fixtureLine.title, file.title, `${name}: the title as in the file`);
      const episodeList = episodes(lines);
      assert.equal(fixtureLine.episodes, Array.isArray(file.episodes) ? file.episodes.length : -1);
      assert.equal(episodeList.length, fixtureLine.episodes, `${name}: every episode ran`);
      episodeList.forEach((episode, index) => checkEpisode(episode, `${name} episode ${index}`));
    }
  });

  test("sequential: each call starts, ends and is answered before the next one starts", () => {
    const lines = linesOf("sequential");
    const tools = lines.filter((line) => ["toolStart", "toolEnd", "messageAppended"].includes(line.type) && line.episode === 0);
    const pattern = tools.map((line) => (line.type === "messageAppended" ? (record(line.message, "message").role === "toolResult" ? "R" : "A") : line.type === "toolStart" ? "S" : "E")).join("");
    assert.match(pattern, /^A(SER)+A?$/, "assistant, then start → end → result for each call");
    // The walkthrough shows every stage a call can end at in the executor.
    assert.deepEqual([...new Set(ofType(lines, "toolEnd").map((line) => line.stage))].sort(), ["done", "execute", "lookup", "parse"]);
    for (const end of ofType(lines, "toolEnd")) assert.equal(end.isError, end.stage !== "done", `${String(end.toolCallId)}: only a completed call succeeds here`);
    const settings = record(ofType(lines, "episodeStart")[0]?.settings, "settings");
    assert.deepEqual(settings, { maxTurns: 1, toolExecution: "sequential", validation: "strict", timeoutMs: null });
    assert.deepEqual(ofType(lines, "end").map((line) => line.reason), ofType(lines, "end").map(() => "maxTurns"));
  });

  test("a final answer: two requests, the second sees the result, the run stops", () => {
    const lines = linesOf("final");
    const starts = ofType(lines, "turnStart");
    assert.equal(starts.length, 2);
    assert.deepEqual(starts.map((line) => record(line.request, "request").messageCount), [1, 3]);
    assert.deepEqual(ofType(lines, "end").map((line) => [line.reason, line.turns, line.historyLength]), [["stop", 2, 4]]);
    assert.deepEqual(ofType(lines, "toolEnd").map((line) => [line.toolName, line.stage, line.isError]), [["calc", "done", false]]);
  });

  test("parallel: every call starts before any ends; finishing order is reported, results keep call order", () => {
    const lines = linesOf("parallel");
    const settings = record(ofType(lines, "episodeStart")[0]?.settings, "settings");
    assert.equal(settings.toolExecution, "parallel");
    const firstTurn = lines.slice(0, lines.findIndex((line) => line.type === "turnEnd") + 1);
    const kinds = firstTurn.filter((line) => line.type === "toolStart" || line.type === "toolEnd").map((line) => line.type);
    assert.deepEqual(kinds, ["toolStart", "toolStart", "toolEnd", "toolEnd"]);
    const turnEnd = ofType(firstTurn, "turnEnd")[0] ?? assert.fail("turnEnd");
    const resultIds = ofType(firstTurn, "messageAppended").map((line) => record(line.message, "message")).filter((message) => message.role === "toolResult").map((message) => message.toolCallId);
    assert.deepEqual(resultIds, ["call_1", "call_2"], "results in call order");
    assert.deepEqual(turnEnd.finishOrder, ["call_2", "call_1"], "the quick calc finished before the slow wait");
    assert.ok(ofType(lines, "toolProgress").some((line) => line.toolCallId === "call_1"), "the slow tool reported progress");
  });

  test("abort: the running call is aborted, the next never starts running, no further request", () => {
    const lines = linesOf("abort");
    assert.equal(record(ofType(lines, "episodeStart")[0]?.settings, "settings").timeoutMs, 300);
    assert.deepEqual(ofType(lines, "toolEnd").map((line) => [line.toolCallId, line.stage, line.reason, line.isError]), [
      ["call_1", "skipped", "aborted", true],
      ["call_2", "skipped", "notStarted", true],
    ]);
    assert.equal(ofType(lines, "turnStart").length, 1);
    assert.deepEqual(ofType(lines, "end").map((line) => [line.reason, line.turns]), [["aborted", 1]]);
    assert.deepEqual(ofType(lines, "episodeEnd").map((line) => line.unusedReplies), [1]);
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
      assert.ok(isRecord(next?.body) && Array.isArray(next.notes));
    });
    assert.equal(ofType(lines, "wireRequest").length, ofType(lines, "turnStart").length);
  });
});
