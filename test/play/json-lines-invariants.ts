// What the --json lines of one episode must say about one another, whatever the fixture: each call
// started, ended and answered once, results in call order, counts that match the rebuilt history.
import assert from "node:assert/strict";
import { isRecord, type Line } from "./json-lines-docs.ts";

export function record(value: unknown, what: string): Record<string, unknown> {
  assert.ok(isRecord(value), `${what} is an object`);
  return value;
}

export function str(value: unknown, what: string): string {
  assert.equal(typeof value, "string", what);
  return String(value);
}

export function num(value: unknown, what: string): number {
  assert.ok(typeof value === "number" && Number.isInteger(value), `${what} is an integer`);
  return value;
}

export interface Episode {
  lines: Line[];
}

export function episodes(lines: readonly Line[]): Episode[] {
  const byEpisode: Episode[] = [];
  for (const line of lines) {
    if (line.type === "fixture") continue;
    const index = num(line.episode, `${line.type}.episode`);
    const episode = (byEpisode[index] ??= { lines: [] });
    episode.lines.push(line);
  }
  return byEpisode;
}

export function toolCallsOf(message: Record<string, unknown>): { id: string; name: string }[] {
  const content = Array.isArray(message.content) ? message.content : [];
  return content
    .filter((block): block is Record<string, unknown> => isRecord(block) && block.type === "toolCall")
    .map((block) => ({ id: str(block.id, "toolCall.id"), name: str(block.name, "toolCall.name") }));
}

/** The invariants any run keeps, whatever the fixture: checked line by line. */
export function checkEpisode(episode: Episode, label: string): void {
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
        assert.deepEqual(
          line.finishOrder,
          ended.map((end) => end.toolCallId),
          `${where}: finishOrder is the order of the toolEnd lines`,
        );
        break;
      case "wireRequest":
        assert.equal(line.turn, turn, `${where}: the wire view of the request just started`);
        break;
      case "streamEvent":
      case "wireStream":
        // --stream: the reply arrives as events after its request and before it joins the history.
        assert.ok(turn > 0 && !assistantSeen, `${where}: stream lines come between turnStart and the reply`);
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
}
