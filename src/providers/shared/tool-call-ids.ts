// Tool-call id rewriting for providers that restrict ids. A history can hold ids from any source (a
// scripted model, another provider), so each renderer gets one consistent plan: a call and its
// result always receive the same wire id, and two different original ids never share one.

/** What a provider accepts as a tool-call id. */
export interface ToolCallIdRule {
  /** Characters outside this set are replaced; it must not use the `g` or `y` flags. */
  allowed: RegExp;
  maxLength: number;
}

/** The character set every provider accepts; Anthropic documents exactly `^[a-zA-Z0-9_-]+$`. */
const SAFE_ID_CHARACTERS = /^[a-zA-Z0-9_-]+$/;

export function safeIdRule(maxLength: number): ToolCallIdRule {
  return { allowed: SAFE_ID_CHARACTERS, maxLength };
}

/** "_" plus 8 hex digits: short enough to leave most of the original readable. */
const SUFFIX_LENGTH = 9;

/**
 * Maps every original id to its wire id. Ids the rule already accepts are kept as they are and
 * reserved first, so a rewritten id can never take the place of one that was valid; a rewritten id
 * is the sanitised, shortened original plus a hash of the whole original, which keeps distinct ids
 * apart even when they sanitise to the same text ("a.b" and "a:b"). Without a rule ids pass through.
 */
export function planToolCallIds(originalIds: Iterable<string>, rule: ToolCallIdRule | undefined): Map<string, string> {
  const unique = [...new Set(originalIds)];
  const plan = new Map<string, string>();
  if (!rule) {
    for (const id of unique) plan.set(id, id);
    return plan;
  }
  const taken = new Set<string>();
  for (const id of unique) {
    if (isAllowedId(id, rule)) {
      plan.set(id, id);
      taken.add(id);
    }
  }
  for (const id of unique) {
    if (plan.has(id)) continue;
    const wireId = rewriteId(id, rule, taken);
    plan.set(id, wireId);
    taken.add(wireId);
  }
  return plan;
}

/** One wire id per call, in call order, and the duplicates that had to be renamed. */
export interface OccurrencePlan {
  wireIds: string[];
  /** The plan for each distinct id (its first call's wire id). */
  firstIds: Map<string, string>;
  renamed: { id: string; to: string; occurrence: number }[];
}

/**
 * Like `planToolCallIds`, but per call: the first call with an id gets the id's plan, and every
 * later call that repeats it (a misbehaving model, or two histories spliced together) gets a fresh
 * id no other call has, because providers refuse a repeated id (Anthropic: "tool_use ids must be
 * unique"). Its result, paired with it before this runs, then follows it to the new id.
 */
export function planCallOccurrences(originalIds: readonly string[], rule: ToolCallIdRule): OccurrencePlan {
  const plan = planToolCallIds(originalIds, rule);
  const taken = new Set(plan.values());
  const seen = new Map<string, number>();
  const renamed: OccurrencePlan["renamed"] = [];
  const wireIds = originalIds.map((id) => {
    const occurrence = (seen.get(id) ?? 0) + 1;
    seen.set(id, occurrence);
    const first = plan.get(id) ?? id;
    if (occurrence === 1) return first;
    const to = rewriteId(`${id}\u0000${occurrence}`, rule, taken);
    taken.add(to);
    renamed.push({ id, to, occurrence });
    return to;
  });
  return { wireIds, firstIds: plan, renamed };
}

export function isAllowedId(id: string, rule: ToolCallIdRule): boolean {
  return id.length > 0 && id.length <= rule.maxLength && rule.allowed.test(id);
}

/** `id` in the rule's characters, shortened, plus a hash of the whole id: the first such candidate not `taken`. */
export function rewriteId(id: string, rule: ToolCallIdRule, taken: { has(id: string): boolean }): string {
  const readable = [...id]
    .map((character) => (rule.allowed.test(character) ? character : "_"))
    .join("")
    .slice(0, Math.max(0, rule.maxLength - SUFFIX_LENGTH));
  // A 32-bit hash can collide; salting and retrying makes the result collision-free, not just likely so.
  for (let salt = 0; ; salt++) {
    const candidate = `${readable}_${fnv1a32(salt === 0 ? id : `${id}\u0000${salt}`)}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** FNV-1a over UTF-16 code units, as 8 hex digits: stable across runs and platforms, no imports. */
function fnv1a32(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}
