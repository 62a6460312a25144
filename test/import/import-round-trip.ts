// Round trip, exact: a random history rendered as provider P's body B, imported (format detected
// from the shape), written and read back as a fixture file and replayed: the last request, rendered
// for P, equals B (key order aside), and the import report lists no difference — 200 histories
// per provider (1,000 under `npm run test:deep`). A further 50 per provider go through the printed path (`--json --wire P`), whose
// last wireRequest line must be B too. Each provider's tests are a file of their own
// (import-round-trip-<provider>.test.ts), so that `npm test`'s workers share them out.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { importSource } from "../../src/commands/import/import-source.ts";
import { replayFixture } from "../../src/commands/import/replay-fixture.ts";
import { fixtureJsonLines } from "../../src/commands/play/transcript.ts";
import { parseFixture } from "../../src/fixture/load-fixture.ts";
import { applyWireDelta, type WireDelta } from "../../src/narration/wire-delta.ts";
import { renderWireRequest, type WireProvider } from "../../src/wire.ts";
import { propertyRuns } from "../property-runs.ts";
import { history } from "./import-histories.ts";

const RUNS = propertyRuns(1000);
// The printed path differs from the round trip above only in its printing: a smaller sample shows it.
const PRINTED_RUNS = propertyRuns(50);

/** The body of the last `wireRequest` line a replay prints with `--json --wire provider`: the
 *  first line's body with each later line's delta applied, as a reader of the output does. */
async function lastPrintedBody(fixtureText: string, provider: WireProvider): Promise<unknown> {
  const fixture = parseFixture("round-trip.json", fixtureText);
  const lines: string[] = [];
  await fixtureJsonLines(fixture, { write: (line) => lines.push(line), wire: provider });
  let body: object | undefined;
  for (const line of lines) {
    const event: unknown = JSON.parse(line);
    if (typeof event !== "object" || event === null || !("type" in event) || event.type !== "wireRequest") continue;
    if ("body" in event && typeof event.body === "object" && event.body !== null) body = event.body;
    else if ("delta" in event && isWireDelta(event.delta) && body) body = applyWireDelta(body, event.delta);
    else throw new Error("a wireRequest line with neither a body nor a delta to a body before it");
  }
  return body;
}

function isWireDelta(value: unknown): value is WireDelta {
  return typeof value === "object" && value !== null && "parts" in value && Array.isArray(value.parts);
}

export function roundTripTests(provider: WireProvider): void {
  test(`${provider}: ${RUNS} random histories render → import → replay → render to the same body`, async () => {
    let calls = 0;
    let users = 0;
    await fc.assert(
      fc.asyncProperty(history, async (context) => {
        const body = JSON.parse(JSON.stringify(renderWireRequest(provider, context).body)) as unknown;
        const outcome = await importSource(JSON.stringify(body, null, 2), { title: "round trip" });
        if (!outcome.ok) assert.fail(`import refused a rendered body: ${JSON.stringify(outcome.problem)} at ${outcome.pointer}`);
        assert.equal(outcome.report.format, provider, "the format is detected from the shape");
        assert.deepEqual(outcome.report.differences, [], "the report lists no difference");
        const { lastRequest } = await replayFixture(parseFixture("round-trip.json", JSON.stringify(outcome.fixture)));
        assert.ok(lastRequest, "the replay makes the logged request");
        assert.deepEqual(JSON.parse(JSON.stringify(renderWireRequest(provider, lastRequest).body)), body);
        calls += outcome.report.counts.calls;
        users += outcome.report.counts.users;
      }),
      { numRuns: RUNS },
    );
    // The generator must exercise what the test is about: many user turns and calls.
    assert.ok(users > RUNS * 1.5, `user messages: ${users}`);
    assert.ok(calls > RUNS, `calls: ${calls}`);
  });

  test(`${provider}: ${PRINTED_RUNS} random histories, the last body printed by --json --wire is the imported one`, async () => {
    await fc.assert(
      fc.asyncProperty(history, async (context) => {
        const body = JSON.parse(JSON.stringify(renderWireRequest(provider, context).body)) as unknown;
        const outcome = await importSource(JSON.stringify(body), { title: "round trip" });
        if (!outcome.ok) assert.fail(JSON.stringify(outcome.problem));
        assert.deepEqual(await lastPrintedBody(JSON.stringify(outcome.fixture), provider), body);
      }),
      { numRuns: PRINTED_RUNS },
    );
  });
}
