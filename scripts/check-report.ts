// What `npm run check` prints of the goldens that differ: quiet by default. One edit usually moves
// several goldens of one fixture (its transcript, its wire views, its stream views), so each
// fixture's first differing golden is shown as a unified diff and the others of that fixture are
// named and counted; `--all` shows every diff.
import { createTwoFilesPatch } from "diff";
import { toolListChange } from "./goldens.ts";

export interface Difference {
  fixture: string;
  label: string;
  file: string;
  expected: string;
  actual: string;
}

export function differenceReport(differences: readonly Difference[], all: boolean): string[] {
  const lines: string[] = [];
  const shown = new Set<string>();
  let hidden = 0;
  for (const difference of differences) {
    lines.push(`✗ ${difference.label}: the transcript differs from the golden file`);
    const why = toolListChange(difference.expected, difference.actual);
    if (why) lines.push(`  ${why}`);
    if (all || !shown.has(difference.fixture)) {
      shown.add(difference.fixture);
      lines.push(createTwoFilesPatch(difference.file, "actual output", difference.expected, difference.actual, "", "", { context: 3 }));
    } else {
      hidden++;
    }
  }
  if (hidden > 0) lines.push(`${hidden} more ${hidden === 1 ? "diff" : "diffs"} of the same fixtures not shown (npm run check -- --all shows every one)`);
  return lines;
}
