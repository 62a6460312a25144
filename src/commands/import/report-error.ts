// One line for input import refuses: `file:line:column: /pointer: reason`, the parts it knows.
import { visible } from "../../io/sanitize.ts";

export function formatReportError(file: string, problem: { reason?: string; why?: string; pointer?: string; line?: number; column?: number }): string {
  const place = problem.line === undefined ? "" : `:${problem.line}:${problem.column ?? 1}`;
  const pointer = problem.pointer === undefined ? "" : ` ${visible(problem.pointer || "/")}:`;
  return `${visible(file)}${place}:${pointer} ${visible(problem.reason ?? problem.why ?? "cannot import")}`;
}
