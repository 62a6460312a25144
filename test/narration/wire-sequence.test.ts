// The --wire sequence (src/narration/wire-block.ts) renders each request with one renderer that
// grows with the history, and says what it adds by comparing only what follows the items both
// requests share. This holds it to the plain definition, for random histories and all four
// providers: each step's delta is exactly the one the whole bodies give when every item of both
// is compared by its JSON text (the way --wire worked when each body was rendered whole), its
// added notes are the whole render's notes the previous request lacked, and a --wire-full step is
// the whole render. The histories grow the way the loop grows them (one array, pushed to), and
// also change the other ways a caller may: a copy of the array, and the same array cut back and
// grown with other messages. Ids and tool names are swapped for ones built to collide with what
// the renderers rewrite them to, so the growing plans also start again mid-history.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { isRecord } from "../../src/json/is-record.ts";
import { loadWireSequence, type WireSequence } from "../../src/narration/wire-block.ts";
import { applyWireDelta, type WireDelta, type WirePart } from "../../src/narration/wire-delta.ts";
import type { Context, Message } from "../../src/protocol/types.ts";
import { providers } from "../../src/providers/registry.ts";
import { planCallOccurrences, planToolCallIds } from "../../src/providers/shared/tool-call-ids.ts";
import { renderWireRequest, wireProviders } from "../../src/wire.ts";
import { history } from "../import/import-histories.ts";
import { propertyRuns } from "../property-runs.ts";

/** Under each provider's rules: the rewrite of the generator's unsafe ids, and the rename of a repeated safe one. */
const collidingIds = [
  ...new Set(
    Object.values(providers).flatMap(({ limits }) => [
      ...["c|fc_A+/=", "x".repeat(70), "id with spaces"].map((id) => planToolCallIds([id], limits.id).get(id) ?? id),
      planCallOccurrences(["call_1", "call_1"], limits.id).wireIds[1] ?? "call_1",
    ]),
  ),
];
const badName = "bad name!";
const collidingNames = [...new Set(Object.values(providers).map(({ limits }) => planToolCallIds([badName], limits.toolName).get(badName) ?? badName))];

/** The history with some ids and tool names swapped, the same way in calls and their results. */
function swapped(context: Context, ids: readonly string[], names: readonly string[]): Context {
  const idMap = new Map<string, string>();
  const id = (original: string) => {
    if (!idMap.has(original)) idMap.set(original, ids[idMap.size] ?? original);
    return idMap.get(original) ?? original;
  };
  const nameMap = new Map([
    ["now", names[0] ?? "now"],
    ["search", names[1] ?? "search"],
  ]);
  const messages = context.messages.map((message): Message => {
    if (message.role === "toolResult") return { ...message, toolCallId: id(message.toolCallId) };
    if (message.role !== "assistant") return message;
    const content = message.content.map((block) =>
      block.type === "toolCall" ? { ...block, id: id(block.id), name: nameMap.get(block.name) ?? block.name } : block,
    );
    return { ...message, content };
  });
  return { ...context, messages };
}

const swaps = fc.record({
  ids: fc.array(fc.constantFrom("call_1", "call_2", ...collidingIds), { maxLength: 4 }),
  names: fc.oneof(fc.constant([]), fc.constant([badName]), fc.constantFrom(...collidingNames.map((name) => [badName, name]))),
});
const steps = fc.array(
  fc.record({
    how: fc.constantFrom("grow", "grow", "grow", "grow", "copy", "cut"),
    by: fc.nat({ max: 5 }),
  }),
  { minLength: 1, maxLength: 10 },
);
const scenario = fc.record({ first: history, second: history, swaps, steps });

/** What --wire printed when each body was rendered whole: every item of both bodies compared by its text. */
function wholeDelta(before: object, after: object): WireDelta {
  const texts = (body: object) => new Map(Object.entries(body).map(([key, value]) => [key, Array.isArray(value) ? value.map(text) : text(value)]));
  const was = texts(before);
  const parts: WirePart[] = [];
  for (const [key, value] of Object.entries(after)) {
    const now = texts(after).get(key);
    const then = was.get(key);
    if (typeof now === "string" || !Array.isArray(value) || !Array.isArray(then)) {
      parts.push(typeof now === "string" && now === then ? { kind: "same", key } : { kind: "set", key, value });
      continue;
    }
    let kept = 0;
    while (kept < (now?.length ?? 0) && kept < then.length && now?.[kept] === then[kept]) kept++;
    if (kept === now?.length && kept === then.length) parts.push({ kind: "same", key });
    else if (kept === 0) parts.push({ kind: "set", key, value });
    else parts.push({ kind: "splice", key, kept, items: value.slice(kept) });
  }
  return { parts, removed: [...was.keys()].filter((key) => !Object.hasOwn(after, key)) };
}

function text(value: unknown): string {
  return JSON.stringify(value) ?? "undefined";
}

