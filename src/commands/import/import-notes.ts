// What the importers found in a source, worded: each note's detail (what was dropped, changed or
// filled in) and why a source is malformed. One interface each language implements in full
// (import-notes-zh.ts, import-notes-en.ts; load-import-notes.ts loads one), beside import's
// report sentences (import-messages.ts) because it is its own vocabulary: one entry per thing an
// importer can say (src/providers/shared/note-detail.ts, malformed-source.ts). Keys, roles,
// types, ids and previews inside are data from the source and are shown as they are.
import type { MalformedSource } from "../../providers/shared/malformed-source.ts";
import type { NoteDetail } from "../../providers/shared/note-detail.ts";

export interface ImportNotes {
  note(detail: NoteDetail): string;
  malformed(problem: MalformedSource): string;
}
