// What a provider rule is, as data: what it checks, where it points, what the provider answers
// when the rule is broken (as documented, or as seen returned in public), where that was seen, and
// the fix. The per-provider tables (src/providers/<provider>/rules.ts) are lists of these; the
// engine (lint-body.ts) runs them and knows no provider.

export type Severity = "error" | "warning";

/** Values a rule fills into its provider error, e.g. `{ id: "call_1", message: 3 }` for `{id}` and `{message}`. */
export type FindingValues = Readonly<Record<string, string | number>>;

export type Report = (pointer: string, values?: FindingValues) => void;

export interface Rule {
  /** Short and stable, e.g. "tool-use-without-result"; the table's provider qualifies it. */
  id: string;
  /** "error": the provider refuses the request. "warning": it accepts it, but a harness should not send it. */
  severity: Severity;
  /** What the rule checks, in one sentence. */
  checks: string;
  /** The JSON pointer a finding names, as a pattern: `/messages/{i}/content/{j}`. */
  pointer: string;
  /**
   * The error text the provider returns, with `{placeholders}` for the values a finding fills in.
   * Undefined when no public source shows the text (the rule then rests on documentation only,
   * or is a warning); `source` says which.
   */
  providerError: string | undefined;
  /** What a finding says when there is no provider text (warnings, documentation-only rules), with placeholders. */
  message?: string;
  /** Where the rule (and the text) comes from: documentation URL, SDK file, or public issue threads. */
  source: string;
  /** One line: what to change, in each language lint and import print (the run's). */
  fix: RuleFix;
  /** Walks the body (already known to be a JSON object) and reports each place that breaks the rule. */
  check(body: Record<string, unknown>, report: Report): void;
}

export interface RuleFix {
  en: string;
  zh: string;
}

/** A rule another table has that this provider's bodies cannot support, and why (docs/lint.md's table prints it). */
export interface UncheckedRule {
  id: string;
  checks: string;
  /** Why the body cannot show it, with the source. */
  why: string;
}

export interface RuleTable {
  provider: string;
  rules: readonly Rule[];
  /** Rules left out of this table on purpose: lint must not claim what the body cannot show. */
  unchecked?: readonly UncheckedRule[];
}

export interface Finding {
  provider: string;
  rule: string;
  severity: Severity;
  /** RFC 6901 pointer into the body. */
  pointer: string;
  /** The provider's error text with the values filled in; otherwise the rule's own description. */
  message: string;
  /** Whether `message` is the provider's own error text (as documented or seen returned). */
  providerText: boolean;
  fix: string;
}

/** Shown when a rule knows no provider text and has no message of its own. */
export const NO_PUBLIC_TEXT = "(no public error text found; see the rule's source)";

/** `{name}` placeholders replaced by the finding's values; unknown ones are left as they are. */
export function fillTemplate(template: string, values: FindingValues | undefined): string {
  if (!values) return template;
  return template.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/** Reports every id seen before, at its own pointer: the one shape of every "ids are unique" rule. */
export function reportRepeatedIds(ids: Iterable<{ id: string | undefined; pointer: string }>, report: Report): void {
  reportRepeated(ids, idOfEntry, pointerOfEntry, report);
}

/** reportRepeatedIds over items of every shape: the pointer is made only for a repeat, so a long body whose
 *  ids are nearly all unique spells out almost none. */
export function reportRepeated<T>(items: Iterable<T>, idOf: (item: T) => string | undefined, pointerOf: (item: T) => string, report: Report): void {
  const seen = new Set<string>();
  for (const item of items) {
    const id = idOf(item);
    if (id === undefined) continue;
    if (seen.has(id)) report(pointerOf(item), { id });
    seen.add(id);
  }
}

const idOfEntry = (entry: { id: string | undefined }) => entry.id;
const pointerOfEntry = (entry: { pointer: string }) => entry.pointer;
