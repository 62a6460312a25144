// --diagram, --mermaid and --html for a fixture run: which of them a command line asks for, the
// checks made before the run (so a page that cannot be written is refused before anything is
// played), and what each prints or writes once the run is done.
import type { Diagram } from "../../diagram/diagram-model.ts";
import { type DiagramHooks, diagramHooks } from "../../diagram/fixture-hooks.ts";
import { loadDiagramMessages } from "../../diagram/load-diagram-messages.ts";
import { type Fixture, type Language, localize } from "../../fixture/fixture-format.ts";
import { visible } from "../../io/sanitize.ts";
import { WriteError, type WriteProblem, writeOutputFile, writeProblem } from "../../io/write-output.ts";
import { shownMarks } from "../../narration/episode-options.ts";
import type { ShownMarks } from "../../narration/legend-marks.ts";
import { loadCatalog } from "../../narration/load-catalog.ts";
import type { Style } from "../../narration/style.ts";
import { loadOutputMessages } from "../shared/load-output-messages.ts";
import type { DiagramOptions } from "./picture-options.ts";
import { narrateFixture } from "./transcript.ts";

/** The hooks that record the run for its picture. */
export function diagramRecording(title: string, lang: Language): DiagramHooks {
  return diagramHooks(title, lang);
}

/** Why the page's path cannot take it, found before the run (the writer asks again when it writes). */
export function htmlTargetProblem(file: string): Promise<WriteProblem | undefined> {
  return writeProblem(file);
}

/** The one line that says the page was not written, and why. */
export async function htmlProblemLine(file: string, problem: WriteProblem, lang: Language): Promise<string> {
  const [say, output] = await Promise.all([loadDiagramMessages(lang), loadOutputMessages(lang)]);
  return visible(say.cannotWrite(file, output.writeProblem(problem, undefined)));
}

/** What showDiagram says on stderr: that the page was written, or why not (`failed`). */
export interface PageLine {
  line: string;
  failed: boolean;
}

/** After the run: the text diagram, the Mermaid text, the page, as asked. Returns the page's line on
 *  stderr (written, or why not), or undefined when no page was asked for. */
export async function showDiagram(
  diagram: Diagram,
  options: DiagramOptions,
  { lang, style, write, signal, shown }: { lang: Language; style: Style; write: (line: string) => void; signal?: AbortSignal; shown: ShownMarks },
): Promise<PageLine | undefined> {
  const [say, catalog] = await Promise.all([loadDiagramMessages(lang), loadCatalog(lang)]);
  if (options.diagram) {
    const { terminalDiagram } = await import("../../diagram/terminal-diagram.ts");
    write("");
    for (const line of terminalDiagram(diagram, catalog.marks, say, style)) write(line);
  }
  if (options.mermaid) {
    const { mermaidDiagram } = await import("../../diagram/mermaid-diagram.ts");
    write(mermaidDiagram(diagram, catalog.marks, say).trimEnd());
  }
  if (options.html === undefined) return undefined;
  const { htmlPage } = await import("../../diagram/html-page.ts");
  const page = htmlPage(diagram, { lang, marks: catalog.marks, legend: catalog.legend(shown), say });
  try {
    await writeOutputFile(options.html, page, signal === undefined ? {} : { signal });
    return { line: visible(say.wrotePage(options.html)), failed: false };
  } catch (error) {
    if (!(error instanceof WriteError)) throw error;
    return { line: await htmlProblemLine(options.html, error.problem, lang), failed: true };
  }
}

/** A fixture's run as a diagram, played without printing: for the README's figure, the
 *  screenshots and the tests. */
export async function fixtureDiagram(fixture: Fixture, lang: Language): Promise<Diagram> {
  const hooks = diagramHooks(localize(fixture.title, lang), lang);
  await narrateFixture(fixture, { lang, write: () => undefined, diagram: hooks });
  return hooks.recorder.diagram();
}

/** The page --html writes for a fixture. */
export async function fixturePage(fixture: Fixture, lang: Language): Promise<{ diagram: Diagram; html: string }> {
  const [diagram, say, catalog, { htmlPage }] = await Promise.all([
    fixtureDiagram(fixture, lang),
    loadDiagramMessages(lang),
    loadCatalog(lang),
    import("../../diagram/html-page.ts"),
  ]);
  return { diagram, html: htmlPage(diagram, { lang, marks: catalog.marks, legend: catalog.legend(shownMarks(fixture)), say }) };
}

/** What --mermaid prints for a fixture; `episodes` keeps only the first few (the README's figure is the first). */
export async function fixtureMermaid(fixture: Fixture, lang: Language, episodes?: number): Promise<string> {
  const [diagram, say, catalog, { mermaidDiagram }] = await Promise.all([
    fixtureDiagram(fixture, lang),
    loadDiagramMessages(lang),
    loadCatalog(lang),
    import("../../diagram/mermaid-diagram.ts"),
  ]);
  const kept = episodes === undefined ? diagram : { ...diagram, episodes: diagram.episodes.slice(0, episodes) };
  return mermaidDiagram(kept, catalog.marks, say);
}
