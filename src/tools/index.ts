// The tools this playground ships, in the order a fixture's registry lists them by default.
// Their names, descriptions, parameter descriptions and output texts are what the model reads
// (the course's chapter 3.4 writes calc in Chinese): model-facing, so a run gives its model the
// tools in the run's language (builtinToolsIn; README "One language per run").

import type { Clock } from "../io/clock.ts";
import type { Tool } from "../protocol/types.ts";
import { boom, boomDescriptions, boomIn } from "./boom.ts";
import { calc, calcIn, calcWords } from "./calc.ts";
import { echo } from "./echo.ts";
import { slow, slowIn, slowWords } from "./slow.ts";

/** Every built-in tool, once, as the chapters write it (calc in Chinese, echo in chapter 06's
 *  English). The one list both languages read: a tool added here is in every run, in every language. */
export const builtinTools: readonly Tool[] = [calc, echo, boom, slow];
export { boom, calc, echo, slow };

/** What an English run's model reads instead, for the tools whose texts are Chinese above. A tool
 *  with no entry (echo, whose "Echo one value" is chapter 06's own) reads the same in both. */
const inEnglish: ReadonlyMap<string, Tool> = new Map<string, Tool>([
  ["calc", calcIn(calcWords.en)],
  ["boom", boomIn(boomDescriptions.en)],
  ["slow", slowIn(slowWords.en)],
]);

/** The built-in tools that wait, made anew to wait on another clock than the system's (a test's own). */
const onClock: ReadonlyMap<string, (lang: "zh" | "en", clock: Clock) => Tool> = new Map([
  ["slow", (lang: "zh" | "en", clock: Clock) => slowIn(slowWords[lang], clock)],
]);

/** The built-in tools (or another list of them, a test's) as a run in this language shows them to
 *  the model; with `clock`, the ones that wait wait on it. */
export function builtinToolsIn(lang: "zh" | "en", tools: readonly Tool[] = builtinTools, clock?: Clock): readonly Tool[] {
  const inLanguage = lang === "zh" ? tools : tools.map((tool) => inEnglish.get(tool.name) ?? tool);
  if (clock === undefined) return inLanguage;
  return inLanguage.map((tool) => onClock.get(tool.name)?.(lang, clock) ?? tool);
}
