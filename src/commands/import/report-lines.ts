// The import report as lines of text: what was read, where the replay ends, every point where the
// source held something the fixture cannot carry or the replay does differently, and the
// provider's rules the body breaks. Values from the log are untrusted data: invisible and control
// characters are shown as escapes.
import { visible } from "../../io/sanitize.ts";
import type { ImportReport } from "./import-source.ts";

const LISTED_DIFFERENCES = 40;

export function reportLines(file: string, report: ImportReport, written: string | undefined): string[] {
  const name = visible(file);
  const place = (line: number | undefined, column: number | undefined) => (line === undefined ? name : `${name}:${line}:${column ?? 1}`);
  const { counts } = report;
  const lines = [
    `${name}: ${report.format}${report.detected ? " (detected from its shape)" : ""}: ${counts.users} user message(s), ${counts.replies} repl${counts.replies === 1 ? "y" : "ies"}, ${counts.calls} call(s), ${counts.results} result(s), ${counts.tools} declared tool(s)`,
  ];
  if (written !== undefined) lines.push(`wrote ${visible(written)}`);
  if (report.branches && report.branches.length > 0) {
    lines.push(`branches (${report.branches.length}; --branch <id> picks another):`);
    for (const branch of report.branches) lines.push(`  ${branch.chosen ? "*" : " "} ${visible(branch.leafId)}  ${branch.entries} entries${branch.chosen ? "  (imported)" : ""}`);
  }
  lines.push(report.notes.length === 0 ? "nothing was dropped or changed on the way in" : `dropped, changed or filled in (${report.notes.length}):`);
  for (const note of report.notes) lines.push(`  ${place(note.line, note.column)}  ${visible(note.pointer || "/")}  ${note.kind}  ${visible(note.detail)}`);
  if (report.format !== "pi-session") {
    if (report.differences.length === 0) lines.push("round trip: the replay's last request equals the body (key order aside)");
    else {
      lines.push(`round trip: the replay's last request differs from the body at ${report.differences.length} place(s):`);
      for (const difference of report.differences.slice(0, LISTED_DIFFERENCES)) {
        lines.push(`  ${place(difference.line, difference.column)}  ${visible(difference.pointer || "/")}  body ${preview(difference.source)}  replay ${preview(difference.replay)}`);
      }
      if (report.differences.length > LISTED_DIFFERENCES) lines.push(`  … and ${report.differences.length - LISTED_DIFFERENCES} more`);
    }
    lines.push(report.findings.length === 0 ? `lint (${report.format}): no rule broken` : `lint (${report.format}): ${report.findings.length} finding(s), narrated at their messages:`);
    for (const finding of report.findings) {
      const severity = finding.severity === "warning" ? " (warning)" : "";
      lines.push(`  ${place(finding.line, finding.column)}  ${finding.pointer || "/"}  ${finding.provider}/${finding.rule}${severity}  ${visible(finding.message)}  fix: ${finding.fix}`);
    }
  }
  return lines;
}

function preview(value: unknown): string {
  if (value === undefined) return "(absent)";
  const json = JSON.stringify(value) ?? String(value);
  return visible(json.length > 80 ? `${json.slice(0, 77)}…` : json);
}
