// `tool-call-playground replay-stream <file|-> [--provider <p>]`: reads a provider's response
// stream as it was logged (SSE text, or one JSON event per line), tells which provider sent it,
// rebuilds the assistant message with the same parsers and consumer the playground uses, and
// narrates it event by event; `--json` prints only the rebuilt message. Events the parser does not
// use are listed and skipped, unreadable lines are listed, and a stream that ends early yields its
// partial message and says where it stopped — real captures are what this is for. Everything it
// says is in the run's --lang, given before `replay-stream` (default zh) or after it (which wins).
import { type Language, languages } from "../../fixture/fixture-format.ts";
import { visible } from "../../io/sanitize.ts";
import { prettyJson } from "../../narration/display-text.ts";
import { loadCatalog } from "../../narration/load-catalog.ts";
import { MarkedLines } from "../../narration/marked-lines.ts";
import { colorLevel, terminalStyle } from "../../narration/terminal-style.ts";
import { type ProviderId, providerIds } from "../../providers/registry.ts";
import type { CliIO } from "../shared/command-io.ts";
import { type Command, Option } from "../shared/commander.ts";
import { exitCodes } from "../shared/exit-codes.ts";
import { withMainOptions } from "../shared/options.ts";

/** The slice of the CLI's io this command needs (cli.ts passes its own). */
export type ReplayIO = Pick<CliIO, "out" | "err" | "env" | "isTTY" | "colorDepth" | "stdin" | "interrupt">;

interface ReplayOptions {
  provider?: ProviderId;
  json?: boolean;
  lang: Language;
}

/** Adds the subcommand; `setExit` receives its exit code (0, or 1 for unreadable input). */
export function registerReplayStream(program: Command, io: ReplayIO, setExit: (code: number) => void): void {
  // Without this, commander would write "[command]" into the main usage line; the fixture run is
  // still the main use, and the subcommand is listed under "Commands".
  program.usage("[options] [fixture]");
  program
    .command("replay-stream")
    .description(
      "rebuild an assistant message from a captured provider stream (SSE text or JSON Lines) and narrate it event by event; --json prints only the message, --lang picks the narration's language",
    )
    .argument("<file>", "the captured stream, or - for stdin")
    .addOption(new Option("--provider <provider>", "which provider sent it (detected from the events when left out)").choices(providerIds))
    .addOption(new Option("--lang <lang>", "language of the narration (default: zh)").choices(languages))
    .option("--json", "print only the rebuilt message (Pi's AssistantMessage shape) as JSON")
    .action(async (file: string, own: Partial<ReplayOptions>, command: Command) => {
      const { provider, json, lang } = withMainOptions(own, command);
      setExit(await replayStream(file, { ...(provider ? { provider } : {}), json: json === true, lang: lang ?? "zh" }, io));
    });
}

export async function replayStream(file: string, options: ReplayOptions, io: ReplayIO): Promise<number> {
  // Loaded only here: a plain run, which registers this command too, should not pay for them.
  const [
    { loadStreamCatalog },
    { loadReplayStreamMessages },
    { loadInputMessages },
    { readInputText },
    { displayPath },
    { StreamNarrator },
    { assembleEvents },
  ] = await Promise.all([
    import("../../narration/load-stream-catalog.ts"),
    import("./load-replay-stream-messages.ts"),
    import("../shared/load-input-messages.ts"),
    import("../../io/read-input.ts"),
    import("../../narration/error-line.ts"),
    import("../../narration/stream-narration.ts"),
    import("../../agent/stream-assembler.ts"),
  ]);
  const [streamSay, say, input] = await Promise.all([loadStreamCatalog(options.lang), loadReplayStreamMessages(options.lang), loadInputMessages(options.lang)]);
  const shown = file === "-" ? "<stdin>" : displayPath(file);
  // The one reader: bounded, regular files only (a FIFO with no writer or /dev/zero never ends),
  // strict UTF-8, within the nesting limit, stopped by Ctrl-C.
  const read = await readInputText(file, io.stdin ?? process.stdin, { signal: io.interrupt });
  if (!read.ok && read.problem.kind === "interrupted") return exitCodes.interrupted;
  if (!read.ok) {
    io.err(`${visible(say.unreadable(shown, input.readProblem(read.problem)))}\n`);
    return exitCodes.badInput;
  }
  const { text } = read;
  // Loaded here: only this command needs every provider's parser.
  const [{ readSse }, { detectStreamProvider, loadAllParts }] = await Promise.all([
    import("../../providers/shared/sse.ts"),
    import("../../providers/registry.ts"),
  ]);
  const partsOf = await loadAllParts();
  const { frames, problems } = readSse(text);
  if (frames.length === 0) {
    const first = problems[0];
    io.err(`${visible(say.unreadable(first ? `${shown}:${first.line}` : shown, first ? first.message : say.noEvents))}\n`);
    return exitCodes.badInput;
  }
  const provider = options.provider ?? detectStreamProvider(frames, partsOf);
  if (!provider) {
    io.err(`${say.unknownProvider(visible(shown), providerIds.join(", "))}\n`);
    return exitCodes.badInput;
  }
  const parsed = partsOf(provider).stream.parse(frames);
  const write = (line: string) => io.out(`${line}\n`);
  if (options.json) {
    const { message } = assembleEvents(parsed.events);
    write(prettyJson(message));
    return exitCodes.ok;
  }
  const style = await terminalStyle(colorLevel(io.env, io.isTTY, io.colorDepth));
  const narration = await loadCatalog(options.lang);
  const catalog = () => narration;
  // Marked like the transcript: what the app found out is the app's, the rebuilt message the model's.
  const lines = new MarkedLines(style, write, catalog);
  const narrator = new StreamNarrator(catalog, streamSay, style, write);
  lines.line("app", say.detected(provider, frames.length));
  for (const problem of problems) lines.data("app", `${shown}:${problem.line}: ${problem.message}`, "failure");
  const ending = assembleEvents(parsed.events, (event, progress) => narrator.onStreamEvent(event, progress));
  if (parsed.skipped.length > 0) lines.line("app", say.skipped(parsed.skipped.length, countTypes(parsed.skipped)), "note");
  for (const problem of parsed.problems) lines.data("app", problem, "failure");
  if (ending.unterminated) {
    const last = frames[frames.length - 1];
    lines.line("app", say.stoppedEarly(frames.length, lastType(last?.event, last?.data)), "failure");
  }
  lines.line("app", say.messageHeading);
  for (const line of prettyJson(ending.message).split("\n")) lines.data("model", line);
  return exitCodes.ok;
}

/** `ping ×3, message_stop`: each type once, with how often it came. */
function countTypes(types: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const type of types) counts.set(type, (counts.get(type) ?? 0) + 1);
  return [...counts].map(([type, count]) => (count > 1 ? `${type} ×${count}` : type)).join(", ");
}

function lastType(event: string | undefined, data: unknown): string {
  if (event) return event;
  if (typeof data === "object" && data !== null && "type" in data && typeof data.type === "string") return data.type;
  return typeof data === "string" ? data : "data";
}
