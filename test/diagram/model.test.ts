// The picture model: built from a run's events, one arrow per event that the run did, in lanes that
// are the producer marks; failures and retries in their own styles; results paired to their calls.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { fixtureDiagram } from "../../src/commands/play/diagram-output.ts";
import type { Diagram } from "../../src/diagram/diagram-model.ts";
import { fixtureNames } from "../../src/fixture/fixture-files.ts";
import { arrowsCalledFor, fixture, runEvents } from "./run-events.ts";

const runnable = fixtureNames();

test("every fixture's diagram has one arrow per event the run produced, episode by episode", async () => {
  for (const name of runnable) {
    const run = await fixture(name);
    const [diagram, events] = await Promise.all([fixtureDiagram(run, "en"), runEvents(run)]);
    assert.equal(diagram.episodes.length, events.length, name);
    diagram.episodes.forEach((episode, index) => assert.equal(episode.arrows.length, arrowsCalledFor(events[index] ?? []), `${name} episode ${index + 1}`));
  }
});

function laneKinds(diagram: Diagram): Set<string> {
  return new Set(diagram.episodes.flatMap((episode) => episode.lanes.map((lane) => lane.kind)));
}

test("the walkthrough's first episode is chapter 3.4's figure: user → app → model → app → tool → app", async () => {
  const diagram = await fixtureDiagram(await fixture("walkthrough"), "en");
  const first = diagram.episodes[0];
  assert.ok(first);
  assert.deepEqual(
    first.arrows.map(({ from, to, facts }) => `${facts.kind}:${from}>${to}`),
    [
      "user:person>app",
      "request:app>model",
      "reply:model>app",
      "lookup:app>app",
      "parse:app>app",
      "execute:app>tool_calc",
      "output:tool_calc>app",
      "result:app>app",
    ],
  );
  assert.deepEqual(first.end, { reason: "maxTurns", turns: 1, historyLength: 3 });
  assert.deepEqual([...laneKinds(diagram)].sort(), ["app", "model", "person", "tool"]);
});

test("a request says how many messages it resends and whether the tool list went along", async () => {
  const diagram = await fixtureDiagram(await fixture("final-answer"), "en");
  const requests = diagram.episodes.flatMap((episode) => episode.arrows.flatMap(({ facts }) => (facts.kind === "request" ? [facts] : [])));
  assert.deepEqual(
    requests.map(({ turn, messages, tools }) => [turn, messages, tools]),
    [
      [1, 1, 1],
      [2, 3, 1],
    ],
  );
});

test("each result is paired to its call by id, and a failed one is drawn as a failure", async () => {
  const diagram = await fixtureDiagram(await fixture("walkthrough"), "en");
  for (const episode of diagram.episodes) {
    const calls = episode.arrows.flatMap(({ facts }) => (facts.kind === "reply" ? facts.calls.map((call) => call.id) : []));
    const results = episode.arrows.flatMap(({ facts, style }) => (facts.kind === "result" ? [{ id: facts.call.id, isError: facts.isError, style }] : []));
    assert.deepEqual(
      results.map(({ id }) => id),
      calls,
    );
    for (const result of results) assert.equal(result.style, result.isError ? "failure" : "normal");
  }
});

test("the request after a failed result is the model's retry, drawn in the retry style", async () => {
  const diagram = await fixtureDiagram(await fixture("self-correction"), "en");
  const styles = diagram.episodes.flatMap((episode) => episode.arrows.flatMap(({ facts, style }) => (facts.kind === "request" ? [style] : [])));
  assert.deepEqual(styles, ["normal", "retry", "normal"]);
});

test("an imported log's replay draws its tools in the record lane: nothing ran", async () => {
  const diagram = await fixtureDiagram(await fixture(join(projectRoot, "fixtures/imported/openai-chat-weather.json")), "en");
  const kinds = laneKinds(diagram);
  assert.ok(kinds.has("record") && !kinds.has("tool"), [...kinds].join(","));
});
