// serve's golden narrations (scripts/serve-golden.ts): the example harnesses and client libraries
// driving serve, narrated as the golden file holds it — the same comparison as `npm run check`.
// Apart from the fixtures' goldens (test/narration/goldens.test.ts) because these load the client
// libraries: the runner gives such files to the worker that has them loaded already.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { goldens, projectRoot } from "../../scripts/goldens.ts";
import { serveGoldenText } from "../../scripts/serve-golden.ts";

for (const { file, lang, serve } of goldens()) {
  if (serve === undefined) continue;
  test(`golden ${file}`, async () => {
    assert.equal(await serveGoldenText(lang, serve), readFileSync(join(projectRoot, file), "utf8"), "run npm run check for a diff");
  });
}
