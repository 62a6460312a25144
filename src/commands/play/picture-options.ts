// Which pictures of a fixture run a command line asks for (--diagram, --mermaid, --html), and the
// combinations that cannot be served. Kept apart from diagram-output.ts, which draws them, so
// that a run without a picture never loads the drawing code.
import type { Language } from "../../fixture/fixture-format.ts";

export interface DiagramOptions {
  diagram?: boolean;
  mermaid?: boolean;
  html?: string;
}

export function wantsDiagram(options: DiagramOptions): boolean {
  return options.diagram === true || options.mermaid === true || options.html !== undefined;
}

export async function diagramConflict(
  options: DiagramOptions & { lang: Language; json?: boolean; interactive?: boolean; list?: boolean; subcommand?: string },
): Promise<string | undefined> {
  const clash = diagramClash(options);
  if (clash === undefined) return undefined;
  const { loadDiagramMessages } = await import("../../diagram/load-diagram-messages.ts");
  const say = await loadDiagramMessages(options.lang);
  return clash.html ? say.htmlCannotServe(clash.other) : say.cannotCombine(clash.option, clash.other);
}

function diagramClash(
  options: DiagramOptions & { json?: boolean; interactive?: boolean; list?: boolean; subcommand?: string },
): { option: string; other: string; html: boolean } | undefined {
  if (options.html !== undefined) {
    const other = options.subcommand ?? (options.interactive ? "--interactive" : options.list ? "--list" : undefined);
    if (other !== undefined) return { option: "--html", other, html: true };
  }
  const printer = options.diagram ? "--diagram" : options.mermaid ? "--mermaid" : undefined;
  if (printer === undefined) return undefined;
  if (options.json) return { option: printer, other: "--json", html: false };
  if (options.list) return { option: printer, other: "--list", html: false };
  if (options.interactive) return { option: printer, other: "--interactive", html: false };
  if (options.diagram && options.mermaid) return { option: "--diagram", other: "--mermaid", html: false };
  return undefined;
}
