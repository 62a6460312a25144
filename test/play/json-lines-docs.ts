// The "JSON Lines output" table of docs/command.md, read from that page itself, and a check of
// `--json` lines against it: so a field added to the output, or dropped from the document, fails a
// test.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

/** One line of --json output. */
export type Line = Record<string, unknown> & { type: string };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export interface FieldDoc {
  name: string;
  /** `title` (or null) */
  nullable: boolean;
  /** Present only sometimes: `reason` (for `skipped`: …), `conversions` (under coerce, when any). */
  conditional: boolean;
  /** Listed values, as for `stage` (`done`, `lookup`, …). */
  values: string[];
  /** `settings`: `maxTurns`, … — the keys documented inside this field. */
  subFields: string[];
}

export interface EventDoc {
  type: string;
  fields: Map<string, FieldDoc>;
}

const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? "");

/** One cell of the fields column: top-level names, their notes in parentheses, and the names
 *  after a `name`: colon, which document that field's inner keys. A leading condition such as
 *  "with `--wire`:" applies to the whole line and is skipped. */
function parseFieldsCell(cell: string): Map<string, FieldDoc> {
  const fields = new Map<string, FieldDoc>();
  const body = cell.replace(/^[^`]*`[^`]+`:\s*(?=`)/, (prefix) => (prefix.startsWith("`") ? prefix : ""));
  let current: FieldDoc | undefined;
  let nesting: FieldDoc | undefined;
  const tokens = body.matchAll(/`([^`]+)`\s*(\(([^)]*)\))?\s*(:)?|,/g);
  for (const token of tokens) {
    if (token[0] === ",") continue;
    const name = token[1] ?? "";
    const note = token[3];
    if (nesting) {
      nesting.subFields.push(name);
      continue;
    }
    current = { name, nullable: false, conditional: false, values: [], subFields: [] };
    if (note !== undefined) {
      current.nullable = /\bor null\b/.test(note);
      current.conditional = /^(for|under|when)\b/.test(note) || /\bwhen any\b/.test(note);
      const listed = note.includes(":") ? note.slice(note.lastIndexOf(":") + 1) : note;
      // Only a bare list counts as values: "a whole `Message`" is prose that names a type.
      const bareList = listed.replace(/`[^`]+`/g, "").replace(/[,\s]/g, "") === "";
      current.values = bareList ? backticked(listed) : [];
    }
    fields.set(name, current);
    if (token[4] === ":") nesting = current;
  }
  return fields;
}

/** The page that documents the `--json` format. */
export const jsonLinesPage = "docs/command.md";

export function documentedEventTable(): EventDoc[] {
  const page = readFileSync(new URL(`../../${jsonLinesPage}`, import.meta.url), "utf8");
  const heading = /^(#{1,6}) JSON Lines output\b/m.exec(page);
  assert.ok(heading, `${jsonLinesPage} has a "JSON Lines output" section`);
  const start = heading.index;
  // The section ends at the next heading of its level or above.
  const next = page.slice(start + 1).search(new RegExp(`\\n#{1,${heading[1]?.length ?? 1}} `));
  const section = next === -1 ? page.slice(start) : page.slice(start, start + 1 + next);
  const rows = section.split("\n").filter((line) => /^\| `[A-Za-z]+` \|/.test(line));
  assert.ok(rows.length > 0, "the section has an event table");
  return rows.map((row) => {
    const [, typeCell = "", fieldsCell = ""] = row.split(/(?<!\\)\|/).map((cell) => cell.trim());
    return { type: backticked(typeCell)[0] ?? "", fields: parseFieldsCell(fieldsCell) };
  });
}

/** Every line has a documented type, every documented field, and no field the table leaves out. */
export function checkAgainstTable(lines: readonly Line[], table: readonly EventDoc[], label: string): void {
  const docs = new Map(table.map((doc) => [doc.type, doc]));
  for (const line of lines) {
    const doc = docs.get(line.type);
    assert.ok(doc, `${label}: "${line.type}" lines are documented in the JSON Lines table of ${jsonLinesPage}`);
    const where = `${label}: ${line.type}`;
    for (const key of Object.keys(line)) {
      if (key !== "type") assert.ok(doc.fields.has(key), `${where}.${key} is in the table of ${jsonLinesPage} (document it there)`);
    }
    for (const field of doc.fields.values()) {
      if (!field.conditional) assert.ok(Object.hasOwn(line, field.name), `${where} has its documented field ${field.name}`);
      if (!Object.hasOwn(line, field.name)) continue;
      const value = line[field.name];
      if (value === null) {
        assert.ok(field.nullable, `${where}.${field.name} is null, which ${jsonLinesPage} does not allow`);
        continue;
      }
      if (field.values.length > 0)
        assert.ok(
          field.values.includes(String(value)),
          `${where}.${field.name} = ${JSON.stringify(value)} is one of the documented values ${field.values.join(", ")}`,
        );
      if (field.subFields.length > 0 && isRecord(value)) {
        assert.deepEqual(Object.keys(value).sort(), [...field.subFields].sort(), `${where}.${field.name} has exactly the documented keys`);
      }
    }
  }
}
