// The dependency rule of src/, as data, and the check that holds the code to it (run by
// test/layout/layers.test.ts in `npm test`, and by `npm run layers` on its own). docs/layout.md
// draws the same table, generated from `floors` by renderLayersTable() (`npm run layers -- --table`
// prints it; a test keeps the page's copy in step).
//
// A room is a folder under src/ (its files, not its sub-folders) or one entry file. Every import
// between two rooms (type imports and dynamic imports included) must go down: to a room of a
// lower floor. Rooms on one floor never import each other, and the agent library and the
// providers, which stand side by side, never import each other on any floor. A provider's folder
// is imported by the registry alone. And src/ holds what the program runs: every file in it is
// reached from an entry (src/main.ts, or an export of package.json); what only scripts/ or the
// tests import (a documentation table's generator, say) lives in scripts/.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

export interface Floor {
  /** Rooms: a folder (`src/schema`), every sub-folder of one (`src/providers/*`), or a file. */
  rooms: readonly string[];
  what: string;
}

/** Bottom up. */
export const floors: readonly Floor[] = [
  { rooms: ["src/protocol", "src/json"], what: "the protocol's types (Pi's names) and JSON helpers: import nothing of the project" },
  {
    rooms: ["src/io"],
    what: "the edge: bounded reads, the one output writer (regular files and new paths only), the sanitiser every byte of data passes on its way out, and the clock time is read and waited on by",
  },
  { rooms: ["src/schema"], what: "validators and the JSON Schema they generate" },
  { rooms: ["src/tools", "src/providers/shared"], what: "the built-in tools; the contracts providers implement and what they share" },
  { rooms: ["src/agent", "src/providers/*"], what: "the agent library (registry, executor, loop, FakeModel, streaming); one folder per provider API" },
  { rooms: ["src/providers"], what: "the provider registry: the one table of providers" },
  { rooms: ["src/fixture"], what: "the fixture format, its loader and its writer" },
  { rooms: ["src/replay"], what: "a fixture run through the loop, episode by episode" },
  { rooms: ["src/narration"], what: "the transcript's narrator, formatting, catalogs and views shared by commands" },
  {
    rooms: ["src/commands/shared", "src/diagram"],
    what: "what commands share: io, exit codes, option parsers, input messages; the run as a sequence diagram (its model, built from a run's events, and its terminal, Mermaid and page renderers)",
  },
  { rooms: ["src/commands/*"], what: "one folder per command: its definition, engine and messages" },
  { rooms: ["src/cli"], what: "the one CLI declaration and the process around it" },
  {
    rooms: ["src/index.ts", "src/wire.ts", "src/testing.ts", "src/main.ts"],
    what: "entries: the library, the wire view's library export, the fake model for a harness's tests, the process",
  },
];

// A room as the table writes it: a folder with its slash (`src/schema/`), the rooms of a wildcard
// as `src/providers/<folder>/`, an entry file as it is.
function roomLabel(room: string): string {
  if (room.endsWith(".ts")) return `\`${room}\``;
  return room.endsWith("/*") ? `\`${room.slice(0, -1)}<folder>/\`` : `\`${room}/\``;
}

/** The floors as a Markdown table, ground floor first: docs/layout.md holds a copy. */
export function renderLayersTable(): string {
  const rows = floors.map(({ rooms, what }, index) => `| ${index + 1} | ${rooms.map(roomLabel).join(", ")} | ${what} |`);
  return `${["| floor | rooms | what they hold |", "| --- | --- | --- |", ...rows].join("\n")}\n`;
}

/** Side by side: no room of one column imports a room of the other, on any floor. */
export const columns: readonly (readonly string[])[] = [
  ["src/tools", "src/agent"],
  ["src/providers/shared", "src/providers/*", "src/providers"],
];

