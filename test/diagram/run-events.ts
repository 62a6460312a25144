// A fixture's run as its events, and how many arrows those events call for: what the diagram
// tests compare the picture with, counted without the diagram's code.
import type { AgentEvent } from "../../src/agent/agent-events.ts";
import { resolveFixture } from "../../src/fixture/fixture-files.ts";
import type { Fixture } from "../../src/fixture/fixture-format.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import { modelFacing, replayClock, runFixture } from "../../src/replay/run-fixture.ts";

export async function fixture(name: string): Promise<Fixture> {
  const reference = resolveFixture(name);
  if (reference.kind === "unknownName") throw new Error(`no fixture ${name}`);
  return loadFixture(reference.file, undefined, "en");
}

/** How many arrows a run's events call for, counted from the events alone: one for the user's
 *  message, each request and each reply; per call, one arrow for each stage it reached (lookup,
 *  parse, execute and the tool's answer, or the loop's refusal to run it) and one for its result. */
export function arrowsCalledFor(events: readonly AgentEvent[]): number {
  let count = 0;
  for (const event of events) {
    if (event.type === "agentStart") count += event.messages.filter((message) => message.role === "user").length;
    if (event.type === "turnStart") count++;
    if (event.type === "messageAppended" && (event.message.role === "assistant" || event.message.role === "user")) count++;
    if (event.type === "toolEnd") count += { skipped: 2, lookup: 2, parse: 3, execute: 5, done: 5 }[event.trace.outcome.stage];
  }
  return count;
}

export async function runEvents(run: Fixture): Promise<AgentEvent[][]> {
  const events: AgentEvent[][] = [];
  await runFixture(
    run,
    { onEpisodeStart: () => events.push([]), onEvent: (event) => void events.at(-1)?.push(event) },
    { now: replayClock(), ...modelFacing("en") },
  );
  return events;
}
