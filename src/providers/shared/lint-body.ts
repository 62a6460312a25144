// The neutral lint engine: run one provider's rule table over a parsed request body and collect
// the findings. It knows nothing about any provider; the tables do.

import { isRecord } from "../../json/is-record.ts";
import { sharedDerivations } from "./json-shape.ts";
import { type Finding, type FindingValues, fillTemplate, NO_PUBLIC_TEXT, type Rule, type RuleFix, type RuleTable } from "./rule.ts";

/** Every finding of `table` on `body`, table order, then document order within a rule. `lang`: the
 *  language of each finding's fix (the provider's error text is the provider's, as it sends it). */
export function lintBody(body: unknown, table: RuleTable, lang: keyof RuleFix = "en"): Finding[] {
  if (!isRecord(body)) return [];
  const findings: Finding[] = [];
  sharedDerivations(body, () => {
    for (const rule of table.rules) {
      rule.check(body, (pointer, values) => findings.push(finding(table.provider, rule, pointer, values, lang)));
    }
  });
  return findings;
}

function finding(provider: string, rule: Rule, pointer: string, values: FindingValues | undefined, lang: keyof RuleFix): Finding {
  // A rule passes `noProviderText` when the known text does not fit this case (say, another role).
  const useProviderText = rule.providerError !== undefined && !(values && "noProviderText" in values);
  const template = useProviderText ? rule.providerError : rule.message;
  return {
    provider,
    rule: rule.id,
    severity: rule.severity,
    pointer,
    message: template === undefined ? NO_PUBLIC_TEXT : fillTemplate(template, values),
    providerText: useProviderText,
    fix: rule.fix[lang],
  };
}
