// The id and tool-name plans of a history that grows at its end. planToolCallIds and
// planCallOccurrences (tool-call-ids.ts) plan a whole list at once; the wire view asks on every
// request of a run, and planning the whole history each time made `--wire` quadratic. This plan
// takes each new id once and gives it the wire id the whole plan would give it. The one case it
// cannot settle alone: a new id that takes the value an earlier id was given (an id rewritten, or a
// repeat renamed, to exactly what a later valid id is). The whole plan reserves every valid id
// first, so it would have given the earlier one another value; `next` then answers undefined, and
// the caller plans again from the whole list (`seed`). Only a history built to collide with an
// 8-digit hash gets there.
import { isAllowedId, planCallOccurrences, planToolCallIds, rewriteId, type ToolCallIdRule } from "./tool-call-ids.ts";
import type { WireNote } from "./wire-note.ts";

export interface GrowingIdPlanOptions {
  /** The note a rewritten id gets. */
  rewriteNote: "idRewritten" | "toolNameRewritten";
  /** Per call, as planCallOccurrences: a repeated id is renamed. Without it, as planToolCallIds: a repeat keeps its first value (tool names). */
  occurrences: boolean;
  /** The ids so far, planned whole: the first `seed.length` calls of `next` must repeat them in order. */
  seed?: readonly string[];
}

export class GrowingIdPlan {
  /** A note for each rewritten id, in the order the whole plan lists them (by first occurrence). */
  readonly rewrites: Extract<WireNote, { kind: "idRewritten" | "toolNameRewritten" }>[] = [];
  /** A note for each repeat renamed (with `occurrences`), in call order. */
  readonly renames: Extract<WireNote, { kind: "duplicateIdRenamed" }>[] = [];
  readonly #rule: ToolCallIdRule;
  readonly #rewriteNote: GrowingIdPlanOptions["rewriteNote"];
  readonly #occurrences: boolean;
  /** Original id → the value its first occurrence has. */
  readonly #first = new Map<string, string>();
  readonly #firstValues = new Set<string>();
  /** The values given to ids the rule refused, and to renamed repeats: what a later valid id must not be. */
  readonly #rewritten = new Set<string>();
  readonly #renamed = new Set<string>();
  readonly #seen = new Map<string, number>();
  /** A rename avoids every first value and every earlier rename, as planCallOccurrences' `taken`. */
  readonly #renameTaken = { has: (id: string) => this.#firstValues.has(id) || this.#renamed.has(id) };
  readonly #seed: readonly string[];
  readonly #seeded: readonly string[];
  #cursor = 0;

  constructor(rule: ToolCallIdRule, { rewriteNote, occurrences, seed = [] }: GrowingIdPlanOptions) {
    this.#rule = rule;
    this.#rewriteNote = rewriteNote;
    this.#occurrences = occurrences;
    this.#seed = seed;
    const firstIds = occurrences ? undefined : planToolCallIds(seed, rule);
    const whole = occurrences ? planCallOccurrences(seed, rule) : undefined;
    const plan = whole?.firstIds ?? firstIds ?? new Map<string, string>();
    for (const [from, to] of plan) {
      this.#first.set(from, to);
      this.#firstValues.add(to);
      if (from === to) continue;
      this.#rewritten.add(to);
      this.rewrites.push({ kind: rewriteNote, from, to });
    }
    for (const { id, to, occurrence } of whole?.renamed ?? []) {
      this.#renamed.add(to);
      this.renames.push({ kind: "duplicateIdRenamed", id, to, occurrence });
    }
    for (const id of seed) this.#seen.set(id, (this.#seen.get(id) ?? 0) + 1);
    this.#seeded = whole?.wireIds ?? seed.map((id) => plan.get(id) ?? id);
  }

  /** The wire value of an id met before. */
  wireValue(id: string): string | undefined {
    return this.#first.get(id);
  }

  /** The wire value of the next id in the list; undefined when it would change an earlier one's. */
  next(id: string): string | undefined {
    if (this.#cursor < this.#seeded.length) {
      // The seed is the list so far: a caller that feeds another list has a bug, not bad data.
      if (this.#seed[this.#cursor] !== id) throw new Error(`GrowingIdPlan: fed "${id}" where the seed has "${this.#seed[this.#cursor]}"`);
      return this.#seeded[this.#cursor++];
    }
    const occurrence = (this.#seen.get(id) ?? 0) + 1;
    const first = this.#first.get(id);
    if (first !== undefined && !this.#occurrences) return first;
    if (first !== undefined) {
      const to = rewriteId(`${id}\u0000${occurrence}`, this.#rule, this.#renameTaken);
      this.#seen.set(id, occurrence);
      this.#renamed.add(to);
      this.renames.push({ kind: "duplicateIdRenamed", id, to, occurrence });
      return to;
    }
    let to = id;
    if (isAllowedId(id, this.#rule)) {
      if (this.#rewritten.has(id) || this.#renamed.has(id)) return undefined;
    } else {
      to = rewriteId(id, this.#rule, this.#firstValues);
      if (this.#renamed.has(to)) return undefined;
      this.#rewritten.add(to);
      this.rewrites.push({ kind: this.#rewriteNote, from: id, to });
    }
    this.#seen.set(id, 1);
    this.#first.set(id, to);
    this.#firstValues.add(to);
    return to;
  }
}
