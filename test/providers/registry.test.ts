// What the registry holds: one entry per provider folder, each the folder's own Provider, and
// what every feature derives from it (serve's routes, the wire view's endpoints, detection).
// Adding a provider is its folder plus one registry line (docs/contributing.md); this test is
// what tells whoever forgets the line.
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { matchRoute, routeList } from "../../src/commands/serve/routes.ts";
import { detectBodyProvider, loadAllParts, providerIds, providers } from "../../src/providers/registry.ts";
import { endpointLine } from "../../src/providers/shared/provider.ts";

const partsOf = await loadAllParts();

const folders = readdirSync(join(projectRoot, "src/providers"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== "shared")
  .map((entry) => entry.name);

test("the registry holds one provider per folder under src/providers, in its table order", () => {
  assert.deepEqual([...providerIds].sort(), [...folders].sort());
  assert.deepEqual(providerIds, ["openai-chat", "openai-responses", "anthropic", "gemini"]);
  for (const id of providerIds) {
    const provider = providers[id];
    assert.equal(provider.id, id, `${id}: the entry is the folder's own provider`);
    assert.equal(partsOf(id).rules.provider, id, `${id}: its rule table says whose it is`);
    assert.ok(partsOf(id).rules.rules.length > 0, `${id}: lint has rules for it`);
  }
});

test("serve answers every provider's endpoints, and each endpoint's line names its origin", () => {
  for (const { id, endpoints } of Object.values(providers)) {
    for (const which of ["request", "stream"] as const) {
      const { path, query } = endpoints[which];
      const url = `${path.replace("{model}", "m")}${query === undefined ? "" : `?${query}`}`;
      const route = matchRoute("POST", url);
      assert.equal(route?.provider, id, `${url} is ${id}'s`);
      assert.equal(route?.streamed, which === "stream" && endpoints.streamBy === "path", `${url}: streamed by its path`);
      assert.ok(routeList.includes(`POST ${path}${query === undefined ? "" : `?${query}`}`), `${url} is listed in the 404's route list`);
      assert.ok(endpointLine(endpoints, which).startsWith(`POST ${endpoints.origin}/`), `${id} ${which}`);
    }
  }
});

test("each provider's own rendered body is detected as that provider's", () => {
  const context = { systemPrompt: "s", messages: [{ role: "user" as const, content: "hi", timestamp: 0 }], tools: [] };
  for (const { id, request } of Object.values(providers)) assert.equal(detectBodyProvider(request.render(context).body).provider, id);
});
