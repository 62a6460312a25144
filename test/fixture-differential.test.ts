// The CLI's fixture loader and an editor's validator must agree (issue 9): hundreds of generated
// fixtures, valid and mutated (unknown and misspelt keys at every level, missing keys, wrong types,
// wrong enum values, empty lists), go to both the loader and ajv compiled from the committed
// fixture.schema.json; any file one accepts and the other rejects fails the test.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { Ajv } from "ajv";
import { FixtureError, parseFixture } from "../src/fixture/load-fixture.ts";
import { builtinTools } from "../src/tools/index.ts";
import { projectRoot } from "../scripts/goldens.ts";

/** mulberry32: a small seeded generator, so a failure names a case that can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function generator(next: () => number) {
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const chance = (p: number) => next() < p;
  const text = () => pick(["", "hi", "计算 128 × 64", "a\nb", "\u001b[2J", "🙂"]);
  const localized = (): Json => (chance(0.5) ? text() : { zh: text(), en: text() });
  const anyValue = (depth = 0): Json => {
    const kind = int(depth > 2 ? 4 : 6);
    if (kind === 0) return null;
    if (kind === 1) return chance(0.5);
    if (kind === 2) return pick([0, 1, -1, 1.5, 128, 1e3]);
    if (kind === 3) return text();
    if (kind === 4) return Array.from({ length: int(3) }, () => anyValue(depth + 1));
    return Object.fromEntries(Array.from({ length: int(3) }, (_, index) => [pick(["a", "b", "op", "value", "type"]) + index, anyValue(depth + 1)]));
  };
  const block = (): Json =>
    chance(0.4) ? { type: "text", text: text() } : { type: "toolCall", id: `call_${int(9)}`, name: pick(["calc", "echo", "nope", ""]), arguments: anyValue() };
  const reply = (): Json => {
    const value: { [key: string]: Json } = { content: Array.from({ length: int(4) }, block) };
    if (chance(0.3)) value.stopReason = pick(["stop", "length", "toolUse", "error", "aborted"]);
    return value;
  };
  const episode = (): Json => {
    const value: { [key: string]: Json } = { user: text(), script: Array.from({ length: int(4) }, reply) };
    if (chance(0.3)) value.title = localized();
    if (chance(0.3)) value.systemPrompt = text();
    if (chance(0.3)) value.tools = builtinTools.filter(() => chance(0.5)).map((tool) => tool.name);
    if (chance(0.3)) value.maxTurns = 1 + int(9);
    if (chance(0.2)) value.timeoutMs = 1 + int(10_000);
    if (chance(0.2)) value.toolExecution = pick(["sequential", "parallel"]);
    if (chance(0.2)) value.validation = pick(["strict", "coerce"]);
    return value;
  };
  const fixture = (): { [key: string]: Json } => {
    const value: { [key: string]: Json } = { title: localized(), episodes: Array.from({ length: 1 + int(3) }, episode) };
    if (chance(0.5)) value.$schema = "../fixture.schema.json";
    if (chance(0.3)) value.description = text();
    return value;
  };

  /** Every object and array in the fixture (arguments included), with the key that leads to it. */
  const containers = (root: Json): { value: Json[] | { [key: string]: Json }; key: string | number | undefined }[] => {
    const found: { value: Json[] | { [key: string]: Json }; key: string | number | undefined }[] = [];
    const stack: [Json, string | number | undefined][] = [[root, undefined]];
    while (stack.length > 0) {
      const [value, key] = stack.pop() ?? [null, undefined];
      if (Array.isArray(value)) {
        found.push({ value, key });
        value.forEach((item, index) => stack.push([item, index]));
      } else if (value !== null && typeof value === "object") {
        found.push({ value, key });
        for (const [childKey, child] of Object.entries(value)) stack.push([child, childKey]);
      }
    }
    return found;
  };

  const wrongValues: Json[] = [null, true, 0, -1, 1.5, 1e3, "1", "", "text", "toolCall", "stop", "parallel", "coerce", [], {}, ["calc"], { zh: "z" }, { zh: "z", en: "e" }];
  // A fresh copy each time: a shared one could be mutated into a cycle.
  const wrong = (): Json => structuredClone(pick(wrongValues));
  const unknownKeys = ["foo", "maxturns", "Title", "args", "stopreason", "__proto__", "constructor", "type", "tool_calls", "Episodes"];

  /** One mutation somewhere in the fixture; the result may or may not still be valid. */
  const mutate = (root: { [key: string]: Json }): void => {
    const target = pick(containers(root));
    const container = target.value;
    const action = int(4);
    if (Array.isArray(container)) {
      if (action === 0) container.length = 0;
      else if (container.length > 0) container[int(container.length)] = wrong();
      else container.push(wrong());
      return;
    }
    const keys = Object.keys(container);
    if (action === 0) Object.defineProperty(container, pick(unknownKeys), { value: wrong(), enumerable: true, writable: true, configurable: true });
    else if (action === 1 && keys.length > 0) delete container[pick(keys)];
    else if (action === 2 && keys.length > 0) {
      // Misspell a key: change its case or drop its last letter.
      const key = pick(keys);
      const value = container[key] ?? null;
      delete container[key];
      const misspelt = chance(0.5) ? key.toLowerCase() : key.slice(0, -1);
      Object.defineProperty(container, misspelt === key ? `${key}s` : misspelt, { value, enumerable: true, writable: true, configurable: true });
    } else if (keys.length > 0) container[pick(keys)] = wrong();
  };

  return { fixture, mutate, int };
}

