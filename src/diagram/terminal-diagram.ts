// `--diagram`: the picture as text after the transcript, in the run's language, at most 100
// columns wide. Lanes are columns; an arrow is a label line and a line drawn from one lane to
// another (an app's own step is one line on its lane). The line's characters say what it is, so
// the diagram reads the same without colour: colour only repeats the failure style.
import { visible } from "../io/sanitize.ts";
import type { Catalog } from "../narration/catalog.ts";
import type { Style } from "../narration/style.ts";
import { arrowWords, isAnswer, laneName } from "./arrow-words.ts";
import type { DiagramMessages } from "./diagram-messages.ts";
import type { Arrow, Diagram, DiagramEpisode } from "./diagram-model.ts";
import { foldedArrows } from "./fold-turns.ts";
import { charColumns, fitColumns, wrapColumns } from "./text-width.ts";

const DIAGRAM_WIDTH = 100;
const WIDEST_GAP = 22;

/** One line of cells, a wide character taking two (the second left empty). */
class Row {
  readonly #cells: string[];

  constructor(bars: readonly number[]) {
    this.#cells = Array.from({ length: DIAGRAM_WIDTH }, () => " ");
    for (const x of bars) this.#cells[x] = "│";
  }

  put(x: number, text: string): void {
    let at = x;
    for (const char of fitColumns(text, DIAGRAM_WIDTH - x)) {
      const width = charColumns(char);
      this.#cells[at] = char;
      if (width === 2) this.#cells[at + 1] = "";
      at += width;
    }
  }

  fill(from: number, to: number, char: string): void {
    for (let x = from; x <= to; x++) this.#cells[x] = char;
  }

  text(): string {
    return this.#cells.join("").trimEnd();
  }
}

function laneColumns(count: number): number[] {
  const gap = count <= 1 ? WIDEST_GAP : Math.min(WIDEST_GAP, Math.floor((DIAGRAM_WIDTH - 4) / (count - 1)));
  return Array.from({ length: count }, (_, index) => 1 + index * gap);
}

const lineChar = { normal: "─", failure: "═", retry: "·" } as const;

function arrowRows(arrow: Arrow, columns: readonly number[], at: (lane: string) => number, say: DiagramMessages): string[] {
  const words = visible(arrowWords(arrow.facts, say));
  const from = at(arrow.from);
  const to = at(arrow.to);
  if (from === to) {
    const row = new Row(columns);
    row.put(from, arrow.style === "failure" ? "├✗ " : "├↺ ");
    row.put(from + 3, words);
    return [row.text()];
  }
  const label = new Row(columns);
  label.put(Math.min(from, to) + 2, words);
  const line = new Row(columns);
  const char = arrow.style === "normal" && isAnswer(arrow.facts) ? "┄" : lineChar[arrow.style];
  line.fill(Math.min(from, to) + 1, Math.max(from, to) - 1, char);
  const head = arrow.style === "failure" ? "✗" : to > from ? "▶" : "◀";
  line.put(to > from ? to - 1 : to + 1, head);
  return [label.text(), line.text()];
}

function episodeLines(episode: DiagramEpisode, index: number, marks: Catalog["marks"], say: DiagramMessages, style: Style): string[] {
  const columns = laneColumns(episode.lanes.length);
  const place = new Map(episode.lanes.map((lane, laneIndex) => [lane.id, columns[laneIndex] ?? 0]));
  const at = (lane: string) => place.get(lane) ?? 0;
  const names = new Row([]);
  const gap = (columns[1] ?? DIAGRAM_WIDTH) - (columns[0] ?? 0);
  episode.lanes.forEach((lane, laneIndex) => names.put(columns[laneIndex] ?? 0, fitColumns(visible(laneName(lane, marks)), gap - 1)));
  const heading = wrapColumns(visible(say.episode(index, episode.title, episode.steps)), DIAGRAM_WIDTH).map(style.heading);
  const lines = [...heading, names.text(), new Row(columns).text()];
  for (const shown of foldedArrows(episode)) {
    if (shown.kind === "folded") {
      const row = new Row(columns);
      row.put(at("app") + 2, say.folded(shown.count, shown.first, shown.last));
      lines.push(style.note(row.text()));
      continue;
    }
    const rows = arrowRows(shown.arrow, columns, at, say);
    lines.push(...(shown.arrow.style === "failure" ? rows.map(style.failure) : rows));
  }
  if (episode.end) lines.push(style.note(fitColumns(`└─ ${visible(say.end(episode.end))}`, DIAGRAM_WIDTH)));
  return lines;
}

/** The whole diagram as lines, none wider than 100 columns. */
export function terminalDiagram(diagram: Diagram, marks: Catalog["marks"], say: DiagramMessages, style: Style): string[] {
  const legend = Object.values(say.legend).map((line) => `  ${line}`);
  // The title wraps at the width: a long one (English's) is never cut mid-phrase.
  const lines = [...wrapColumns(visible(`${say.heading}: ${diagram.title}`), DIAGRAM_WIDTH).map(style.heading), ...legend];
  diagram.episodes.forEach((episode, index) => lines.push("", ...episodeLines(episode, index, marks, say, style)));
  return lines;
}
