// Import then replay gives back exactly the logged body, for every body the project renders: every
// request of every fixture (and the request each episode would send next), rendered for each of the
// four providers, imported (format detected), written as a fixture file, read back and replayed;
// the replay's last request, rendered for the same provider, is the body again, and the import
// report lists no difference. validation-coerce is among them: its harness ran calc on "128"
// after converting it, so the import has to replay the call the way that harness did.
import assert from "node:assert/strict";
import { test } from "node:test";
import { importSource } from "../../src/commands/import/import-source.ts";
import { replayFixture } from "../../src/commands/import/replay-fixture.ts";
import { parseFixture } from "../../src/fixture/load-fixture.ts";
import { renderWireRequest, wireProviders } from "../../src/wire.ts";
import { fixtureSamples } from "../providers/fixture-samples.ts";

const samples = await fixtureSamples();

for (const provider of wireProviders) {
  test(`${provider}: every fixture request imports and replays to the same body`, async () => {
    const failures: string[] = [];
    for (const sample of samples) {
      const body: unknown = JSON.parse(JSON.stringify(renderWireRequest(provider, sample.context).body));
      const outcome = await importSource(JSON.stringify(body, null, 2), { title: sample.name });
      if (!outcome.ok) {
        failures.push(`${sample.name}: import refused it: ${JSON.stringify(outcome.problem)} at ${outcome.pointer}`);
        continue;
      }
      if (outcome.report.differences.length > 0) failures.push(`${sample.name}: the report lists ${JSON.stringify(outcome.report.differences)}`);
      const { lastRequest } = await replayFixture(parseFixture("imported.json", JSON.stringify(outcome.fixture)));
      const replayed: unknown = lastRequest ? JSON.parse(JSON.stringify(renderWireRequest(provider, lastRequest).body)) : undefined;
      if (JSON.stringify(replayed) !== JSON.stringify(body)) failures.push(`${sample.name}: the replay renders another body`);
    }
    assert.ok(
      samples.some((sample) => sample.name.startsWith("validation-coerce.json")),
      "the coerce scenario is among the samples",
    );
    assert.deepEqual(failures, []);
  });
}
