// A long run repeats itself (the turn-cap fixture asks for echo again and again): the terminal and
// Mermaid show a turn once and count the turns after it that did the same thing. A turn is a request
// and every arrow up to the next one; two turns are the same when their arrows go between the same
// lanes, in the same style, for the same kind of step — the ids, counts and texts may differ.
import type { Arrow, DiagramEpisode } from "./diagram-model.ts";

export type Shown = { kind: "arrow"; arrow: Arrow } | { kind: "folded"; count: number; first: number; last: number };

/** Only a run of at least this many repeats is folded: one repeat reads better drawn. */
const FOLD_AT = 2;

function shape(arrows: readonly Arrow[]): string {
  return arrows.map(({ from, to, style, facts }) => `${facts.kind}:${from}>${to}:${style}`).join("|");
}

/** The episode's arrows in order, repeated turns folded into one count each. Linear in the arrows. */
export function foldedArrows(episode: DiagramEpisode): Shown[] {
  const turns: Arrow[][] = [[]];
  for (const arrow of episode.arrows) {
    if (arrow.facts.kind === "request") turns.push([]);
    turns.at(-1)?.push(arrow);
  }
  const shown: Shown[] = [];
  let index = 0;
  while (index < turns.length) {
    const turn = turns[index] ?? [];
    for (const arrow of turn) shown.push({ kind: "arrow", arrow });
    const same = shape(turn);
    let next = index + 1;
    while (turn.length > 0 && next < turns.length && shape(turns[next] ?? []) === same) next++;
    const repeats = next - index - 1;
    if (repeats >= FOLD_AT && index > 0) {
      shown.push({ kind: "folded", count: repeats, first: index + 1, last: next - 1 });
      index = next;
    } else index++;
  }
  return shown;
}
