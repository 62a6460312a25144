// Which transcript each golden file holds. The walkthrough's Chinese transcript is the course's
// expected-output.txt at the top; every other fixture's lives in fixtures/expected/.
import { readdirSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ToolErrorDetail } from "../src/agent/execute-tool-call.ts";
import { defaultFixtureName, fixtureNames } from "../src/fixture/fixture-files.ts";
import type { Language } from "../src/fixture/fixture-format.ts";
import type { Clock } from "../src/io/clock.ts";
import { type ProviderId, providerIds } from "../src/providers/registry.ts";

/** serve's narrated runs (scripts/serve-golden.ts writes them): the example SDK harnesses on
 *  serve-calc, three client runs of the client matrix (test/serve/clients-golden-runs.ts), and
 *  harnesses that send back what serve did not serve (test/serve/divergence-runs.ts). */
export const serveRuns = ["sdk-run", "agents-sdk-run", "pi-gemini-run", "ai-sdk-store-run", "divergence-run"] as const;
export type ServeRun = (typeof serveRuns)[number];

/** Where a run's narration lives, in each language. */
export function serveGoldenFile(lang: Language, run: ServeRun = "sdk-run"): string {
  return `fixtures/expected/serve/${run}.${lang}.txt`;
}

export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export interface Golden {
  fixture: string;
  lang: Language;
  /** Relative to the project root. */
  file: string;
  wire?: ProviderId;
  /** Run with --tool-errors this (brief when left out). */
  toolErrors?: ToolErrorDetail;
  /** --stream (and with `json`, --json --stream). */
  stream?: boolean;
  json?: boolean;
  /** serve's narration of one of its runs (scripts/serve-golden.ts). */
  serve?: ServeRun;
}

/** The streaming scenarios: each also has goldens narrated, as JSON Lines and as Anthropic's events. */
export const streamScenarios = ["stream-call-in-pieces", "stream-interleaved-calls", "stream-cut-length", "stream-error-midstream", "stream-interrupted"];

export function goldens(): Golden[] {
  const list: Golden[] = [
    { fixture: defaultFixtureName, lang: "zh", file: "expected-output.txt" },
    { fixture: defaultFixtureName, lang: "en", file: "fixtures/expected/walkthrough.en.txt" },
  ];
  for (const wire of providerIds) {
    list.push({ fixture: defaultFixtureName, lang: "zh", file: `fixtures/expected/wire/walkthrough.${wire}.txt`, wire });
  }
  for (const name of fixtureNames()) {
    if (name !== defaultFixtureName) list.push({ fixture: name, lang: "zh", file: `fixtures/expected/${name}.txt` });
  }
  // What the model reads after a failed validation, the other way: the same scenario, detailed.
  list.push({ fixture: "self-correction", lang: "zh", file: "fixtures/expected/self-correction.detailed.txt", toolErrors: "detailed" });
  // Imported real-looking logs (fixtures/imported/): narrated in English, with the wire view of the
  // provider the log came from, so the last request shown is the logged body.
  for (const { name, wire } of importedFixtures()) {
    list.push({ fixture: `imported/${name}`, lang: "en", file: `fixtures/expected/imported/${name}.txt`, ...(wire ? { wire } : {}) });
  }
  for (const name of streamScenarios) {
    list.push({ fixture: name, lang: "zh", file: `fixtures/expected/stream/${name}.txt`, stream: true });
    list.push({ fixture: name, lang: "zh", file: `fixtures/expected/stream/${name}.jsonl`, stream: true, json: true });
    list.push({ fixture: name, lang: "zh", file: `fixtures/expected/stream/${name}.anthropic.txt`, stream: true, wire: "anthropic" });
  }
  list.push({ fixture: "serve-calc", lang: "en", file: serveGoldenFile("en"), serve: "sdk-run" });
  list.push({ fixture: "serve-calc", lang: "zh", file: serveGoldenFile("zh"), serve: "sdk-run" });
  for (const run of ["agents-sdk-run", "pi-gemini-run", "ai-sdk-store-run"] as const)
    list.push({ fixture: "test/serve/clients-fixture.json", lang: "en", file: serveGoldenFile("en", run), serve: run });
  // Divergence is narrated in both languages.
  for (const lang of ["en", "zh"] as const)
    list.push({ fixture: "serve-divergence", lang, file: serveGoldenFile(lang, "divergence-run"), serve: "divergence-run" });
  return list;
}

/** The tool names a transcript lists under "the tool list" (each is followed by its parameters). */
export function toolsShown(transcript: string): string[] {
  const lines = transcript.split("\n");
  // A line without its producer mark: `calc  对两个数字…` / `      parameters={…}`.
  const unmarked = (line: string | undefined) => (line ?? "").replace(/^\S+\s+/, "");
  const names: string[] = [];
  lines.forEach((line, index) => {
    if (!unmarked(lines[index + 1]).startsWith("parameters=")) return;
    const name = unmarked(line).split(/\s+/)[0];
    if (name && !names.includes(name)) names.push(name);
  });
  return names;
}

/** One line saying why a golden changed, when it is because the tool list did (a tool added to
 *  src/tools and a fixture that does not name its tools), or undefined. */
export function toolListChange(expected: string, actual: string): string | undefined {
  const before = toolsShown(expected);
  const after = toolsShown(actual);
  const added = after.filter((name) => !before.includes(name));
  const removed = before.filter((name) => !after.includes(name));
  if (added.length === 0 && removed.length === 0) return undefined;
  const change = [added.length > 0 ? `added ${added.join(", ")}` : "", removed.length > 0 ? `removed ${removed.join(", ")}` : ""].filter(Boolean).join("; ");
  return `the tool list changed (${change}): an episode without "tools" gets every built-in tool; name its tools in the fixture to keep the golden as it was`;
}

/** The imported examples, each with the provider its log is for (none for a Pi session). */
export function importedFixtures(): { name: string; wire: ProviderId | undefined }[] {
  return readdirSync(join(projectRoot, "fixtures", "imported"))
    .filter((entry) => entry.endsWith(".json"))
    .sort()
    .map((entry) => {
      const name = basename(entry, ".json");
      return { name, wire: providerIds.find((provider) => name.startsWith(`${provider}-`)) };
    });
}

/** The text a golden file must hold: the transcript, or with `json` the JSON Lines, as the CLI prints
 *  them. `clock`: what the run's timeouts and waits run on (the system's unless a test brings its own). */
export async function goldenText(golden: Golden, clock?: Clock): Promise<string> {
  const [{ loadFixture }, { fixtureJsonLines, transcriptText }, { fixtureFileFor }] = await Promise.all([
    import("../src/fixture/load-fixture.ts"),
    import("../src/commands/play/transcript.ts"),
    import("../src/fixture/fixture-files.ts"),
  ]);
  if (golden.serve) return (await import("./serve-golden.ts")).serveGoldenText(golden.lang, golden.serve);
  const fixture = await loadFixture(fixtureFileFor(golden.fixture), undefined, golden.lang);
  const stream = golden.stream ? {} : undefined;
  const options = { wire: golden.wire, toolErrors: golden.toolErrors, stream, clock };
  if (!golden.json) return transcriptText(fixture, golden.lang, options);
  const lines: string[] = [];
  await fixtureJsonLines(fixture, { write: (line) => lines.push(line), ...options });
  return `${lines.join("\n")}\n`;
}
