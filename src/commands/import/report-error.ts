// One line for input import refuses: `file:line:column: /pointer: reason`, the parts it knows,
// with the reason worded in the run's language.
import { visible } from "../../io/sanitize.ts";
import type { InputMessages } from "../shared/input-messages.ts";
import type { ImportMessages } from "./import-messages.ts";
import type { ImportNotes } from "./import-notes.ts";
import type { ImportProblem } from "./import-source.ts";
import type { SourceProblem } from "./read-source.ts";

export interface ReportWords {
  say: ImportMessages;
  notes: ImportNotes;
  input: InputMessages;
}

export function formatReportError(file: string, reason: string, where: { pointer?: string; line?: number; column?: number }): string {
  const place = where.line === undefined ? "" : `:${where.line}:${where.column ?? 1}`;
  const pointer = where.pointer === undefined ? "" : ` ${visible(where.pointer || "/")}:`;
  return `${visible(file)}${place}:${pointer} ${visible(reason)}`;
}

/** Why the file (or stdin) could not be read as text. */
export function sourceReason(problem: SourceProblem, { say, input }: ReportWords): string {
  return problem.kind === "notUtf8" ? say.notUtf8 : input.readProblem(problem);
}

/** Why the text read is not a source import can use. */
export function importReason(problem: ImportProblem, { say, notes, input }: ReportWords): string {
  switch (problem.kind) {
    case "malformed":
      return notes.malformed(problem.source);
    case "branchNeedsPiSession":
      return say.branchNeedsPiSession;
    case "notJson":
      return input.notJson(problem.syntax, undefined);
    case "unknownShape":
      return say.unknownShape(input.detectionProblem(problem.detection));
    case "notAnObject":
      return say.notAnObject;
  }
}
