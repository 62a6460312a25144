// docs/faults.md lists what serve sends for every scripted failure at every provider: its table is
// the one the code generates, so a changed status, body or header shows up as a failing test here.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { renderFaultTable } from "../../scripts/fault-table.ts";
import { projectRoot } from "../../scripts/goldens.ts";
import { loadAllParts } from "../../src/providers/registry.ts";
import { faultKinds } from "../../src/providers/shared/fault-kind.ts";

test("docs/faults.md's table is the one generated from the providers' fault answers", async () => {
  const doc = readFileSync(join(projectRoot, "docs/faults.md"), "utf8");
  const between = /<!-- fault-table:start -->\n([\s\S]*?)<!-- fault-table:end -->/.exec(doc)?.[1];
  assert.equal(between, renderFaultTable(await loadAllParts()), "regenerate it with npm run fault-table");
});

test("every kind at every provider is a failure status and cites the provider's documentation", async () => {
  const partsOf = await loadAllParts();
  for (const id of ["openai-chat", "openai-responses", "anthropic", "gemini"] as const) {
    for (const kind of faultKinds) {
      const { faults } = partsOf(id).response;
      assert.ok(faults.answer(kind, { requestId: undefined, retryAfter: undefined, message: undefined }).status >= 400, `${id} ${kind}`);
      assert.match(faults.source(kind), /^https:\/\/(platform\.openai\.com|docs\.anthropic\.com|ai\.google\.dev)\//, `${id} ${kind}`);
    }
  }
});

test("a rate limit's retry delay is in each provider's own form", async () => {
  const partsOf = await loadAllParts();
  const context = { requestId: "req_1", retryAfter: 2, message: undefined };
  assert.equal(partsOf("anthropic").response.faults.answer("rateLimit", context).headers["retry-after"], "2");
  assert.equal(partsOf("openai-chat").response.faults.answer("rateLimit", context).headers["x-ratelimit-reset-requests"], "2s");
  assert.deepEqual(partsOf("gemini").response.faults.answer("rateLimit", context).body, {
    error: {
      code: 429,
      message: "Resource has been exhausted (e.g. check quota).",
      status: "RESOURCE_EXHAUSTED",
      details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "2s" }],
    },
  });
});

test("the fixture format and the providers know the same kinds of failure", async () => {
  const { faultKinds: fixtureKinds } = await import("../../src/fixture/fault-format.ts");
  assert.deepEqual([...fixtureKinds], [...faultKinds]);
});