export interface Violation {
  from: string;
  to: string;
  specifier: string;
  why: string;
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]+)['"]|(?:^|[\s;])import\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/gm;

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** The room a file of src/ stands in, and its floor (0 = ground); undefined when no floor holds it. */
export function roomOf(file: string): { room: string; floor: number } | undefined {
  const folder = dirname(file);
  const exact = floors.findIndex(({ rooms }) => rooms.includes(file) || rooms.includes(folder));
  if (exact !== -1) return { room: floors[exact]?.rooms.includes(file) ? file : folder, floor: exact };
  const wildcard = floors.findIndex(({ rooms }) => rooms.includes(`${dirname(folder)}/*`));
  return wildcard === -1 ? undefined : { room: folder, floor: wildcard };
}

/** Provider folders are reached through the registry alone: every feature sees every provider alike. */
const registryRoom = "src/providers";

function isProviderFolder(room: string): boolean {
  return dirname(room) === registryRoom && room !== "src/providers/shared";
}

function columnOf(room: string): number {
  return columns.findIndex((column) => column.some((entry) => entry === room || (entry.endsWith("/*") && dirname(room) === entry.slice(0, -2))));
}

/** The files the program and the library start from: the process's entry, and each of
 *  package.json's exports — the TypeScript itself, or, for an export Node loads through a
 *  JavaScript file first (bin/testing.js), the TypeScript its `types` condition names. */
function entryFiles(root: string): string[] {
  const manifest: unknown = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const exported = typeof manifest === "object" && manifest !== null && "exports" in manifest ? manifest.exports : {};
  const targets = typeof exported === "object" && exported !== null ? Object.values(exported) : [];
  const sources = targets.map((target: unknown) => (typeof target === "object" && target !== null && "types" in target ? target.types : target));
  return ["src/main.ts", ...sources.filter((source): source is string => typeof source === "string").map((source) => normalize(source))];
}

/** The files of src/ an import in `file` names (static, type-only and dynamic alike). */
function importsOf(root: string, file: string): string[] {
  return [...readFileSync(join(root, file), "utf8").matchAll(IMPORT)].map((match) => normalize(join(dirname(file), match[1] ?? match[2] ?? match[3] ?? "")));
}

/** Every file of src/ that no entry reaches: only scripts/ or tests import it, so it belongs in scripts/. */
export function unreachedFiles(root: string): string[] {
  const reached = new Set<string>();
  const queue = entryFiles(root);
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (reached.has(file)) continue;
    reached.add(file);
    // A name that is no file (an example in a comment) leads nowhere.
    queue.push(...importsOf(root, file).filter((target) => target.startsWith("src/") && !reached.has(target) && existsSync(join(root, target))));
  }
  return tsFiles(join(root, "src"))
    .map((path) => relative(root, path))
    .filter((file) => !reached.has(file));
}

/** Every import between rooms of `root`'s src/ that breaks the rule, plus files no floor holds. */
export function checkLayers(root: string): Violation[] {
  const violations: Violation[] = [];
  for (const path of tsFiles(join(root, "src"))) {
    const file = relative(root, path);
    const from = roomOf(file);
    if (!from) {
      violations.push({ from: file, to: file, specifier: "", why: "stands in no room of scripts/layers.ts: add its folder to a floor" });
      continue;
    }
    for (const match of readFileSync(path, "utf8").matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? "";
      const target = normalize(join(dirname(file), specifier));
      const to = roomOf(target);
      if (!to) {
        violations.push({ from: file, to: target, specifier, why: "imports a file that stands in no room" });
        continue;
      }
      if (to.room === from.room) continue;
      if (isProviderFolder(to.room) && from.room !== registryRoom) {
        violations.push({
          from: file,
          to: target,
          specifier,
          why: `reaches a provider past the registry: ${from.room} → ${to.room} (import src/providers/registry.ts)`,
        });
        continue;
      }
      if (to.floor > from.floor)
        violations.push({
          from: file,
          to: target,
          specifier,
          why: `imports upward: ${from.room} (floor ${from.floor + 1}) → ${to.room} (floor ${to.floor + 1})`,
        });
      else if (to.floor === from.floor)
        violations.push({ from: file, to: target, specifier, why: `imports a room on its own floor: ${from.room} → ${to.room}` });
      else if (columnOf(from.room) !== -1 && columnOf(to.room) !== -1 && columnOf(from.room) !== columnOf(to.room)) {
        violations.push({ from: file, to: target, specifier, why: `the agent library and the providers stand side by side: ${from.room} → ${to.room}` });
      }
    }
  }
  return violations;
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes("--table")) {
  process.stdout.write(renderLayersTable());
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const root = join(dirname(new URL(import.meta.url).pathname), "..");
  const violations = checkLayers(root);
  for (const { from, specifier, why } of violations) console.log(`${from}: "${specifier}": ${why}`);
  const unreached = unreachedFiles(root);
  for (const file of unreached) console.log(`${file}: no entry of the program reaches it (only scripts/ or tests import it): move it to scripts/`);
  console.log(violations.length === 0 ? "layers: every import goes down" : `layers: ${violations.length} import(s) break the rule`);
  console.log(unreached.length === 0 ? "layers: every file of src/ is reached from an entry" : `layers: ${unreached.length} file(s) of src/ no entry reaches`);
  process.exitCode = violations.length === 0 && unreached.length === 0 ? 0 : 1;
}
