// English sentences of lint (see lint-messages.ts).
import type { LintMessages } from "./lint-messages.ts";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

const lintEn: LintMessages = {
  summary: (file, provider, errors, warnings) => `${file}: ${provider} request body, ${plural(errors, "error")}, ${plural(warnings, "warning")}`,
  notABody: (file, why) => `${file}: not a request body: ${why}`,
  notAnyProvidersBody: (file, why) => `${file}: not a request body of any provider: ${why}`,
  warningMark: " (warning)",
  fixLabel: "fix: ",
};

export default lintEn;
