// Every request the fixtures make, as the loop sends them, and the request each episode would send
// next: the samples the wire and lint tests render and check against every provider.
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ToolRegistry } from "../../src/agent/tool-registry.ts";
import { fixturesDir } from "../../src/fixture/fixture-files.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import type { Context } from "../../src/protocol/types.ts";
import { runFixture, toolsFor } from "../../src/replay/run-fixture.ts";

export interface Sample {
  name: string;
  context: Context;
}

/** Every request the fake model received, and the request each episode would send next. */
export async function fixtureSamples(): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (const file of readdirSync(fixturesDir)
    .filter((entry) => entry.endsWith(".json"))
    .sort()) {
    const fixture = await loadFixture(join(fixturesDir, file));
    await runFixture(
      fixture,
      {
        onEvent(event, episodeIndex) {
          if (event.type === "turnStart") samples.push({ name: `${file} episode ${episodeIndex} turn ${event.turn}`, context: structuredClone(event.context) });
        },
        onEpisodeEnd(episode, index, outcome) {
          const tools = new ToolRegistry(toolsFor(episode)).definitions();
          samples.push({
            name: `${file} episode ${index} next request`,
            context: { systemPrompt: episode.systemPrompt, messages: outcome.result.history, tools },
          });
        },
      },
      { now: () => 0 },
    ).catch((error: unknown) => {
      // Every committed fixture runs to its end (a model error is an ending, not a rejection); one
      // that rejects is broken, and must fail here rather than become an empty sample.
      assert.fail(`${file}: the fixture run rejected: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
  return samples;
}
