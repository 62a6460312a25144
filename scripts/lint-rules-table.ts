// docs/lint.md's table of provider rules, generated from the rule tables themselves (`npm run
// lint-rules` prints it; a test keeps the docs' copy in step), so the documentation cannot
// drift from what `lint` checks.
import { loadAllParts, providerIds } from "../src/providers/registry.ts";

export async function renderRuleTable(): Promise<string> {
  const partsOf = await loadAllParts();
  const lines = ["| provider | rule | checks | the API answers | source |", "| --- | --- | --- | --- | --- |"];
  for (const provider of providerIds) {
    const table = partsOf(provider).rules;
    for (const rule of table.rules) {
      const answer =
        rule.providerError === undefined ? `— (${rule.severity === "warning" ? "warning: accepted" : "no public text found"})` : `\`${rule.providerError}\``;
      // A source is a URL, a URL with a word on it ("… (accepted without parameters)"), or a path: only the URL is linked.
      const sources = rule.source.split(" ; ").map((source) => source.replace(/^(https:\/\/\S+)/, "<$1>"));
      const cells = [`\`${provider}\``, `\`${rule.id}\`${rule.severity === "warning" ? " (warning)" : ""}`, rule.checks, answer, sources.join("<br>")];
      lines.push(row(cells));
    }
    for (const rule of table.unchecked ?? []) lines.push(row([`\`${provider}\``, `\`${rule.id}\` (not checked)`, rule.checks, "—", rule.why]));
  }
  return `${lines.map((line) => line.replaceAll("\n", " ")).join("\n")}\n`;
}

function row(cells: string[]): string {
  return `| ${cells.map((cell) => cell.replaceAll("|", "\\|")).join(" | ")} |`;
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(await renderRuleTable());
