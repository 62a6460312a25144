// How lint findings are printed: one line each, `file:line:column  pointer  rule  provider-error
// fix`, in document order, or one JSON document with `--json`. Ids and names inside the messages
// come from the body, which is untrusted data, so every line goes through the project's one
// sanitiser (src/io/sanitize.ts): control, bidi and zero-width characters are shown as
// escapes, never emitted. The labels and the summary are in the run's language; the JSON
// document holds only data (the rule table's and the provider's words), the same in every one.

import { jsonSafe, visible } from "../../io/sanitize.ts";
import { locateJsonPointers } from "../../json/json-locations.ts";
import type { ProviderId } from "../../providers/registry.ts";
import type { Finding } from "../../providers/shared/rule.ts";
import type { LintMessages } from "./lint-messages.ts";

export interface LocatedFinding extends Finding {
  line: number;
  column: number;
}

/** Findings with their line and column in `text`, sorted by where they are. */
export function locateFindings(text: string, findings: readonly Finding[]): LocatedFinding[] {
  const locations = locateJsonPointers(
    text,
    findings.map((finding) => finding.pointer),
  );
  const located = findings.map((finding, order) => {
    const position = locations.get(finding.pointer)?.value;
    return { finding: { ...finding, line: position?.line ?? 1, column: position?.column ?? 1 }, offset: position?.offset ?? 0, order };
  });
  located.sort((a, b) => a.offset - b.offset || a.order - b.order);
  return located.map(({ finding }) => finding);
}

export function findingLine(file: string, finding: LocatedFinding, say: LintMessages): string {
  const rule = `${finding.provider}/${finding.rule}${finding.severity === "warning" ? say.warningMark : ""}`;
  return visible([`${file}:${finding.line}:${finding.column}`, finding.pointer || "/", rule, finding.message, `${say.fixLabel}${finding.fix}`].join("  "));
}

export function summaryLine(file: string, provider: ProviderId, findings: readonly Finding[], say: LintMessages): string {
  const errors = findings.filter((finding) => finding.severity === "error").length;
  return say.summary(visible(file), provider, errors, findings.length - errors);
}

export function findingsJson(file: string, provider: ProviderId, findings: readonly LocatedFinding[]): string {
  return jsonSafe(JSON.stringify({ file, provider, findings }));
}
