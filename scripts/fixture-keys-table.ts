// docs/fixtures.md's table of a fixture's keys, generated from the fixture schema itself (the
// validators' `describe(...)` texts in src/fixture/, the same source `npm run schema` writes
// fixture.schema.json from), so a key cannot be missing, listed twice or described apart from what
// an editor shows. `npm run fixture-keys` prints it; a test keeps the doc's copy equal.
import { isRecord, type JsonObject } from "../src/json/is-record.ts";
import { fixtureJsonSchema } from "./write-fixture-schema.ts";

interface KeyRow {
  key: string;
  meaning: string;
}

/** A schema's object properties, and the ones it requires. */
function propertiesOf(schema: unknown): { properties: JsonObject; required: readonly unknown[] } {
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
  const required = isRecord(schema) && Array.isArray(schema.required) ? schema.required : [];
  return { properties, required };
}

/** Whether a schema is a fixture text: a string, or `{ "zh", "en" }`. */
function isLocalizedText(schema: JsonObject): boolean {
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : [];
  return branches.some((branch) => isRecord(branch) && isRecord(branch.properties) && "zh" in branch.properties && "en" in branch.properties);
}

/** The values an enum takes, when its description does not already name every one. */
function enumNote(schema: JsonObject, description: string): string {
  if (!Array.isArray(schema.enum)) return "";
  const values = schema.enum.map(String);
  return values.every((value) => description.includes(`\`${value}\``)) ? "" : `; one of ${values.map((value) => `\`${value}\``).join(", ")}`;
}

/** One row: "optional: " when not required, the description, and what the schema adds to it. */
function rowOf(key: string, schema: unknown, required: boolean): KeyRow {
  const node = isRecord(schema) ? schema : {};
  const description = typeof node.description === "string" ? node.description : "";
  if (description === "") throw new Error(`${key} has no describe(...) text in src/fixture/`);
  const text = isLocalizedText(node) ? `; a string, or \`{ "zh": …, "en": … }\` read in the run's \`--lang\`` : "";
  const said = required ? description : `optional: ${description.charAt(0).toLowerCase()}${description.slice(1)}`;
  return { key, meaning: `${said}${enumNote(node, description)}${text}` };
}

/** Every key of one object level, under `prefix`. */
function rowsOf(prefix: string, schema: unknown): KeyRow[] {
  const { properties, required } = propertiesOf(schema);
  return Object.entries(properties).map(([key, value]) => rowOf(`${prefix}${key}`, value, required.includes(key)));
}

/** The script's item kinds: a reply (the one with `content`) and a later user message. */
function scriptBranches(episode: unknown): { reply: unknown; user: unknown } {
  const script = propertiesOf(episode).properties.script;
  const items = isRecord(script) && isRecord(script.items) && Array.isArray(script.items.anyOf) ? script.items.anyOf : [];
  const withKey = (key: string): unknown => items.find((item) => key in propertiesOf(item).properties);
  return { reply: withKey("content"), user: withKey("user") };
}

/** The fixture's keys: the top level, an episode's, then a script item's. */
export function fixtureKeyRows(): readonly KeyRow[] {
  const root = fixtureJsonSchema();
  const episodes = propertiesOf(root).properties.episodes;
  const episode = isRecord(episodes) ? episodes.items : undefined;
  const { reply, user } = scriptBranches(episode);
  return [...rowsOf("", root), ...rowsOf("episodes[].", episode), ...rowsOf("episodes[].script[].", reply), ...rowsOf("episodes[].script[].", user)];
}

export function renderFixtureKeysTable(): string {
  const lines = ["| key | meaning |", "| --- | --- |"];
  for (const row of fixtureKeyRows()) lines.push(`| \`${row.key}\` | ${row.meaning.replaceAll("|", "\\|")} |`);
  return `${lines.join("\n")}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(renderFixtureKeysTable());
