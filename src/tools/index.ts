// The tools this playground ships, in the order a fixture's registry lists them by default.
// Their names, descriptions, parameter descriptions and output texts are what the model reads
// (the course's chapter 3.4 writes calc in Chinese): model-facing, so a run gives its model the
// tools in the run's language (builtinToolsIn; README "One language per run").

import type { Tool } from "../protocol/types.ts";
import { boom, boomDescriptions, boomIn } from "./boom.ts";
import { calc, calcIn, calcWords } from "./calc.ts";
import { echo } from "./echo.ts";
import { slow, slowIn, slowWords } from "./slow.ts";

/** The tools as the chapters write them (calc in Chinese, echo in chapter 06's English). */
export const builtinTools: readonly Tool[] = [calc, echo, boom, slow];
export { boom, calc, echo, slow };

/** The same tools as a run in this language shows them to the model. Chinese is the chapters'
 *  texts; English translates calc, boom and slow (echo's "Echo one value" is chapter 06's own). */
export function builtinToolsIn(lang: "zh" | "en"): readonly Tool[] {
  return lang === "zh" ? builtinTools : englishTools;
}

const englishTools: readonly Tool[] = [calcIn(calcWords.en), echo, boomIn(boomDescriptions.en), slowIn(slowWords.en)];
