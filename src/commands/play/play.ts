// The main command's two plain runs: a fixture narrated (or as JSON Lines, or beside a
// provider's wire bodies), and the list of fixtures. Every expected failure is one line on stderr
// and an exit code.
import { RunAborted, stopSignalOf } from "../../agent/call-policy.ts";
import type { DiagramHooks } from "../../diagram/fixture-hooks.ts";
import { resolveFixture } from "../../fixture/fixture-files.ts";
import { type Language, localize } from "../../fixture/fixture-format.ts";
import { loadFixture } from "../../fixture/load-fixture.ts";
import { jsonSafe, visible } from "../../io/sanitize.ts";
import { shownMarks } from "../../narration/episode-options.ts";
import { ALL_MARKS } from "../../narration/legend-marks.ts";
import { loadCatalog } from "../../narration/load-catalog.ts";
import { plainStyle } from "../../narration/style.ts";
import { colorLevel, terminalStyle } from "../../narration/terminal-style.ts";
import type { CliIO } from "../shared/command-io.ts";
import { exitCodes } from "../shared/exit-codes.ts";
import { overridesFrom, type PlayOptions, streamFrom, toolErrorsFrom } from "../shared/options.ts";
import { type DiagramOptions, wantsDiagram } from "./picture-options.ts";
import { fixtureJsonLines, narrateFixture } from "./transcript.ts";

export async function list(lang: Language, io: CliIO): Promise<number> {
  const { fixtureTitles } = await import("../../narration/fixture-titles.ts");
  const titles = await fixtureTitles(lang);
  const width = Math.max(...titles.map(({ name }) => name.length)) + 2;
  for (const { name, title } of titles) io.out(`${visible(`${name.padEnd(width)}${title}`)}\n`);
  return exitCodes.ok;
}

/** `--list --json`: one JSON object per line, as the rest of --json prints. */
export async function listJson(lang: Language, io: CliIO): Promise<number> {
  const { fixtureTitles } = await import("../../narration/fixture-titles.ts");
  // Escaped like every --json line: a title is fixture data and may hold control characters.
  for (const { name, title } of await fixtureTitles(lang)) io.out(`${jsonSafe(JSON.stringify({ type: "fixture", name, title }))}\n`);
  return exitCodes.ok;
}

/** A fixture run: the transcript (or --json), and the pictures its options ask for. */
export async function play(fixtureArgument: string, options: PlayOptions & DiagramOptions, io: CliIO): Promise<number> {
  // Started before the fixture is read, so the catalog's module loads meanwhile; a --json run that
  // goes well never needs it (hence the handler: its failure must not go unhandled there).
  const catalog = loadCatalog(options.lang);
  catalog.catch(() => undefined);
  const reference = resolveFixture(fixtureArgument);
  if (reference.kind === "unknownName") {
    io.err(`${visible((await catalog).unknownFixture(reference.name, reference.known))}\n`);
    return exitCodes.badInput;
  }
  // The drawing code loads only when a picture is asked for.
  const drawing = wantsDiagram(options) ? await import("./diagram-output.ts") : undefined;
  // A page that cannot be written is refused before anything is played.
  const htmlProblem = options.html === undefined ? undefined : await drawing?.htmlTargetProblem(options.html);
  if (drawing && options.html !== undefined && htmlProblem !== undefined) {
    io.err(`${await drawing.htmlProblemLine(options.html, htmlProblem, options.lang)}\n`);
    return exitCodes.badInput;
  }
  const overrides = overridesFrom(options);
  const write = (line: string) => io.out(`${line}\n`);
  const style = options.json ? plainStyle : await terminalStyle(colorLevel(io.env, io.isTTY, io.colorDepth));
  let diagram: DiagramHooks | undefined;
  // The marks the page's legend explains: those the fixture's run can show.
  let shown = ALL_MARKS;
  const stream = streamFrom(options);
  try {
    const fixture = await loadFixture(reference.file, io.interrupt, options.lang);
    diagram = drawing?.diagramRecording(localize(fixture.title, options.lang), options.lang);
    shown = shownMarks(fixture);
    // The same run either way; only the way it is printed differs. --mermaid prints the diagram alone.
    const run = {
      lang: options.lang,
      write: options.mermaid ? () => undefined : write,
      diagram,
      overrides,
      signal: io.interrupt,
      wire: options.wire,
      wireFull: options.wireFull,
      ...toolErrorsFrom(options),
      stream,
      drained: io.drained,
      clock: io.clock,
    };
    if (options.json) await fixtureJsonLines(fixture, run);
    else await narrateFixture(fixture, { ...run, style });
  } catch (error) {
    const say = await catalog;
    // Ctrl-C while the fixture was still being read (a terminal or a pipe on /dev/stdin).
    if (error instanceof RunAborted && io.interrupt?.aborted) {
      io.err(`${say.interrupted(stopSignalOf(io.interrupt?.reason))}\n`);
      return exitCodes.interrupted;
    }
    // Loaded only when something went wrong: a plain run never needs it.
    const { errorLine } = await import("../../narration/error-line.ts");
    const line = errorLine(error, reference.file, say);
    if (line === undefined) throw error;
    io.err(`${line}\n`);
    return exitCodes.badInput;
  }
  if (io.interrupt?.aborted) {
    io.err(`${(await catalog).interrupted(stopSignalOf(io.interrupt?.reason))}\n`);
    return exitCodes.interrupted;
  }
  if (drawing === undefined || diagram === undefined) return exitCodes.ok;
  const page = await drawing.showDiagram(diagram.recorder.diagram(), options, { lang: options.lang, style, write, signal: io.interrupt, shown });
  if (page === undefined) return exitCodes.ok;
  // The page's line on stderr: where it was written (as `import -o` says), or why not.
  io.err(`${page.line}\n`);
  return page.failed ? exitCodes.badInput : exitCodes.ok;
}