/** Every step of one scenario through both sequences, each checked against the whole render. */
function check(provider: (typeof wireProviders)[number], sequences: { delta: WireSequence; full: WireSequence }, input: Scenario): void {
  const { first, second, swaps: swap, steps: plan } = input;
  const start = swapped(first, swap.ids, swap.names);
  const other = swapped(second, swap.ids, swap.names);
  sequences.delta.startEpisode();
  sequences.full.startEpisode();
  let source = start.messages;
  const live: Message[] = [];
  let before: { body: object; notes: Set<string> } | undefined;
  plan.forEach(({ how, by }, index) => {
    let messages = live;
    if (how === "grow") for (const message of source.slice(live.length, live.length + by + 1)) live.push(message);
    if (how === "copy") messages = [...live];
    if (how === "cut") {
      live.length = Math.max(0, live.length - by - 1);
      source = [...live, ...other.messages];
      live.push(...source.slice(live.length, live.length + by + 1));
    }
    const context: Context = { ...start, messages };
    const whole = renderWireRequest(provider, context);
    const where = `${provider}, step ${index} (${how})`;

    const full = sequences.full.next(context);
    assert.equal(full.delta, undefined, where);
    assert.equal(text(full.request), text(whole), `${where}: --wire-full`);

    const step = sequences.delta.next(context);
    const noteTexts = whole.notes.map(text);
    if (before === undefined) {
      assert.equal(step.delta, undefined, where);
      assert.equal(text(step.request), text(whole), `${where}: first request`);
    } else {
      assert.ok(step.delta !== undefined, where);
      assert.equal(text(step.delta), text(wholeDelta(before.body, whole.body)), `${where}: delta`);
      assert.equal(text(applyWireDelta(before.body, step.delta)), text(whole.body), `${where}: body from the delta`);
      const seen = before.notes;
      assert.equal(text(step.addedNotes), text(whole.notes.filter((_, at) => !seen.has(noteTexts[at] ?? ""))), `${where}: added notes`);
      assert.equal(step.request.endpoint, whole.endpoint, where);
    }
    before = { body: whole.body, notes: new Set(noteTexts) };
  });
}

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** Each call's wire id in the body, in history order, read from the provider's own shape. */
function bodyCallIds(body: unknown): string[] {
  const ids: string[] = [];
  const walk = (value: unknown, key: string | undefined) => {
    if (Array.isArray(value)) return value.forEach((item) => walk(item, key));
    if (!isRecord(value)) return;
    if (key === "tool_calls" && typeof value.id === "string") ids.push(value.id);
    if (value.type === "tool_use" && typeof value.id === "string") ids.push(value.id);
    if (value.type === "function_call" && typeof value.call_id === "string") ids.push(value.call_id);
    if (key === "functionCall" && typeof value.id === "string") ids.push(value.id);
    for (const [child, inner] of Object.entries(value)) walk(inner, child);
  };
  walk(body, undefined);
  return ids;
}

/** The whole render's ids and names against the whole-list plans (tool-call-ids.ts), which know
 *  nothing of growing: the renderer plans again when a new id takes an earlier one's value. */
function checkPlans(provider: (typeof wireProviders)[number], context: Context): void {
  const { limits } = providers[provider];
  const calls = context.messages.flatMap((message) => (message.role === "assistant" ? message.content.filter((block) => block.type === "toolCall") : []));
  const ids = planCallOccurrences(
    calls.map((call) => call.id),
    limits.id,
  );
  const names = planToolCallIds([...(context.tools ?? []).map((tool) => tool.name), ...calls.map((call) => call.name)], limits.toolName);
  const { body, notes } = renderWireRequest(provider, context);
  assert.deepEqual(bodyCallIds(body), ids.wireIds, `${provider}: call ids`);
  const rewrites = (plan: Map<string, string>) => [...plan].filter(([from, to]) => from !== to).map(([from, to]) => ({ from, to }));
  const of = (kind: string) => notes.filter((note) => note.kind === kind).map(({ kind: _, ...rest }) => rest);
  assert.deepEqual(of("idRewritten"), rewrites(ids.firstIds), `${provider}: idRewritten`);
  assert.deepEqual(of("duplicateIdRenamed"), ids.renamed, `${provider}: duplicateIdRenamed`);
  assert.deepEqual(of("toolNameRewritten"), rewrites(names), `${provider}: toolNameRewritten`);
}

test("every provider's ids and tool names are the whole-list plans', also where ids were built to collide", () => {
  fc.assert(
    fc.property(history, swaps, (context, swap) => {
      for (const provider of wireProviders) checkPlans(provider, swapped(context, swap.ids, swap.names));
    }),
    { numRuns: propertyRuns(300) },
  );
});

for (const provider of wireProviders) {
  test(`${provider}: each request's delta, added notes and --wire-full body are the whole render's, for histories that grow, are copied and are cut back`, async () => {
    const sequences = { delta: await loadWireSequence(provider), full: await loadWireSequence(provider, { whole: true }) };
    fc.assert(
      fc.property(scenario, (input) => check(provider, sequences, input)),
      { numRuns: propertyRuns(150) },
    );
  });
}
