// `tool-call-playground replay-stream <file|-> [--provider <p>]`: reads a provider's response
// stream as it was logged (SSE text, or one JSON event per line), tells which provider sent it,
// rebuilds the assistant message with the same parsers and consumer the playground uses, and
// narrates it event by event; `--json` prints only the rebuilt message. Events the parser does not
// use are listed and skipped, unreadable lines are listed, and a stream that ends early yields its
// partial message and says where it stopped — real captures are what this is for.
import { readFile } from "node:fs/promises";
import { Option, type Command } from "commander";
import { languages, type Language } from "../fixture/fixture-format.ts";
import { streamCatalogs } from "../i18n/stream-catalog.ts";
import { displayPath } from "../render/error-line.ts";
import { prettyJson } from "../render/format.ts";
import { StreamNarrator, visible } from "../render/stream-narration.ts";
import { colorLevel, terminalStyle } from "../render/terminal-style.ts";
import { consumeStream } from "../stream/consume-stream.ts";
import { wireProviders, type WireProvider } from "../wire/wire-request.ts";

/** The slice of the CLI's io this command needs (cli.ts passes its own). */
export interface ReplayIO {
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
  isTTY: boolean;
  colorDepth?: number;
  /** Reads all of stdin, for `-`. */
  readStdin?: () => Promise<string>;
}

interface ReplayOptions {
  provider?: WireProvider;
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
    .description("rebuild an assistant message from a captured provider stream (SSE text or JSON Lines) and narrate it event by event")
    .argument("<file>", "the captured stream, or - for stdin")
    .addOption(new Option("--provider <provider>", "which provider sent it (detected from the events when left out)").choices(wireProviders))
    .addOption(new Option("--lang <lang>", "language of the narration").choices(languages).default("zh"))
    .option("--json", "print only the rebuilt message (Pi's AssistantMessage shape) as JSON")
    .action(async (file: string, options: ReplayOptions) => setExit(await replayStream(file, options, io)));
}

export async function replayStream(file: string, options: ReplayOptions, io: ReplayIO): Promise<number> {
  const say = streamCatalogs[options.lang];
  const shown = file === "-" ? "<stdin>" : displayPath(file);
  let text: string;
  try {
    text = file === "-" ? await (io.readStdin ?? readAllStdin)() : await readFile(file, "utf8");
  } catch (error) {
    io.err(`${say.replayUnreadable(shown, error instanceof Error ? error.message : String(error))}\n`);
    return 1;
  }
  // Loaded here: only this command needs every provider's parser.
  const [{ readSse }, { detectProvider, parseWireStream }] = await Promise.all([import("../providers/sse.ts"), import("../providers/wire-stream.ts")]);
  const { frames, problems } = readSse(text);
  if (frames.length === 0) {
    const first = problems[0];
    io.err(`${say.replayUnreadable(first ? `${shown}:${first.line}` : shown, first ? first.message : "no events")}\n`);
    return 1;
  }
  const provider = options.provider ?? detectProvider(frames);
  if (!provider) {
    io.err(`${shown}: ${say.replayUnknownProvider(wireProviders.join(", "))}\n`);
    return 1;
  }
  const parsed = parseWireStream(provider, frames);
  const write = (line: string) => io.out(`${line}\n`);
  const narrator = options.json ? undefined : new StreamNarrator(say, await terminalStyle(colorLevel(io.env, io.isTTY, io.colorDepth)), write);
  if (!options.json) {
    write(say.replayDetected(provider, frames.length));
    for (const problem of problems) write(`    ${shown}:${problem.line}: ${visible(problem.message)}`);
  }
  const ending = await consumeStream(
    (async function* () {
      yield* parsed.events;
    })(),
    { onEvent: narrator && ((event, progress) => narrator.onStreamEvent(event, progress)) },
  );
  if (options.json) {
    write(prettyJson(ending.message));
    return 0;
  }
  if (parsed.skipped.length > 0) write(say.replaySkipped(parsed.skipped.length, visible(countTypes(parsed.skipped))));
  for (const problem of parsed.problems) write(`    ${visible(problem)}`);
  if (ending.unterminated) {
    const last = frames[frames.length - 1];
    write(say.replayStoppedEarly(frames.length, visible(lastType(last?.event, last?.data))));
  }
  write(say.replayMessage);
  for (const line of prettyJson(ending.message).split("\n")) write(`    ${line}`);
  return 0;
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

async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString("utf8");
}
