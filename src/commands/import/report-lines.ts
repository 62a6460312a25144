// The import report as lines of text: what was read, where the replay ends, every point where the
// source held something the fixture cannot carry or the replay does differently, and the
// provider's rules the body breaks. The headings and labels are in the run's language
// (import-messages.ts); values from the log are untrusted data: invisible and control characters
// are shown as escapes.
import { visible } from "../../io/sanitize.ts";
import type { ImportMessages } from "./import-messages.ts";
import type { ImportNotes } from "./import-notes.ts";
import type { ImportReport } from "./import-source.ts";

const LISTED_DIFFERENCES = 40;

export function reportLines(file: string, report: ImportReport, written: string | undefined, say: ImportMessages, notes: ImportNotes): string[] {
  const name = visible(file);
  const place = (line: number | undefined, column: number | undefined) => (line === undefined ? name : `${name}:${line}:${column ?? 1}`);
  const preview = (value: unknown) => (value === undefined ? say.absent : jsonPreview(value));
  const lines = [say.header(name, report.format, report.detected, report.counts)];
  if (written !== undefined) lines.push(say.wrote(visible(written)));
  if (report.branches && report.branches.length > 0) {
    lines.push(say.branchesHeading(report.branches.length));
    for (const branch of report.branches) lines.push(say.branch(visible(branch.leafId), branch.entries, branch.chosen));
  }
  lines.push(report.notes.length === 0 ? say.nothingDropped : say.droppedHeading(report.notes.length));
  for (const note of report.notes)
    lines.push(`  ${place(note.line, note.column)}  ${visible(note.pointer || "/")}  ${note.kind}  ${visible(notes.note(note.detail))}`);
  if (report.format !== "pi-session") {
    if (report.differences.length === 0) lines.push(say.roundTripEqual);
    else {
      lines.push(say.roundTripDiffers(report.differences.length));
      for (const difference of report.differences.slice(0, LISTED_DIFFERENCES)) {
        lines.push(
          `  ${place(difference.line, difference.column)}  ${visible(difference.pointer || "/")}  ${say.difference(preview(difference.source), preview(difference.replay))}`,
        );
      }
      if (report.differences.length > LISTED_DIFFERENCES) lines.push(say.moreDifferences(report.differences.length - LISTED_DIFFERENCES));
    }
    lines.push(report.findings.length === 0 ? say.lintClean(report.format) : say.lintFindings(report.format, report.findings.length));
    for (const finding of report.findings) {
      const severity = finding.severity === "warning" ? say.warningMark : "";
      lines.push(
        `  ${place(finding.line, finding.column)}  ${finding.pointer || "/"}  ${finding.provider}/${finding.rule}${severity}  ${visible(finding.message)}  ${say.fixLabel}${finding.fix}`,
      );
    }
  }
  return lines;
}

/** A value from the log or the replay as JSON, cut to one short line. */
function jsonPreview(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return visible(json.length > 80 ? `${json.slice(0, 77)}…` : json);
}
