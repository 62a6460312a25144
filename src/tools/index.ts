// The tools this playground ships, in the order a fixture's registry lists them by default.
// Their names, descriptions, parameter descriptions and output texts are what the model reads
// (the course's chapter 3.4 writes calc in Chinese): model-facing, not narration, so --lang never
// changes them (see src/protocol/text.ts for the harness's own contract texts).

import type { Tool } from "../protocol/types.ts";
import { boom } from "./boom.ts";
import { calc } from "./calc.ts";
import { echo } from "./echo.ts";
import { slow } from "./slow.ts";

export const builtinTools: readonly Tool[] = [calc, echo, boom, slow];
export { boom, calc, echo, slow };
