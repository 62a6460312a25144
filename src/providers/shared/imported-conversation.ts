// What every importer produces from a logged request body or a Pi session: the neutral
// conversation (system prompt, messages, declared tools), where each message came from in the
// source, and every point where the source held something the neutral types cannot carry. Import
// says what it cannot know instead of guessing, so each loss is a note the report prints.
import type { Context } from "../../protocol/types.ts";
import { type MalformedSource, malformedText } from "./malformed-source.ts";
import type { NoteDetail } from "./note-detail.ts";

/** One thing the import dropped, changed or could not know, at a JSON pointer of the source. */
export interface ImportNote {
  /** RFC 6901 pointer into the body (for a Pi session: into the entry, with `line`). */
  pointer: string;
  /** 1-based JSON Lines line of a Pi session entry. */
  line?: number;
  kind: ImportNoteKind;
  /** What exactly (a field name, a type, a value), as data: the report words it. */
  detail: NoteDetail;
}

export type ImportNoteKind =
  /** A field the neutral types have no place for (model, temperature, an item id, …): left out. */
  | "fieldDropped"
  /** A block type the neutral types cannot hold (an image, a reasoning item): left out. */
  | "blockDropped"
  /** Kept, but in another form (a one-text block list becomes a string, several texts are joined). */
  | "formChanged"
  /** The source did not say it, so import chose a value (an id for a Gemini call without one). */
  | "filledIn"
  /** A tool call the source never answered: the replay answers it with an error result. */
  | "unanswered";

/** A neutral assistant block's field, as serve compares a reply sent back with the one it served. */
export type BlockField = "text" | "id" | "name" | "arguments" | "thinking" | "signature";

/** Where a neutral assistant block came from: the source block's pointer, and each field's path
 *  below it in the source's own words (Anthropic's arguments at `/input`, Chat's at
 *  `/function/arguments`; "" where the block is the field, as Chat's string content is its text). */
export interface BlockPlace {
  at: string;
  fields: Readonly<Partial<Record<BlockField, string>>>;
}

export interface ImportedConversation {
  /** A provider's id, or "pi-session". */
  format: string;
  context: Context & { tools: NonNullable<Context["tools"]> };
  /** The source pointer of each message of `context.messages`, index for index. */
  messagePointers: string[];
  /** The source place of each block of each assistant message, index for index with
   *  `context.messages` (undefined for other messages, and where the importer keeps none). */
  blockPlaces: (readonly BlockPlace[] | undefined)[];
  /** The source pointer of each declared tool's parameters schema. */
  toolPointers: string[];
  notes: ImportNote[];
  /** A Pi session's other branches (the leaf entry id and length of each), for the report. */
  branches?: { leafId: string; entries: number; chosen: boolean }[];
}

/** The source is not what it claims to be: one pointer, one reason, nothing is written. */
export class ImportError extends Error {
  override readonly name = "ImportError";
  readonly pointer: string;
  readonly problem: MalformedSource;
  /** The 1-based line and column in the source, where the thrower knows them (a Pi session's JSON Lines). */
  readonly line: number | undefined;
  readonly column: number | undefined;
  /** The problem in English, as serve answers a harness with it. */
  readonly reason: string;
  constructor(pointer: string, problem: MalformedSource, line?: number, column?: number) {
    const reason = malformedText(problem);
    super(`${pointer}: ${reason}`);
    this.pointer = pointer;
    this.problem = problem;
    this.line = line;
    this.column = column;
    this.reason = reason;
  }
}
