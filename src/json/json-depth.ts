// How deeply a JSON text nests, found by one pass over the text with no recursion, before
// anything parses or walks it. JSON.parse itself copes with any depth, but every recursive walk
// after it (stringify, lint, import's previews, the narration) overflows the call stack a few
// thousand levels down; a request body or a log nested deeper than any real one is refused up
// front, with the place where it goes too deep, the same way in every command.

import { lineAndColumn } from "./json-syntax.ts";

/** Far deeper than any request body, tool schema or session a provider's API or Pi writes, and
 *  well inside what a recursive walk of the parsed value survives. */
export const MAX_JSON_DEPTH = 1000;

/** Where a JSON text first opens its `limit + 1`-th nested array or object, or undefined when it
 *  stays within `limit`. Strings are skipped (a `[` inside one opens nothing); the text need not
 *  be valid JSON, nor one value (JSON Lines, server-sent events). */
export function jsonTooDeep(text: string, limit = MAX_JSON_DEPTH): { line: number; column: number; limit: number } | undefined {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      // A raw line break cannot be inside a JSON string: a stray quote in a line of JSON Lines or
      // server-sent events ends at its line instead of hiding the lines after it.
      if (code === 0x5c) index++;
      else if (code === 0x22 || code === 0x0a) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > limit) return { ...lineAndColumn(text, index), limit };
    } else if (code === 0x5d || code === 0x7d) depth = Math.max(0, depth - 1);
  }
  return undefined;
}
