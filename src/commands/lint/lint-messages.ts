// lint's own sentences — the summary, the refusals, the labels of a finding line — one interface
// each language implements in full (lint-messages-zh.ts, lint-messages-en.ts;
// load-lint-messages.ts loads one). What a finding quotes stays as it is in every language: the
// provider's error text is the provider's own words (with its source in the rule table), and the
// rule's id, its fix and the JSON pointer are the rule table's data, as `--json` prints them.
import type { ProviderId } from "../../providers/registry.ts";

export interface LintMessages {
  /** The last line: which provider's body it is and how many findings of each severity. */
  summary(file: string, provider: ProviderId, errors: number, warnings: number): string;
  /** The input could not be read, or is not JSON; `why` is worded by input-messages.ts. */
  notABody(file: string, why: string): string;
  /** JSON, but of no provider's shape. */
  notAnyProvidersBody(file: string, why: string): string;
  /** After the rule of a warning: `anthropic/rule (warning)`. */
  warningMark: string;
  /** Before the rule table's fix. */
  fixLabel: string;
}
