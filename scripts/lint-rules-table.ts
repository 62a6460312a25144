// Prints the provider-rule table of docs/lint.md, generated from src/providers/<provider>/rules.ts:
//   npm run lint-rules
import { renderRuleTable } from "../src/commands/lint/rule-table-markdown.ts";

process.stdout.write(await renderRuleTable());
