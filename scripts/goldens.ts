// Which transcript each golden file holds. The walkthrough's Chinese transcript is the course's
// expected-output.txt at the top; every other fixture's lives in fixtures/expected/.
import { resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { ToolErrorDetail } from "../src/execute-tool-call.ts";
import type { Language } from "../src/fixture/fixture-format.ts";
import { wireProviders, type WireProvider } from "../src/wire/wire-request.ts";
import { defaultFixtureName, fixtureNames } from "../src/fixture/fixture-files.ts";

export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export interface Golden {
  fixture: string;
  lang: Language;
  /** Relative to the project root. */
  file: string;
  wire?: WireProvider;
  /** Run with --tool-errors this (brief when left out). */
  toolErrors?: ToolErrorDetail;
}

export function goldens(): Golden[] {
  const list: Golden[] = [
    { fixture: defaultFixtureName, lang: "zh", file: "expected-output.txt" },
    { fixture: defaultFixtureName, lang: "en", file: "fixtures/expected/walkthrough.en.txt" },
  ];
  for (const wire of wireProviders) {
    list.push({ fixture: defaultFixtureName, lang: "zh", file: `fixtures/expected/wire/walkthrough.${wire}.txt`, wire });
  }
  for (const name of fixtureNames()) {
    if (name !== defaultFixtureName) list.push({ fixture: name, lang: "zh", file: `fixtures/expected/${name}.txt` });
  }
  // What the model reads after a failed validation, the other way: the same scenario, detailed.
  list.push({ fixture: "self-correction", lang: "zh", file: "fixtures/expected/self-correction.detailed.txt", toolErrors: "detailed" });
  return list;
}
