// `--mermaid`: the picture as a Mermaid sequenceDiagram (https://mermaid.js.org/syntax/sequenceDiagram.html),
// which GitHub draws where a Markdown file holds it in a ```mermaid block. Arrows: `->>` a message,
// `-->>` an answer, `-x`/`--x` a failure, `-)` a retry. Repeated turns are folded as the terminal
// folds them. Every text from the run is escaped: Mermaid reads `;`, `#` and markup itself, a
// newline would end the statement, and `%%` starts a comment or a directive (`%%{init: …}%%`, which
// Mermaid applies wherever it stands: a `themeCSS` in a tool's name could hide every message).
import { hasUnsafe } from "../io/sanitize.ts";
import type { Catalog } from "../narration/catalog.ts";
import { arrowWords, isAnswer, laneName } from "./arrow-words.ts";
import type { DiagramMessages } from "./diagram-messages.ts";
import type { Arrow, Diagram, DiagramEpisode } from "./diagram-model.ts";
import { foldedArrows } from "./fold-turns.ts";

/** Text as Mermaid shows it, never as syntax: entity codes for what it would read
 *  (https://mermaid.js.org/syntax/sequenceDiagram.html#entity-codes-to-escape-characters). */
function mermaidText(text: string): string {
  let safe = "";
  for (const char of text.replace(/\s+/g, " ")) {
    const code = char.codePointAt(0) ?? 0;
    // What the terminal would not show as itself (control, bidi, zero-width, tag characters).
    if (hasUnsafe(char)) safe += " ";
    // `#` too: Mermaid's renderer cuts a message at a bare one (calc#call_1 shows as calc); and
    // `%`, so no `%%` from the run is ever read as a comment or a directive.
    else if (/[#;<>&\\%]/.test(char)) safe += `#${code};`;
    else safe += char;
  }
  return safe.trim();
}

function arrowSign(arrow: Arrow): string {
  const answer = isAnswer(arrow.facts);
  if (arrow.style === "failure") return answer ? "--x" : "-x";
  if (arrow.style === "retry") return "-)";
  return answer ? "-->>" : "->>";
}

function episodeStatements(episode: DiagramEpisode, index: number, say: DiagramMessages): string[] {
  const first = episode.lanes[0]?.id ?? "app";
  const last = episode.lanes.at(-1)?.id ?? first;
  const lines = [`  Note over ${first},${last}: ${mermaidText(say.episode(index, episode.title, episode.steps))}`];
  for (const shown of foldedArrows(episode)) {
    if (shown.kind === "folded") lines.push(`  Note over app,model: ${mermaidText(say.folded(shown.count, shown.first, shown.last))}`);
    else lines.push(`  ${shown.arrow.from}${arrowSign(shown.arrow)}${shown.arrow.to}: ${mermaidText(arrowWords(shown.arrow.facts, say))}`);
  }
  if (episode.end) lines.push(`  Note over app,model: ${mermaidText(say.end(episode.end))}`);
  return lines;
}

/** The whole run as one sequenceDiagram; its lanes are every episode's, in order of first use. */
export function mermaidDiagram(diagram: Diagram, marks: Catalog["marks"], say: DiagramMessages): string {
  const lanes = new Map<string, string>();
  for (const episode of diagram.episodes) for (const lane of episode.lanes) if (!lanes.has(lane.id)) lanes.set(lane.id, laneName(lane, marks));
  const lines = ["sequenceDiagram", `  title ${mermaidText(diagram.title)}`];
  for (const [id, name] of lanes) lines.push(`  participant ${id} as ${mermaidText(name)}`);
  diagram.episodes.forEach((episode, index) => lines.push(...episodeStatements(episode, index, say)));
  return `${lines.join("\n")}\n`;
}
