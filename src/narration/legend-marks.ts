// Which producer marks a run can show, decided from its fixture before it plays, so the legend on
// the transcript's second line explains those and no other (issue 55: a first run was told about
// `record` and a person's edits it never shows). model, app and person (the user's message) can
// show in every run; `tool` only where a tool of this program runs; `record` only where an episode
// plays back results a log recorded (an imported or recorded fixture); a person's edits only in
// interactive mode or where the fixture saved some. The catalogs word the line (legendLine); the
// narrator decides from the fixture (episode-options.ts `shownMarks`). No imports: every catalog loads it.

/** The marks, beyond model, app and person, that a run can show. */
export interface ShownMarks {
  tool: boolean;
  record: boolean;
  /** A person's edits of a reply's calls (the person mark then covers more than the user's message). */
  edits: boolean;
}

/** Every mark: a legend that explains them all (a run whose fixture is not known yet). */
export const ALL_MARKS: ShownMarks = { tool: true, record: true, edits: true };

/** The legend's line: its head, then the entries of the marks the run can show, in one order. */
export function legendLine(head: string, separator: string, entries: readonly (string | false)[]): string {
  return head + entries.filter((entry): entry is string => entry !== false).join(separator);
}
