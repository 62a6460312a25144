// The id plan that grows with a history (src/providers/shared/growing-id-plan.ts) against the
// whole-list plans it stands in for: fed one id at a time, and planned again from the whole list
// whenever it says a new id would change an earlier one's, it gives every id, every rewrite note
// and every rename the whole plan gives. Lists are drawn from ids built to collide: the rewrite of
// an unsafe id and the rename of a repeat, each also sent as an id of its own, and an unsafe id
// whose rewrite is a repeat's rename (`b\u00002` rewrites to what the second "b" is renamed to).
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { GrowingIdPlan } from "../../src/providers/shared/growing-id-plan.ts";
import { planCallOccurrences, planToolCallIds, safeIdRule, type ToolCallIdRule } from "../../src/providers/shared/tool-call-ids.ts";
import { propertyRuns } from "../property-runs.ts";

const rule: ToolCallIdRule = safeIdRule(40);
const unsafe = ["a.b", "a:b", "c|fc_A+/=", "x".repeat(60), "b\u00002", "call_1\u00003"];
const safe = ["call_1", "call_2", "b"];
/** What the second "call_1" is renamed to. */
const secondCall1 = planCallOccurrences(["call_1", "call_1"], rule).wireIds[1] ?? "";
const colliding = [
  ...unsafe.map((id) => planToolCallIds([id], rule).get(id) ?? id),
  ...safe.map((id) => planCallOccurrences([id, id], rule).wireIds[1] ?? id),
  planCallOccurrences(["call_1", "call_1", "call_1"], rule).wireIds[2] ?? "",
];
const ids = fc.array(fc.constantFrom(...unsafe, ...safe, ...colliding), { maxLength: 14 });

/** Fed id by id, as the wire renderer feeds it; `rebuilds` counts the times it planned again. */
function grown(list: readonly string[], occurrences: boolean): { plan: GrowingIdPlan; values: string[]; rebuilds: number } {
  const options = { rewriteNote: "idRewritten" as const, occurrences };
  let plan = new GrowingIdPlan(rule, options);
  let values: string[] = [];
  let rebuilds = 0;
  list.forEach((id, index) => {
    const value = plan.next(id);
    if (value !== undefined) {
      values.push(value);
      return;
    }
    rebuilds++;
    const seed = list.slice(0, index + 1);
    plan = new GrowingIdPlan(rule, { ...options, seed });
    values = seed.map((each) => plan.next(each) ?? "(refused)");
  });
  return { plan, values, rebuilds };
}

test("per call: the growing plan gives what planCallOccurrences gives the whole list", () => {
  let rebuilds = 0;
  fc.assert(
    fc.property(ids, (list) => {
      const whole = planCallOccurrences(list, rule);
      const { plan, values, rebuilds: count } = grown(list, true);
      rebuilds += count;
      assert.deepEqual(values, whole.wireIds);
      assert.deepEqual(
        plan.rewrites,
        [...whole.firstIds].filter(([from, to]) => from !== to).map(([from, to]) => ({ kind: "idRewritten", from, to })),
      );
      assert.deepEqual(
        plan.renames,
        whole.renamed.map((rename) => ({ kind: "duplicateIdRenamed", ...rename })),
      );
    }),
    // The two ways a new id takes an earlier id's value, each written out: a valid id that is a
    // repeat's rename, and an unsafe id whose rewrite is one.
    { numRuns: propertyRuns(600), examples: [[["call_1", "call_1", secondCall1]], [["b", "b", "b\u00002"]]] },
  );
  // The lists do reach the case the plan cannot settle alone.
  assert.ok(rebuilds > 0, "no list made the plan start again");
});

test("per name: a repeat keeps its first value, as planToolCallIds gives it", () => {
  fc.assert(
    fc.property(ids, (list) => {
      const whole = planToolCallIds(list, rule);
      const { plan, values } = grown(list, false);
      assert.deepEqual(
        values,
        list.map((id) => whole.get(id)),
      );
      for (const id of list) assert.equal(plan.wireValue(id), whole.get(id));
      assert.deepEqual(plan.renames, []);
    }),
    { numRuns: propertyRuns(400) },
  );
});