test("the loader and ajv with fixture.schema.json agree on generated and mutated fixtures", (t) => {
  const schema: unknown = JSON.parse(readFileSync(join(projectRoot, "fixture.schema.json"), "utf8"));
  assert.ok(typeof schema === "object" && schema !== null);
  const validate = new Ajv({ strict: false, allErrors: false }).compile(schema);
  const next = random(20_261_130);
  const { fixture, mutate, int } = generator(next);
  const CASES = 600;
  let accepted = 0;
  let rejected = 0;
  let registryChecks = 0;
  const disagreements: string[] = [];
  for (let index = 0; index < CASES; index++) {
    const value = fixture();
    // A third stay as generated; the rest get one to three mutations.
    const mutations = index % 3 === 0 ? 0 : 1 + int(3);
    for (let step = 0; step < mutations; step++) mutate(value);
    const text = JSON.stringify(value, null, 2);
    const byAjv = validate(JSON.parse(text)) === true;
    let byLoader = true;
    let why = "";
    try {
      parseFixture(`case-${index}.json`, text);
    } catch (error) {
      assert.ok(error instanceof FixtureError, `case ${index}: only FixtureErrors, got ${String(error)}`);
      // The registry check (an episode's `tools` must name built-in tools) is beyond any schema.
      if (error.problem.kind === "unknownTool") registryChecks++;
      else byLoader = false;
      why = error.problem.kind;
    }
    if (byAjv) accepted++;
    else rejected++;
    if (byAjv !== byLoader) disagreements.push(`case ${index}: ajv ${byAjv ? "accepts" : "rejects"}, loader ${byLoader ? "accepts" : `rejects (${why})`}: ${text.slice(0, 400)}`);
  }
  t.diagnostic(`${CASES} fixtures: ajv accepted ${accepted}, rejected ${rejected}; ${disagreements.length} disagreements; ${registryChecks} refused only by the tool-name check`);
  assert.deepEqual(disagreements.slice(0, 5), [], `${disagreements.length} disagreements`);
  // Both outcomes must be well represented, or the comparison proves little.
  assert.ok(accepted >= 100 && rejected >= 200, `accepted ${accepted}, rejected ${rejected}`);
  assert.ok(registryChecks < CASES / 10);
});
