// import's own sentences — the report's lines and headings, and why an input is refused — one
// interface each language implements in full (import-messages-zh.ts, import-messages-en.ts;
// load-import-messages.ts loads one); what the importers found is worded by import-notes.ts.
// Shown as they are in every language: file names, JSON pointers, formats, note kinds, rule ids,
// values from the log, the provider's error texts and the rule table's fixes (data). The fixture
// written is data too: its title and description do not follow --lang.
import type { ImportReport } from "./import-source.ts";

export interface ImportMessages {
  /** The first line: what was read and what it holds. */
  header(file: string, format: string, detected: boolean, counts: ImportReport["counts"]): string;
  wrote(file: string): string;
  branchesHeading(count: number): string;
  /** One branch of a Pi session: `leafId` shown already sanitised. */
  branch(leafId: string, entries: number, chosen: boolean): string;
  nothingDropped: string;
  droppedHeading(count: number): string;
  roundTripEqual: string;
  roundTripDiffers(count: number): string;
  /** One difference's two values, each a JSON preview (or `absent`). */
  difference(body: string, replay: string): string;
  absent: string;
  moreDifferences(count: number): string;
  lintClean(format: string): string;
  lintFindings(format: string, count: number): string;
  warningMark: string;
  fixLabel: string;
  // refusals (one line on stderr, exit 1, nothing written)
  branchNeedsPiSession: string;
  unknownShape(why: string): string;
  /** --from named a provider, and the body is not an object. */
  notAnObject: string;
  notUtf8: string;
  /** JSON.stringify gave up on the nesting (a hostile schema or arguments). */
  tooDeepToWrite(file: string): string;
  /** `-o ''`: refused before the input is read. */
  emptyOutput: string;
  /** `why`: the system's own message. */
  cannotWrite(file: string, why: string): string;
}
