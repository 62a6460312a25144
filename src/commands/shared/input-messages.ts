// What lint and import (and replay-stream, for a file it cannot read) say about input they cannot
// use: a file that cannot be read, a text that is not JSON, a body of no provider's shape. One
// interface each language implements in full (input-messages-zh.ts, input-messages-en.ts;
// load-input-messages.ts loads one), shared here because the commands share the readers.
// A system error's own message, a JSON syntax problem's name and the providers' keys and names
// are shown as they are: they are the system's and the providers' words, not ours.

import type { ReadProblem } from "../../io/read-input.ts";
import type { JsonSyntaxProblem } from "../../json/json-syntax.ts";
import type { DetectionProblem } from "../../providers/registry.ts";

export interface InputMessages {
  /** Why a file (or stdin) could not be read, or did not parse as JSON. */
  readProblem(problem: ReadProblem): string;
  /** `not valid JSON (trailingComma at ",")`; `found`: the character at fault, as JSON. */
  notJson(problem: JsonSyntaxProblem | undefined, found: string | undefined): string;
  /** Why a parsed body is no provider's request body. */
  detectionProblem(problem: DetectionProblem): string;
}
