// The tools this playground ships, in the order a fixture's registry lists them by default.
import { boom } from "./boom.ts";
import { calc } from "./calc.ts";
import { echo } from "./echo.ts";
import { slow } from "./slow.ts";
import type { Tool } from "../protocol/types.ts";

export const builtinTools: readonly Tool[] = [calc, echo, boom, slow];
export { boom, calc, echo, slow };
